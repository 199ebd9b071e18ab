import { datesOfWeek, formatSchoolTime } from '@schoolflow/contracts';
import { withDb } from './api.js';
import { schoolDate } from './workflow.js';

/**
 * The demo school's timetable as the dated-change tests need it (make-up classes, class swaps, loans over lessons).
 * The demo seed publishes the current semester's timetable, made by the automatic scheduler, so the tests never assume
 * where a lesson is: they find it.
 */

export interface Semester {
  id: string;
  teachingStart: string;
  teachingEnd: string;
}

export interface DemoIds {
  semester: Semester;
  /** 高一(1)班 and 高一(2)班. */
  class1: string;
  class2: string;
  maths: string;
  chinese: string;
  teacher: string;
  headteacher: string;
  office: string;
  /** 高一(1)班's home room (A101). */
  homeRoom: string;
}

/** A lesson of a date as `timetable_on` answers it. */
export interface DayRow {
  date: string;
  period: number;
  class_id: string | null;
  teaching_class_id: string | null;
  course_id: string;
  teacher_id: string;
  classroom_id: string | null;
  lesson_id: string;
  change: string | null;
  change_id: string | null;
  pending: boolean;
  /** Taken away by a request under review: it holds its time until that passes. */
  leaving: boolean;
}

let cached: DemoIds | undefined;

/** The demo school's ids the tests name, once the current semester has a published timetable (`fresh`: read again). */
export async function demoTimetable(fresh = false): Promise<DemoIds> {
  if (cached && !fresh) return cached;
  cached = await withDb(async (c) => {
    const semester = (
      await c.query(`SELECT id, to_char(teaching_start, 'YYYY-MM-DD') AS "teachingStart", to_char(teaching_end, 'YYYY-MM-DD') AS "teachingEnd" FROM semester WHERE is_current`)
    ).rows[0] as Semester;
    if (!(await c.query(`SELECT 1 FROM timetable WHERE semester_id = $1 AND state = 'published'`, [semester.id])).rowCount) throw new Error('the demo school has no published timetable');
    const one = async (sql: string, args: unknown[] = []) => (await c.query(sql, args)).rows[0]?.id as string;
    return {
      semester,
      class1: await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`),
      class2: await one(`SELECT id FROM admin_class WHERE name = '高一(2)班'`),
      maths: await one(`SELECT id FROM course WHERE code = 'MATH'`),
      chinese: await one(`SELECT id FROM course WHERE code = 'CHN'`),
      teacher: await one(`SELECT id FROM sys_user WHERE account = 'teacher'`),
      headteacher: await one(`SELECT id FROM sys_user WHERE account = 'headteacher'`),
      office: await one(`SELECT id FROM sys_user WHERE account = 'office'`),
      homeRoom: await one(`SELECT classroom_id AS id FROM admin_class WHERE name = '高一(1)班'`),
    };
  });
  return cached;
}

/** The dates (Monday first; the five school days, or the whole week) of the semester's teaching week `week`. */
export function weekDates(ids: DemoIds, week: number, days = 5): string[] {
  return datesOfWeek(ids.semester.teachingStart, week, days);
}

/**
 * The lessons of a date. `withPending` (default): every lesson holding its time — with the requests under review
 * applied, and the lessons they take away until they pass (`leaving`); false: the timetable as passed changes made it.
 */
export async function lessonsOn(date: string, withPending = true): Promise<DayRow[]> {
  const columns = `to_char(date, 'YYYY-MM-DD') AS date, period, class_id, teaching_class_id, course_id, teacher_id, classroom_id, lesson_id, change, change_id, pending`;
  const sql = withPending
    ? `SELECT ${columns}, false AS leaving FROM timetable_on($1::date, $1::date, true)
       UNION ALL SELECT ${columns}, true FROM timetable_on($1::date, $1::date, false) o
        WHERE NOT EXISTS (SELECT 1 FROM timetable_on($1::date, $1::date, true) n WHERE n.lesson_id = o.lesson_id)
       ORDER BY period`
    : `SELECT ${columns}, false AS leaving FROM timetable_on($1::date, $1::date, false) ORDER BY period`;
  return withDb(async (c) => (await c.query(sql, [date])).rows as DayRow[]);
}

/** The periods of the school day, in order. */
export async function periodNumbers(): Promise<number[]> {
  return withDb(async (c) => ((await c.query(`SELECT no FROM lesson_period ORDER BY no`)).rows as { no: number }[]).map((r) => r.no));
}

/**
 * The first date of the teaching weeks from `fromWeek` on that `want` accepts, given its lessons: each test finds its own
 * lessons and free time. Weekends count when `days` is 7 (a make-up may be on a Saturday, when a dense week has no free
 * period left).
 */
export async function findDate(ids: DemoIds, fromWeek: number, want: (lessons: DayRow[], periods: number[], date: string) => boolean, days = 5): Promise<string> {
  const periods = await periodNumbers();
  for (let week = fromWeek; week < fromWeek + 10; week++) {
    for (const date of weekDates(ids, week, days)) {
      if (date > ids.semester.teachingEnd) break;
      if (want(await lessonsOn(date), periods, date)) return date;
    }
  }
  throw new Error(`no date from week ${fromWeek} fits`);
}

/** The teaching classes a class's students go to (走班): their lessons hold the class's time (`freePeriods`' `shared`). */
export async function walkedBy(classId: string): Promise<string[]> {
  return withDb(async (c) => (await c.query(`SELECT DISTINCT ts.teaching_class_id AS id FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id WHERE s.class_id = $1`, [classId])).rows.map((r: { id: string }) => r.id));
}

/**
 * Periods of a date where neither the class (nor a teaching class in `shared`: its students' own), nor the teacher, nor
 * the room has a lesson.
 */
export function freePeriods(lessons: readonly DayRow[], periods: readonly number[], who: { classId: string; teacherId: string; roomId?: string | null; shared?: readonly string[] }): number[] {
  const ofClass = (l: DayRow) => l.class_id === who.classId || (l.teaching_class_id !== null && (who.shared ?? []).includes(l.teaching_class_id));
  return periods.filter((p) => !lessons.some((l) => l.period === p && (ofClass(l) || l.teacher_id === who.teacherId || (who.roomId != null && l.classroom_id === who.roomId))));
}

/**
 * The first teaching week (1-based) of the semester whose Monday is after today (school time): a make-up or a swap
 * may still be asked for on any of its days. The tests count their weeks from it, so they ask for dates still to come
 * whenever they run (while the demo's current semester has weeks left).
 */
export function nextWeek(ids: DemoIds): number {
  const today = formatSchoolTime(Date.now()).slice(0, 10);
  for (let week = 1; week < 60; week++) if ((weekDates(ids, week)[0] ?? '') > today) return week;
  throw new Error('the semester has no week left');
}

/**
 * A date still to come outside every semester's teaching weeks: the Monday after the current semester's teaching ends
 * (its exam weeks, before the next semester begins).
 */
export function afterTeaching(ids: DemoIds): string {
  const end = Date.parse(`${ids.semester.teachingEnd}T00:00:00Z`);
  const day = new Date(end).getUTCDay();
  return new Date(end + ((8 - day) % 7 || 7) * 86_400_000).toISOString().slice(0, 10);
}

/** A date before today, school time (a date in the past: refused). */
export function yesterday(): string {
  return schoolDate(-1);
}

/**
 * Moves a request's time into the past, as if its first period had begun a minute ago: its start event's `startsAt`
 * (what its timer reads; events are append-only, so the guard is lifted for this one statement, in a transaction no
 * one else sees half done) and the read model's `due_at` (what the engine's sweep reads). The next sweep
 * (TIMER_SWEEP_SECONDS) expires it as it would at that time.
 */
export async function beginNow(flow: string, id: string): Promise<void> {
  await withDb(async (c) => {
    await c.query('BEGIN');
    try {
      const past = new Date(Date.now() - 60_000).toISOString();
      await c.query(`ALTER TABLE events DISABLE TRIGGER events_no_change`);
      const moved = await c.query(`UPDATE events SET data = jsonb_set(data, '{startsAt}', to_jsonb($2::text)) WHERE stream_id = $1 AND version = 1 AND data ? 'startsAt'`, [`${flow}-${id}`, past]);
      await c.query(`ALTER TABLE events ENABLE TRIGGER events_no_change`);
      if (moved.rowCount !== 1) throw new Error(`${flow} ${id} has no start time to move`);
      await c.query(`UPDATE wf_instance SET due_at = $2 WHERE id = $1`, [id, past]);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    }
  });
}

/** The first week (1-based) of the semester whose Monday is more than a week from now: a loan may still be asked for then. */
export function futureWeek(ids: DemoIds): number {
  const soon = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  for (let week = 1; week < 60; week++) if ((weekDates(ids, week)[0] ?? '') > soon) return week;
  throw new Error('the semester has no week left');
}
