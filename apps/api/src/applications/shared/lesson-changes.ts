import { type DatedPlacement, datedClashes, ErrorCode, type Language, resources } from '@schoolflow/contracts';
import type { AlsoWrite } from '@schoolflow/event-store';
import type { FlowDefinition } from '@schoolflow/workflows';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { type CalendarDb, lessonsConcerning, loanedSlots, type RoomSlot } from '../../timetable/domain/lesson-calendar.js';
import type { EffectInput } from '../../workflow/domain/flow-plugin.js';

/**
 * What the flows that change a class's lessons on dates share (make-up classes, class swaps; DESIGN.md §7): the class
 * as their start reads it, the one clash check before a change is held, the hold itself (rows of `lesson_change`
 * written in the start's own statement, so the database's unique indexes decide between two requests sent at once),
 * and its settling when the request ends.
 */

/** A name kept in both languages (the request keeps it; messages and refusals are read in the reader's). */
export interface BothNames {
  zh: string;
  en: string;
}

/** The class of a request: its names, head teacher, room, size, and whom it concerns (its students and parents). */
export interface ChangeClass {
  id: string;
  name: BothNames;
  headTeacherId: string | null;
  classroomId: string | null;
  /** Its students (as a class's headcount counts them: not transferred out, not graduated). */
  size: number;
  /** Its enrolled students' accounts and their parents' (`guardian`, `student_guardian.user_id`), each once. */
  audience: string[];
}

/**
 * A column `class` (ChangeClass as json, or null) of the class whose id is the parameter `param`: one subquery, so a
 * start reads it with the rest of what it needs in one round trip.
 */
export function changeClassSql(param: string): string {
  return `(SELECT json_build_object(
            'id', c.id, 'name', json_build_object('zh', c.name, 'en', coalesce(nullif(c.name_en, ''), c.name)),
            'headTeacherId', c.head_teacher_id, 'classroomId', c.classroom_id,
            'size', (SELECT count(*) FROM student s WHERE s.class_id = c.id AND s.status NOT IN ('transferred_out', 'graduated')),
            'audience', coalesce((SELECT array_agg(DISTINCT a.id) FROM (
                SELECT s.user_id AS id FROM student s WHERE s.class_id = c.id AND s.status = 'enrolled'
                UNION SELECT g.user_id FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = c.id AND s.status = 'enrolled'
                UNION SELECT sg.user_id FROM student_guardian sg JOIN student s ON s.id = sg.student_id WHERE s.class_id = c.id AND s.status = 'enrolled'
              ) a WHERE a.id IS NOT NULL), '{}'))
          FROM admin_class c WHERE c.id = ${param}::uuid) AS class`;
}

/** A lesson placed by a change, and the lessons it replaces there (a swap's other lesson leaves as it comes). */
export interface Placement extends DatedPlacement {
  leaving?: readonly string[];
}

/** 422 上课时间冲突 (school-business §8, verbatim): `data.clashes` says where and with what kind. */
export function clashRefusal(clashes: readonly { date: string; period: number; kind: string }[]): AppException {
  return AppException.unprocessable('timetable.errors.clash').withData({ clashes });
}

/**
 * Refuses (422 上课时间冲突) when a lesson placed by a change would meet another lesson of its class (or of a teaching
 * class its students go to), of its teacher or in its room — pending changes included — or a classroom loan, pending
 * or passed, of its room at the period's time. The clash rule is the timetable's one (`datedClashes`).
 */
export async function refuseClashes(db: CalendarDb, classId: string, placements: readonly Placement[], timeZone: string, lang: Language = 'zh'): Promise<void> {
  if (placements.length === 0) return;
  const rooms = [...new Set(placements.flatMap((p) => (p.classroomId ? [p.classroomId] : [])))];
  const lessons = await lessonsConcerning(db, { dates: placements.map((p) => p.date), classId, teacherIds: [...new Set(placements.map((p) => p.teacherId))], classroomIds: rooms }, lang);
  // the class and the teaching classes its students go to share students
  const ofClass = new Set([classId, ...lessons.filter((l) => l.ofClass).map((l) => l.section)]);
  const shares = (x: string, y: string) => ofClass.has(x) && ofClass.has(y);
  const clashes = placements.flatMap((p) => datedClashes(p, lessons, shares, new Set(p.leaving ?? [])).map((c) => ({ date: p.date, period: p.period, kind: c.kind })));
  if (clashes.length > 0) throw clashRefusal(clashes);
  const slots: RoomSlot[] = placements.flatMap((p) => (p.classroomId ? [{ date: p.date, period: p.period, classroomId: p.classroomId }] : []));
  const loaned = await loanedSlots(db, slots, timeZone);
  if (loaned.length > 0) throw clashRefusal(loaned.map((s) => ({ date: s.date, period: s.period, kind: 'room' })));
}

/** A row of `lesson_change` a request holds: a lesson it adds to a date, or a template lesson it takes from one. */
export interface ChangeRow {
  kind: 'add' | 'remove';
  date: string;
  period: number;
  classId: string;
  courseId: string;
  teacherId: string;
  classroomId: string | null;
}

/** The unique indexes of `lesson_change` (migration 1732000026000) that refuse a second hold of the same time. */
const HOLD_INDEXES = ['lesson_change_add_class', 'lesson_change_add_teaching_class', 'lesson_change_add_teacher', 'lesson_change_add_room', 'lesson_change_remove_class', 'lesson_change_remove_teaching_class'];

/**
 * The hold, written with the start's events in one statement: the rows, pending, named by the instance. Two requests
 * sent at the same moment both pass the clash check, and the unique indexes let one of them hold the time: the other's
 * whole start is refused (上课时间冲突) and nothing of it is written.
 */
export function holdChanges(flow: 'make-up-class' | 'class-swap', rows: readonly ChangeRow[]): { also: AlsoWrite; refusals: Record<string, string> } {
  const col = <K extends keyof ChangeRow>(k: K) => rows.map((r) => r[k]);
  return {
    also: (param, cte) => [
      `${cte('lessons')} AS (
        INSERT INTO lesson_change (instance_id, flow, kind, date, period, class_id, course_id, teacher_id, classroom_id)
        SELECT i.id, ${param(flow, 'text')}, r.kind, r.date, r.period, r.class_id, r.course_id, r.teacher_id, r.classroom_id
          FROM ${cte('inst')} i,
               unnest(${param(col('kind'), 'text[]')}, ${param(col('date'), 'date[]')}, ${param(col('period'), 'int[]')}, ${param(col('classId'), 'uuid[]')},
                      ${param(col('courseId'), 'uuid[]')}, ${param(col('teacherId'), 'uuid[]')}, ${param(col('classroomId'), 'uuid[]')})
                 AS r(kind, date, period, class_id, course_id, teacher_id, classroom_id))`,
    ],
    refusals: Object.fromEntries(HOLD_INDEXES.map((name) => [name, 'timetable.errors.clash'])),
  };
}

/**
 * The effect of a committed event on a request's hold: passed, its rows stand (the lessons are the timetable's on those
 * dates now); rejected or withdrawn, they go and the time is free again. Idempotent, as effects run once per event.
 */
export async function settleChanges(definition: FlowDefinition, { instanceId, after }: Pick<EffectInput, 'instanceId' | 'after'>, db: CalendarDb): Promise<void> {
  const review = definition.status(after as never).review;
  if (review === 'passed') await db.query(`UPDATE lesson_change SET status = 'passed' WHERE instance_id = $1 AND status = 'pending'`, [instanceId]);
  else if (review === 'rejected' || review === 'withdrawn') await db.query(`DELETE FROM lesson_change WHERE instance_id = $1`, [instanceId]);
}

/** A list of period numbers in both languages' words ("3、4" / "3, 4"), for messages. */
export function periodList(periods: readonly number[]): BothNames {
  return { zh: periods.join(resources.zh.web.common.listSeparator), en: periods.join(resources.en.web.common.listSeparator) };
}

/** 403 with the key's words: a refusal of who asks (not their lesson, not their course), with its parameters. */
export function notTheirs(key: string, params?: Record<string, unknown>): AppException {
  return new AppException(403, ErrorCode.FORBIDDEN, key, params);
}
