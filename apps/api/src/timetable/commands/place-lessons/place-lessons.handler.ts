import { Injectable } from '@nestjs/common';
import { type Clash, type ClashSubject, clashOf, type Language, type PlaceLessonsInput } from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminAudit } from '../../../admin/shared/admin-support.js';
import { dbErrorOf } from '../../../infrastructure/database/db-error.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { boundLocalName } from '../../../infrastructure/database/local-name.js';
import { roomFault } from '../../domain/room-rule.js';
import { type SectionFacts, sectionFacts } from '../../domain/section-facts.js';
import { lessonPeriods } from '../../domain/lesson-calendar.js';
import { schoolDays } from '../../domain/timetable-semesters.js';
import { insertLessons, type LessonRow, TimetableVersionsRepository } from '../../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../../timetable.errors.js';

/** Another lesson of the timetable that a new one may clash with, named for people. */
interface Other extends ClashSubject {
  className: string;
  courseName: string;
  teacherName: string;
}

// The timetable's other lessons at the same times that share a teacher, a room or students with the section's new ones.
const OTHERS_SQL = `
  SELECT l.weekday, l.period, coalesce(l.class_id, l.teaching_class_id) AS section, l.teacher_id AS "teacherId", l.classroom_id AS "classroomId",
         coalesce(${boundLocalName('c', '$6')}, tc.name) AS "className", ${boundLocalName('co', '$6')} AS "courseName", u.name AS "teacherName"
    FROM timetable_lesson l JOIN course co ON co.id = l.course_id JOIN sys_user u ON u.id = l.teacher_id
    LEFT JOIN admin_class c ON c.id = l.class_id LEFT JOIN teaching_class tc ON tc.id = l.teaching_class_id
   WHERE l.timetable_id = $1 AND coalesce(l.class_id, l.teaching_class_id) <> $2
     AND (l.teacher_id = ANY($3::uuid[]) OR l.classroom_id = ANY($4::uuid[]) OR l.class_id = ANY($5::uuid[]) OR l.teaching_class_id = ANY($5::uuid[]))`;

/**
 * Places a class's (or teaching class's) week in a draft timetable, as the editor saves it (docs/product/timetable.md#placing-lessons,
 * `PUT /api/timetable/lessons`): every lesson on a school day and an existing period, of a course the section is taught
 * this semester by that course's assigned teacher, in a room for lessons that seats the section; no two at one time
 * for the section, its teacher, its room or a section sharing its students (409 上课时间冲突, `data.clashes` naming
 * each). The draft's row is locked while it is checked and written, so two saves of one draft cannot pass each other;
 * the database's unique constraints are the last word.
 */
@Injectable()
export class PlaceLessons {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly audit: AdminAudit,
  ) {}

  async execute(body: PlaceLessonsInput, me: Principal, client: ClientInfo, lang: Language): Promise<{ lessons: number }> {
    const n = await this.db.transaction(async (tx) => {
      const version = await this.versions.draft(tx, body.timetableId);
      const section = await sectionFacts(tx, body, version.semesterId, lang);
      const rows = await this.checked(tx, body, section, lang);
      const clashes = await this.clashes(tx, version.id, section, rows, lang);
      if (clashes.length > 0) throw TimetableErrors.clash(clashes);
      await tx.query(`DELETE FROM timetable_lesson WHERE timetable_id = $1 AND (class_id = $2 OR teaching_class_id = $2)`, [version.id, section.id]);
      try {
        await insertLessons(tx, version.id, rows);
      } catch (err) {
        // another save of the timetable got there first (its constraints, not this check, saw it)
        if (dbErrorOf(err)?.code === '23505') throw TimetableErrors.clash([]);
        throw err;
      }
      return rows.length;
    });
    await this.audit.record(me, client, 'timetable-lessons.place', body.timetableId, { section: body.classId ?? body.teachingClassId, lessons: n });
    return { lessons: n };
  }

  /** Each lesson against the school's week, the section's courses and teachers, and the rooms (400 naming the first fault). */
  private async checked(tx: EntityManager, body: PlaceLessonsInput, section: SectionFacts, lang: Language): Promise<LessonRow[]> {
    const [days, periods] = await Promise.all([schoolDays(tx), lessonPeriods(tx)]);
    const periodNos = new Set(periods.map((p) => p.no));
    const roomIds = [...new Set(body.lessons.map((l) => l.classroomId).filter((id): id is string => id !== null))];
    const rooms = new Map(
      ((await tx.query(`SELECT id, name, seats, enabled AND for_classes AS usable FROM classroom WHERE id = ANY($1::uuid[])`, [roomIds])) as { id: string; name: string; seats: number; usable: boolean }[]).map((r) => [r.id, r]),
    );
    const rows: LessonRow[] = [];
    for (const l of body.lessons) {
      if (l.weekday > days) throw TimetableErrors.dayOutsideWeek(translate(lang, `timetable.weekdays.${l.weekday}`), days);
      if (!periodNos.has(l.period)) throw TimetableErrors.periodMissing(l.period);
      const taught = section.courses.get(l.courseId);
      if (!taught) throw TimetableErrors.courseNotTaught(section.name, await this.nameOf(tx, 'course', l.courseId, lang));
      if (taught.teacherId !== l.teacherId) throw TimetableErrors.teacherNotAssigned(await this.nameOf(tx, 'sys_user', l.teacherId, lang), section.name, taught.courseName);
      const fault = l.classroomId === null ? null : roomFault(rooms.get(l.classroomId), l.classroomId, section);
      if (fault) throw fault;
      rows.push({
        weekday: l.weekday,
        period: l.period,
        classId: section.kind === 'class' ? section.id : null,
        teachingClassId: section.kind === 'teachingClass' ? section.id : null,
        courseId: l.courseId,
        teacherId: l.teacherId,
        classroomId: l.classroomId,
      });
    }
    return rows;
  }

  /** Every clash of the new lessons, among themselves and with the timetable's others, named for the editor. */
  private async clashes(tx: EntityManager, timetableId: string, section: SectionFacts, rows: readonly LessonRow[], lang: Language): Promise<(Clash & { text: string })[]> {
    const mine = rows.map((r) => ({ weekday: r.weekday, period: r.period, section: section.id, teacherId: r.teacherId, classroomId: r.classroomId }));
    const others = (await tx.query(OTHERS_SQL, [
      timetableId,
      section.id,
      [...new Set(rows.map((r) => r.teacherId))],
      [...new Set(rows.map((r) => r.classroomId).filter((id) => id !== null))],
      [...section.shares],
      lang,
    ])) as Other[];
    const shares = (a: string, b: string) => (a === section.id && section.shares.has(b)) || (b === section.id && section.shares.has(a));
    const out: (Clash & { text: string })[] = [];
    const named = (o: Pick<Other, 'className' | 'courseName' | 'teacherName'>) => ({ className: o.className, courseName: o.courseName, teacherName: o.teacherName });
    mine.forEach((m, i) => {
      // two of the section's own at one time
      const twin = mine.findIndex((x, j) => j < i && x.weekday === m.weekday && x.period === m.period);
      if (twin >= 0) out.push(this.clash(m, 'class', { className: section.name, courseName: section.courses.get(rows[twin]!.courseId)?.courseName ?? '', teacherName: '' }, lang));
      for (const o of others) {
        const kind = clashOf(m, o, shares);
        if (kind) out.push(this.clash(m, kind, named(o), lang));
      }
    });
    return out;
  }

  private clash(at: ClashSubject, kind: Clash['kind'], other: Clash['with'], lang: Language): Clash & { text: string } {
    const what = translate(lang, `timetable.errors.clash${kind === 'class' ? 'Class' : kind === 'teacher' ? 'Teacher' : 'Room'}`, { other: [other.className, other.courseName, other.teacherName].filter(Boolean).join(' ') });
    return { weekday: at.weekday, period: at.period, kind, with: other, text: translate(lang, 'timetable.errors.clashAt', { day: translate(lang, `timetable.weekdays.${at.weekday}`), period: at.period, what }) };
  }

  private async nameOf(tx: EntityManager, table: 'course' | 'sys_user', id: string, lang: Language): Promise<string> {
    const sql = table === 'course' ? `SELECT ${boundLocalName('x', '$2')} AS name FROM course x WHERE x.id = $1` : `SELECT name FROM sys_user WHERE id = $1 AND $2::text IS NOT NULL`;
    const [row] = (await tx.query(sql, [id, lang])) as { name: string }[];
    return row?.name ?? id;
  }
}
