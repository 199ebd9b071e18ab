import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type EditorOptions, type Envelope, type Language, TimetablePermission } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ok } from '../../infrastructure/http/envelope.js';
import { Lang, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../infrastructure/http/valid-input.js';
import { editorOptions, sectionFacts } from '../domain/section-facts.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';

const id = (key: string) => z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid(key).optional());
const querySchema = z
  .object({ timetableId: z.string({ error: 'validation.timetableRequired' }).uuid('validation.timetableRequired'), classId: id('validation.sectionRequired'), teachingClassId: id('validation.sectionRequired') })
  .refine((q) => (q.classId === undefined) !== (q.teachingClassId === undefined), { message: 'validation.sectionRequired', path: ['classId'] });

/**
 * The editor's choices for one class or teaching class (排课): the courses it is taught this semester with their
 * assigned teacher, weekly periods and room type, and the rooms for lessons — so the grid offers only what the server
 * would accept.
 */
@ApiTags('timetable')
@Controller('api/timetable/editor-options')
@RequirePermissions(TimetablePermission.schedule)
export class EditorOptionsController {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Courses (with teacher, weekly periods, room type), rooms, home room and size of one class or teaching class, for a timetable of its semester' })
  async read(@ValidQuery(querySchema) q: z.infer<typeof querySchema>, @Lang() lang: Language): Promise<Envelope<EditorOptions>> {
    const version = await this.versions.get(this.db, q.timetableId);
    const section = await sectionFacts(this.db, q, version.semesterId, lang);
    return ok(await editorOptions(this.db, section, version.semesterId));
  }
}
