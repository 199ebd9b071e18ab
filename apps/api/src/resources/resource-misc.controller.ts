import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type JobProgress, type Language, OPTION_SOURCES, RESOURCES, type ResourceOption, ROLE_CODE_PATTERN, uuidText } from '@schoolflow/contracts';
import { z } from 'zod';
import { AppException } from '../infrastructure/http/app-exception.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidQuery } from '../infrastructure/http/valid-input.js';
import { ResourceImports } from './resource-imports.js';
import { isOptionSource, ResourceOptions } from './resource-options.js';
import { ResourceService } from './resource.service.js';
import { ResourceErrors } from './resources.errors.js';

const optionsQuery = z.object({
  keyword: z.string().max(100, 'validation.tooLong').optional(),
  /** `a,b,c`: the options of exactly these values (ids; for roles, their codes), at most 1000. */
  ids: z
    .string()
    .max(40_000, 'validation.tooLong')
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : null))
    .pipe(z.array(z.string()).max(1000, 'validation.tooLong').nullable()),
});

/** What a source's values are: role codes for roles, ids everywhere else (an id that is not a uuid reached `IN (…)` as a 500). */
const OPTION_VALUE = { roles: z.string().regex(ROLE_CODE_PATTERN).max(64), other: uuidText() };

/** The ids asked for, each a value of the source, else 400 naming the first that is not. */
function idsOf(source: string, ids: string[] | null): string[] | null {
  if (!ids) return null;
  const value = source === 'roles' ? OPTION_VALUE.roles : OPTION_VALUE.other;
  const bad = ids.find((id) => !value.safeParse(id).success);
  if (bad !== undefined) throw ResourceErrors.idsInvalid(bad.slice(0, 40));
  return ids;
}

/**
 * Whether the caller reads a resource of the kit whose records name records of `source` (reward management names
 * students): then its names are theirs to read and pick — the labels only (id, name, key), never the records.
 */
function referredToByWhatMayBeRead(source: string, me: Principal): boolean {
  return Object.values(RESOURCES).some((r) => r.name !== source && me.permissions.has(r.permissions.read) && Object.values(r.fields).some((f) => f.ref === source));
}

/** Options for pickers and reference labels (`/academic/options/{source}`), and a background job's state (`/jobs/{id}`). */
@ApiTags('academic')
@Controller()
export class ResourceMiscController {
  constructor(
    private readonly options: ResourceOptions,
    private readonly service: ResourceService,
    private readonly imports: ResourceImports,
  ) {}

  @Get('api/academic/options/:source')
  @ApiParam({ name: 'source', enum: [...Object.keys(RESOURCES), ...OPTION_SOURCES], description: 'a resource, or teachers, departments, roles' })
  @ApiOperation({ summary: "A resource's options (value, label, key), or teachers, departments, roles; by keyword (50) or by ids" })
  async list(@Param('source') source: string, @ValidQuery(optionsQuery) q: z.output<typeof optionsQuery>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ResourceOption[]>> {
    const keyword = (q.keyword ?? '').trim();
    const d = RESOURCES[source]; // a name table: `__proto__`, `constructor` name no resource
    if (!d && !isOptionSource(source)) throw AppException.notFound();
    const ids = idsOf(source, q.ids);
    if (ids && ids.length === 0) return ok([]); // `ids=,`: none asked for
    if (isOptionSource(source)) return ok(await this.options.ofSource(source, keyword, ids, lang));
    if (!d) throw AppException.notFound();
    const scope = d.optionsOpen || referredToByWhatMayBeRead(d.name, me) ? {} : await this.service.readScope(d, me);
    if (!scope) return this.service.refuse(me, client, `resource.${d.name}.options`, '');
    return ok(await this.options.ofResource(d, keyword, ids, scope, lang));
  }

  @Get('api/jobs/:id')
  @ApiOperation({ summary: "One of the caller's background jobs: state, done of total, result" })
  async job(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<JobProgress>> {
    if (!isUuid(id)) throw AppException.notFound();
    return ok(await this.imports.progress(id, me.userId));
  }
}
