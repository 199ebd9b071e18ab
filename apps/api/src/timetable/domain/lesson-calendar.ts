import type { DatedLesson, Language, LessonPeriod } from '@schoolflow/contracts';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

/** Anything that answers rows: the engine's prepared statements, an effect's transaction, a test's client. */
export interface CalendarDb {
  query<R = unknown>(sql: string, params?: unknown[]): Promise<R>;
}

/** A lesson of a date with its names in the caller's language, and whether it is the class asked about's. */
export interface CalendarLesson extends DatedLesson {
  courseName: string;
  teacherName: string;
  className: string;
  classroomName: string | null;
  /** The class asked about's: its own lesson, or one of a teaching class its students go to. */
  ofClass: boolean;
}

/** The flow whose bookings of a room are loans (the others are make-ups' and swaps' lessons). */
export const LOAN_FLOW = 'classroom-loan';

/** A date, a period and a room: a time a lesson would hold that room. */
export interface RoomSlot {
  date: string;
  period: number;
  classroomId: string;
}

/**
 * The effective calendar of lessons (migration 1732000026000's `timetable_on`: each date's published template, less
 * what dated changes take away, plus what they add), read for what changes a timetable or a room — make-up classes,
 * class swaps, classroom loans. A request under review holds its time as a pending classroom loan holds its room, both
 * ways: what it adds is there from its start, and what it takes away stays there until it passes (were it refused, the
 * lesson would be back) — so every lesson either view of the timetable has holds its time. Hand-written SQL, one
 * statement per question: the questions are few and hot (every start asks them).
 */

/**
 * Every lesson that holds its time on the dates `from`..`to` (placeholders): the timetable with the requests under
 * review applied, and the lessons they take away (`leaving`) — those the timetable without them has and it has not.
 */
// Each view of the dates is read once (a CTE used twice is computed once), not again for every lesson compared.
const holding = (from: string, to: string) => `(
    WITH n AS (SELECT * FROM timetable_on(${from}, ${to}, true)), o AS (SELECT * FROM timetable_on(${from}, ${to}, false))
    SELECT n.*, false AS leaving FROM n
    UNION ALL
    SELECT o.*, true FROM o WHERE NOT EXISTS (SELECT 1 FROM n WHERE n.lesson_id = o.lesson_id AND n.date = o.date))`;

// The lessons of dates `$1`..`$2` that concern a class (`$4`; with the teaching classes its students go to), any of some
// teachers (`$5`) or any of some rooms (`$6`); names in the language `$3`.
const CONCERNING_SQL = `
  WITH sections AS (
    SELECT $4::uuid AS id WHERE $4::uuid IS NOT NULL
    UNION SELECT ts.teaching_class_id FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id WHERE s.class_id = $4::uuid
  )
  SELECT l.lesson_id AS id, to_char(l.date, 'YYYY-MM-DD') AS date, l.period, coalesce(l.class_id, l.teaching_class_id) AS section,
         l.class_id AS "classId", l.teaching_class_id AS "teachingClassId", l.course_id AS "courseId", l.teacher_id AS "teacherId",
         l.classroom_id AS "classroomId", l.change, l.change_id AS "changeId", l.pending, l.leaving,
         ${boundLocalName('co', '$3')} AS "courseName", u.name AS "teacherName", coalesce(${boundLocalName('c', '$3')}, tc.name) AS "className",
         cr.name AS "classroomName", coalesce(l.class_id, l.teaching_class_id) IN (SELECT id FROM sections) AS "ofClass"
    FROM ${holding('$1::date', '$2::date')} l
    JOIN course co ON co.id = l.course_id
    JOIN sys_user u ON u.id = l.teacher_id
    LEFT JOIN admin_class c ON c.id = l.class_id
    LEFT JOIN teaching_class tc ON tc.id = l.teaching_class_id
    LEFT JOIN classroom cr ON cr.id = l.classroom_id
   WHERE coalesce(l.class_id, l.teaching_class_id) IN (SELECT id FROM sections)
      OR l.teacher_id = ANY($5::uuid[])
      OR l.classroom_id = ANY($6::uuid[])
   ORDER BY l.date, l.period, "className"`;

// Which of the slots (dates `$1`, periods `$2`, rooms `$3`, zipped) a classroom loan, pending or passed, overlaps: the
// period's wall-clock times read on its date in the school's time zone (`$4`). Make-ups and swaps book the rooms of
// their lessons too (the same constraint decides between them and loans); those are lessons, asked about above.
const LOANED_SQL = `
  SELECT DISTINCT to_char(s.date, 'YYYY-MM-DD') AS date, s.period, s.classroom_id AS "classroomId"
    FROM unnest($1::date[], $2::int[], $3::uuid[]) AS s(date, period, classroom_id)
    JOIN lesson_period p ON p.no = s.period
    JOIN classroom_booking b ON b.classroom_id = s.classroom_id
    JOIN wf_instance i ON i.id = b.instance_id AND i.flow = '${LOAN_FLOW}'
   WHERE b.period && tstzrange((s.date + p.start_time::time) AT TIME ZONE $4::text, (s.date + p.end_time::time) AT TIME ZONE $4::text, '[)')`;

// Whether a room (`$1`) has a lesson whose time overlaps `$2`..`$3` (instants), on the dates that span covers in the
// school's time zone (`$4`).
const ROOM_BUSY_SQL = `
  SELECT EXISTS (
    SELECT 1 FROM ${holding('($2::timestamptz AT TIME ZONE $4::text)::date', '($3::timestamptz AT TIME ZONE $4::text)::date')} l
      JOIN lesson_period p ON p.no = l.period
     WHERE l.classroom_id = $1::uuid
       AND tstzrange((l.date + p.start_time::time) AT TIME ZONE $4::text, (l.date + p.end_time::time) AT TIME ZONE $4::text, '[)')
           && tstzrange($2::timestamptz, $3::timestamptz, '[)')) AS busy`;

/**
 * A column `periods`: the school's lesson periods (节次; LessonPeriod[] as json), in order, with their wall-clock times —
 * one subquery, so a request's start reads them with the rest of what it needs.
 */
export const LESSON_PERIODS_COLUMN = `coalesce((SELECT json_agg(json_build_object('no', no, 'name', name, 'start', start_time, 'end', end_time, 'part', part) ORDER BY no) FROM lesson_period), '[]'::json) AS periods`;

/** The school's lesson periods (节次), in order, with their wall-clock times. */
export async function lessonPeriods(db: CalendarDb): Promise<LessonPeriod[]> {
  const [row] = await db.query<{ periods: LessonPeriod[] }[]>(`SELECT ${LESSON_PERIODS_COLUMN}`, []);
  return row?.periods ?? [];
}

/** A semester whose teaching dates hold a date, as the requests of dates read it. */
export interface TeachingSemester {
  id: string;
  teachingStart: string;
  teachingEnd: string;
}

/**
 * The one question "which semester's teaching weeks hold this date" (a make-up's date, a swap's two, a day view's), as
 * a subquery of the date in `param` answering at most one row (`TeachingSemester`'s columns): a start puts it in its own
 * statement, `teachingSemesterOf` asks it alone.
 */
export function teachingSemesterSql(param: string): string {
  return `SELECT id, to_char(teaching_start, 'YYYY-MM-DD') AS "teachingStart", to_char(teaching_end, 'YYYY-MM-DD') AS "teachingEnd"
            FROM semester WHERE ${param}::date BETWEEN teaching_start AND teaching_end ORDER BY teaching_start LIMIT 1`;
}

/** The semester whose teaching dates hold a date (`YYYY-MM-DD`), or null: outside every semester's teaching weeks. */
export async function teachingSemesterOf(db: CalendarDb, date: string): Promise<TeachingSemester | null> {
  const [row] = await db.query<TeachingSemester[]>(teachingSemesterSql('$1'), [date]);
  return row ?? null;
}

/**
 * The lessons of some dates that concern a class (its own and its students' teaching classes'), some teachers or some
 * rooms — all a change of those needs to find what it would clash with, and all a day view shows. Each date is read on
 * its own: a swap's two dates may lie months apart, and the days between are nobody's business here.
 */
export async function lessonsConcerning(
  db: CalendarDb,
  q: { dates: readonly string[]; classId?: string | null; teacherIds?: readonly string[]; classroomIds?: readonly string[] },
  lang: Language,
): Promise<CalendarLesson[]> {
  const days = await Promise.all(
    [...new Set(q.dates)].sort().map((date) => db.query<CalendarLesson[]>(CONCERNING_SQL, [date, date, lang, q.classId ?? null, [...(q.teacherIds ?? [])], [...(q.classroomIds ?? [])]])),
  );
  return days.flat();
}

/** The slots a classroom loan (pending or passed) overlaps. */
export async function loanedSlots(db: CalendarDb, slots: readonly RoomSlot[], timeZone: string): Promise<RoomSlot[]> {
  if (slots.length === 0) return [];
  return db.query<RoomSlot[]>(LOANED_SQL, [slots.map((s) => s.date), slots.map((s) => s.period), slots.map((s) => s.classroomId), timeZone]);
}

/** Whether a room has a lesson holding its time (requests under review included) at any moment of `[start, end)` (ISO instants). */
export async function roomHasLessonDuring(db: CalendarDb, classroomId: string, start: string, end: string, timeZone: string): Promise<boolean> {
  const [row] = await db.query<{ busy: boolean }[]>(ROOM_BUSY_SQL, [classroomId, start, end, timeZone]);
  return row?.busy === true;
}
