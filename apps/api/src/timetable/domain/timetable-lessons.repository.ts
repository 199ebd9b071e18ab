import { Injectable } from '@nestjs/common';
import type { Language, Lesson } from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

type Db = Pick<EntityManager, 'query'>;

/**
 * Whose lessons: one class (with the teaching classes its students go to), one teaching class, one student's (their
 * class and their teaching classes), one teacher's, one room's, the foreign teachers'; none: every lesson.
 */
export interface LessonFilter {
  classId?: string;
  teachingClassId?: string;
  studentId?: string;
  teacherId?: string;
  classroomId?: string;
  foreign?: boolean;
}

/** The filter as SQL over a lesson row `l` (class_id, teaching_class_id, teacher_id, classroom_id), from `$first` on. */
function where(f: LessonFilter, first: number): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  const p = (v: unknown): string => {
    args.push(v);
    return `$${first + args.length - 1}`;
  };
  if (f.classId) {
    const c = p(f.classId);
    parts.push(`(l.class_id = ${c} OR l.teaching_class_id IN (SELECT ts.teaching_class_id FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id WHERE s.class_id = ${c}))`);
  }
  if (f.teachingClassId) parts.push(`l.teaching_class_id = ${p(f.teachingClassId)}`);
  if (f.studentId) {
    const s = p(f.studentId);
    parts.push(`(l.class_id = (SELECT class_id FROM student WHERE id = ${s}) OR l.teaching_class_id IN (SELECT teaching_class_id FROM teaching_class_student WHERE student_id = ${s}))`);
  }
  if (f.teacherId) parts.push(`l.teacher_id = ${p(f.teacherId)}`);
  if (f.classroomId) parts.push(`l.classroom_id = ${p(f.classroomId)}`);
  if (f.foreign) parts.push(`l.teacher_id IN (SELECT user_id FROM staff WHERE foreign_teacher)`);
  return { sql: parts.length > 0 ? parts.join(' AND ') : 'true', args };
}

// A lesson row `l` with its names; `$1` is the caller's language.
const NAMED = `
  l.weekday, l.period, l.course_id AS "courseId", ${boundLocalName('co', '$1')} AS "courseName", co.colour AS "courseColour",
  l.teacher_id AS "teacherId", u.name AS "teacherName", l.class_id AS "classId", l.teaching_class_id AS "teachingClassId",
  coalesce(${boundLocalName('c', '$1')}, tc.name) AS "className", l.classroom_id AS "classroomId", cr.name AS "classroomName"`;
const JOINS = `
  JOIN course co ON co.id = l.course_id
  JOIN sys_user u ON u.id = l.teacher_id
  LEFT JOIN admin_class c ON c.id = l.class_id
  LEFT JOIN teaching_class tc ON tc.id = l.teaching_class_id
  LEFT JOIN classroom cr ON cr.id = l.classroom_id`;

/**
 * Reading lessons (docs/product/timetable.md#inquiry): a timetable's weekly template, or the lessons of dates — the published
 * template of each date's semester with the passed make-ups and swaps applied (`timetable_on`, migration 26000).
 */
@Injectable()
export class TimetableLessonsRepository {
  constructor(private readonly db: DataSource) {}

  /** The weekly template of a timetable (`date` null). */
  async template(timetableId: string, filter: LessonFilter, lang: Language, db: Db = this.db): Promise<Lesson[]> {
    const w = where(filter, 3);
    return (await db.query(
      `SELECT l.id, NULL AS date, ${NAMED} FROM timetable_lesson l ${JOINS}
        WHERE l.timetable_id = $2 AND ${w.sql}
        ORDER BY l.weekday, l.period, "className"`,
      [lang, timetableId, ...w.args],
    )) as Lesson[];
  }

  /** The lessons of dates `from`..`to`, changes applied (passed ones; pending ones hold time but are not lessons yet). */
  async dated(from: string, to: string, filter: LessonFilter, lang: Language): Promise<Lesson[]> {
    const w = where(filter, 4);
    const rows = (await this.db.query(
      `SELECT l.lesson_id AS id, to_char(l.date, 'YYYY-MM-DD') AS date, ${NAMED}, l.change, l.change_id AS "changeId"
         FROM timetable_on($2::date, $3::date, false) l ${JOINS}
        WHERE ${w.sql}
        ORDER BY l.date, l.period, "className"`,
      [lang, from, to, ...w.args],
    )) as (Lesson & { change: Lesson['change'] | null; changeId: string | null })[];
    return rows.map(({ change, changeId, ...l }) => (change ? { ...l, change, changeId: changeId ?? undefined } : l));
  }
}
