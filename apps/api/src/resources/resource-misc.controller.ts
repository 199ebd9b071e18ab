import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type JobProgress, type Language, RESOURCES, type ResourceOption } from '@schoolflow/contracts';
import { z } from 'zod';
import { AppException } from '../infrastructure/http/app-exception.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidQuery } from '../infrastructure/http/valid-input.js';
import { ResourceImports } from './resource-imports.js';
import { isOptionSource, ResourceOptions } from './resource-options.js';
import { ResourceService } from './resource.service.js';

const optionsQuery = z.object({
  keyword: z.string().max(100, 'validation.tooLong').optional(),
  ids: z
    .string()
    .max(40_000, 'validation.tooLong')
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean).slice(0, 1000) : null)),
});

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
  @ApiOperation({ summary: "A resource's options (value, label, key), or teachers, departments, roles; by keyword (50) or by ids" })
  async list(@Param('source') source: string, @ValidQuery(optionsQuery) q: z.output<typeof optionsQuery>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ResourceOption[]>> {
    const keyword = (q.keyword ?? '').trim();
    if (isOptionSource(source)) return ok(await this.options.ofSource(source, keyword, q.ids, lang));
    const d = RESOURCES[source];
    if (!d) throw AppException.notFound();
    const scope = d.optionsOpen ? {} : await this.service.readScope(d, me);
    if (!scope) return this.service.refuse(me, client, `resource.${d.name}.options`, '');
    const ids = q.ids ? q.ids.filter(isUuid) : null;
    return ok(ids && ids.length === 0 ? [] : await this.options.ofResource(d, keyword, ids, scope, lang));
  }

  @Get('api/jobs/:id')
  @ApiOperation({ summary: "One of the caller's background jobs: state, done of total, result" })
  async job(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<JobProgress>> {
    if (!isUuid(id)) throw AppException.notFound();
    return ok(await this.imports.progress(id, me.userId));
  }
}
