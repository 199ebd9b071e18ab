import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Language, type NewVersionInput, newVersionSchema, TimetablePermission, type TimetableVersion } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { ValidBody, ValidQuery } from '../../infrastructure/http/valid-input.js';
import { semesterOf } from '../domain/timetable-semesters.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../timetable.errors.js';
import { CreateVersion } from './create-version.handler.js';
import { DeleteVersion } from './delete-version.handler.js';
import { PublishVersion } from './publish-version.handler.js';

const listSchema = z.object({ semesterId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid('validation.semesterRequired').optional()) });

/** An id in the path: anything that is not one is a timetable that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw TimetableErrors.timetableNotFound();
  return id;
};

/** A semester's timetables (排课): list, a new draft, publish, delete — for those who make timetables. */
@ApiTags('timetable')
@Controller('api/timetable/versions')
@RequirePermissions(TimetablePermission.schedule)
export class VersionsController {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly create: CreateVersion,
    private readonly publishing: PublishVersion,
    private readonly deleting: DeleteVersion,
  ) {}

  @Get()
  @ApiOperation({ summary: "A semester's timetables (the current semester's without semesterId): the published one first, then drafts and archived ones, newest first, each with its lessons, score and what it left out" })
  async list(@ValidQuery(listSchema) q: z.infer<typeof listSchema>, @Lang() lang: Language): Promise<Envelope<TimetableVersion[]>> {
    const semester = await semesterOf(this.db, q.semesterId, lang);
    return ok(await this.versions.list(semester.id, lang));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One timetable of a semester, as the list shows it' })
  async one(@Param('id') id: string, @Lang() lang: Language): Promise<Envelope<TimetableVersion>> {
    const v = await this.versions.one(known(id), lang);
    if (!v) throw TimetableErrors.timetableNotFound();
    return ok(v);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'A new draft timetable: empty, or a copy of one of the semester\'s (copyOf)' })
  async add(@ValidBody(newVersionSchema) body: NewVersionInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    return ok(await this.create.execute(body, me, client, lang), translate(lang, 'timetable.done.created'));
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: "Publish a draft: it becomes the semester's timetable and the one before is archived" })
  async publish(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ archived: string | null }>> {
    return ok(await this.publishing.execute(known(id), me, client), translate(lang, 'timetable.done.published'));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a draft or an archived timetable (not the published one)' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.deleting.execute(known(id), me, client);
    return ok(null, translate(lang, 'timetable.done.deleted'));
  }
}
