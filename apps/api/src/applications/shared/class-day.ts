import { type ClassDay, type ClassDayQuery, type DayLesson, inTeachingDates, type Language, periodLabel, readsEveryTimetable, weekdayOf } from '@schoolflow/contracts';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { lessonPeriods, lessonsConcerning, teachingSemesterOf } from '../../timetable/domain/lesson-calendar.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import { TimetableErrors } from '../../timetable/timetable.errors.js';

/**
 * What the forms of the flows that change a class's lessons show and offer (make-up classes, class swaps): the class's
 * day beside the form, and the choices of their fields — one source for both flows.
 */

/**
 * A class's lessons and the asking teacher's on a date (pending changes included: they hold their time), with the
 * periods and their times, the class's own room, and whether the date is in a semester's teaching weeks. For staff
 * alone — who read every timetable anyway (docs/adr/0026) — whatever a role's permissions say: the engine already
 * refuses it to whoever may not start the flow, and a student or a parent given that permission still reads no other
 * class's day (403).
 */
export async function classDay(db: Prepared, q: ClassDayQuery, actor: Principal, lang: Language): Promise<ClassDay> {
  if (!readsEveryTimetable(actor.userType)) throw AppException.forbidden();
  const [cls] = (await db.query(`SELECT ${boundLocalName('c', '$2')} AS name, c.classroom_id AS "homeRoomId" FROM admin_class c WHERE c.id = $1::uuid`, [q.classId, lang])) as { name: string; homeRoomId: string | null }[];
  if (!cls) throw TimetableErrors.sectionNotFound();
  const [semester, periods, lessons] = await Promise.all([
    teachingSemesterOf(db, q.date),
    lessonPeriods(db),
    lessonsConcerning(db, { dates: [q.date], classId: q.classId, teacherIds: [actor.userId] }, lang),
  ]);
  return {
    className: cls.name,
    date: q.date,
    weekday: weekdayOf(q.date),
    teaching: semester !== null && inTeachingDates(q.date, semester),
    periods,
    lessons: lessons.map((l): DayLesson => ({ ...l, mine: l.teacherId === actor.userId })),
    homeRoomId: cls.homeRoomId,
  };
}

type Option = { value: string; label: string };

// The classes and courses a teacher teaches in the current semester (teaching assignments), named in `$2`.
const TAUGHT_CLASSES_SQL = `SELECT DISTINCT c.id AS value, ${boundLocalName('c', '$2')} AS label, c.grade, c.sort
  FROM teaching_assignment ta JOIN semester s ON s.id = ta.semester_id AND s.is_current JOIN admin_class c ON c.id = ta.class_id
 WHERE ta.teacher_id = $1::uuid ORDER BY c.grade, c.sort, label`;
const TAUGHT_COURSES_SQL = `SELECT DISTINCT co.id AS value, ${boundLocalName('co', '$2')} AS label, co.sort
  FROM teaching_assignment ta JOIN semester s ON s.id = ta.semester_id AND s.is_current JOIN course co ON co.id = ta.course_id
 WHERE ta.teacher_id = $1::uuid ORDER BY co.sort, label`;
// Rooms lessons may be held in: enabled classrooms for classes.
const CLASSROOMS_SQL = `SELECT c.id AS value, c.name || ' · ' || ${boundLocalName('b', '$1')} AS label FROM classroom c JOIN building b ON b.id = c.building_id
 WHERE c.for_classes AND c.enabled ORDER BY b.name, c.sort, c.code`;
// Enabled teachers other than the one asking (whom a swap may name).
const TEACHERS_SQL = `SELECT DISTINCT u.id AS value, u.name || ' (' || u.account || ')' AS label, u.account
  FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
 WHERE r.code IN ('teacher', 'headteacher') AND r.enabled AND u.enabled AND u.id <> $1::uuid ORDER BY u.account`;

/**
 * The choices of a field of these flows' forms, for the teacher asking: the classes they teach, their courses (all of
 * them: the options are read before a class is chosen; the server checks the pair), the lesson periods with their
 * times, the classrooms for lessons, the other teachers.
 */
export async function teacherOptions(field: string, actor: Principal, db: Prepared, lang: Language): Promise<Option[]> {
  const rows = async (sql: string, args: unknown[]) => ((await db.query(sql, args)) as Option[]).map(({ value, label }) => ({ value, label }));
  switch (field) {
    case 'classId':
      return rows(TAUGHT_CLASSES_SQL, [actor.userId, lang]);
    case 'courseId':
      return rows(TAUGHT_COURSES_SQL, [actor.userId, lang]);
    case 'periods':
    case 'fromPeriod':
    case 'toPeriod':
      return (await lessonPeriods(db)).map((p) => ({ value: String(p.no), label: `${periodLabel(p, lang)} ${p.start}–${p.end}` }));
    case 'classroomId':
      return rows(CLASSROOMS_SQL, [lang]);
    case 'withTeacherId':
      return rows(TEACHERS_SQL, [actor.userId]);
    default:
      return [];
  }
}
