import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type EditorOptions, type Envelope, type Language, TimetablePermission } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ok } from '../../infrastructure/http/envelope.js';
import { Lang, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../infrastructure/http/valid-input.js';
import { localName } from '../domain/local-names.js';
import { sectionFacts } from '../domain/section-facts.js';
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
    const hours = (await this.db.query(
      `SELECT h.course_id AS "courseId", h.periods, h.room_type AS "roomType" FROM grade_course_hours h
        WHERE h.semester_id = $1 AND h.grade = (SELECT grade::text FROM admin_class WHERE id = $2
                                                 UNION ALL SELECT (mode() WITHIN GROUP (ORDER BY c.grade))::text FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id JOIN admin_class c ON c.id = s.class_id WHERE ts.teaching_class_id = $2 LIMIT 1)`,
      [version.semesterId, section.id],
    )) as { courseId: string; periods: number; roomType: string | null }[];
    const colours = new Map(((await this.db.query(`SELECT id, colour, ${localName('c', '$2')} AS name FROM course c WHERE id = ANY($1::uuid[])`, [[...section.courses.keys()], lang])) as { id: string; colour: string }[]).map((c) => [c.id, c.colour]));
    const rooms = (await this.db.query(`SELECT id, name, type, seats FROM classroom WHERE enabled AND for_classes ORDER BY sort, code`)) as EditorOptions['rooms'];
    const courses = [...section.courses.entries()].map(([courseId, c]) => {
      const h = hours.find((x) => x.courseId === courseId);
      return { courseId, courseName: c.courseName, courseColour: colours.get(courseId) ?? '', teacherId: c.teacherId, teacherName: c.teacherName, periods: h?.periods ?? 0, roomType: h?.roomType ?? null };
    });
    return ok({ courses, rooms, homeRoomId: section.homeRoomId, size: section.size });
  }
}
