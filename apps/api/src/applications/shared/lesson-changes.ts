import { type BothNames, type DatedPlacement, datedClashes, formatSchoolTime, type Language, type LessonPeriod, MessageType, parseSchoolTime, periodNames, resources, timetableWeekPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { holdStillPending, reviewMoved } from './effect-checks.js';
import { settleBookings } from './room-bookings.js';
import { requestHold, settlementOf } from './hold-settlement.js';
import type { FlowHold, HeldRows } from '../../workflow/domain/flow-hold.js';
import { classSizeSql } from '../../timetable/domain/class-size.js';
import { type CalendarDb, type CalendarLesson, lessonsConcerning, loanedSlots, type RoomSlot } from '../../timetable/domain/lesson-calendar.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type NotificationInput, passedBy, type PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { ApplicationErrors } from '../applications.errors.js';

/**
 * What the flows that change a class's lessons on dates share (make-up classes, class swaps; docs/product/timetable.md#dated-changes): the class
 * as their start reads it, when the request's periods begin, the one clash check before a change is held, the hold
 * itself (rows of `lesson_change` and the rooms' `classroom_booking` written in the start's own statement, so the
 * database's constraints decide between two requests — or a request and a classroom loan — sent at once), its settling
 * when the request ends, and telling the class once it passes.
 */

/** The class of a request: its names, head teacher, room, size, and whom it concerns (its students and parents). */
export interface ChangeClass {
  id: string;
  name: BothNames;
  headTeacherId: string | null;
  classroomId: string | null;
  /** Its students taught (`classSizeSql`): what its room must seat. */
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
            'size', ${classSizeSql('c')},
            'audience', coalesce((SELECT array_agg(DISTINCT a.id) FROM (
                SELECT s.user_id AS id FROM student s WHERE s.class_id = c.id AND s.status = 'enrolled'
                UNION SELECT g.user_id FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = c.id AND s.status = 'enrolled'
                UNION SELECT sg.user_id FROM student_guardian sg JOIN student s ON s.id = sg.student_id WHERE s.class_id = c.id AND s.status = 'enrolled'
              ) a WHERE a.id IS NOT NULL), '{}'))
          FROM admin_class c WHERE c.id = ${param}::uuid) AS class`;
}

/** A date and a period a request takes or gives (a make-up's periods; a swap's two places). */
export interface DatedPeriod {
  date: string;
  period: number;
}

/** 422 when a date is before today in the school's time zone: a make-up or a swap changes lessons still to come. */
export function refusePastDates(dates: readonly string[], timeZone: string, now = Date.now()): void {
  const today = formatSchoolTime(now, timeZone).slice(0, 10);
  const past = [...dates].sort().find((d) => d < today);
  if (past !== undefined) throw ApplicationErrors.dateInPast(past);
}

/**
 * When the first of the places begins (ISO instant) — a request nobody has decided by then expires, so one whose first
 * period has begun already is refused (422) — and each place's period named in both languages as the school calls it.
 * Every period must exist (422 otherwise): the places are checked against `periods`, the school's.
 */
export function whenItBegins<P extends readonly DatedPeriod[]>(places: P, periods: readonly LessonPeriod[], timeZone: string, now = Date.now()): { startsAt: string; names: { [K in keyof P]: BothNames } } {
  const found = places.map((place) => {
    const period = periods.find((p) => p.no === place.period);
    if (!period) throw ApplicationErrors.periodMissing(place.period);
    return { place, period, at: parseSchoolTime(`${place.date} ${period.start}`, timeZone) ?? Number.NaN };
  });
  const first = [...found].sort((a, b) => a.at - b.at)[0];
  if (!first) throw ApplicationErrors.periodsRequired();
  if (!(first.at > now)) throw ApplicationErrors.periodBegun(first.place.date, first.place.period);
  // one name for each place, in order (the type says so of a tuple of places)
  return { startsAt: new Date(first.at).toISOString(), names: found.map((f) => periodNames(f.period)) as { [K in keyof P]: BothNames } };
}

/** A lesson placed by a change, and the lessons it replaces there (a swap's other lesson leaves as it comes). */
export interface Placement extends DatedPlacement {
  leaving?: readonly string[];
}


/**
 * What a change's lessons would meet on their dates (`readSurroundings`): every lesson there of the class (and of the
 * teaching classes its students go to), of some teachers or in some rooms — pending changes included — and which of
 * some room slots a classroom loan, pending or passed, holds.
 */
export interface ChangeSurroundings {
  lessons: CalendarLesson[];
  loaned: RoomSlot[];
}

/** Nothing around: what a start reads when there is no class to place lessons of. */
export const NOTHING_AROUND: ChangeSurroundings = { lessons: [], loaned: [] };

/**
 * Reads what lessons placed on `dates` could clash with (`refuseClashes` decides): the lessons concerning the class, the
 * teachers and the rooms, and the loans of the rooms' `slots` (their periods' times in the school's time zone).
 */
export async function readSurroundings(
  db: CalendarDb,
  q: { classId: string; dates: readonly string[]; teacherIds: readonly string[]; classroomIds: readonly string[]; slots: readonly RoomSlot[] },
  timeZone: string,
  lang: Language = 'zh',
): Promise<ChangeSurroundings> {
  const [lessons, loaned] = await Promise.all([
    lessonsConcerning(db, { dates: q.dates, classId: q.classId, teacherIds: [...new Set(q.teacherIds)], classroomIds: [...new Set(q.classroomIds)] }, lang),
    loanedSlots(db, q.slots, timeZone),
  ]);
  return { lessons, loaned };
}

/**
 * Refuses (422 上课时间冲突) when a lesson placed by a change would meet another lesson of its class (or of a teaching
 * class its students go to), of its teacher or in its room — pending changes included — or a classroom loan, pending
 * or passed, of its room at the period's time. Pure, on what was read (`around`, holding at least the placements'
 * dates, teachers, rooms and room slots). The clash rule is the timetable's one (`datedClashes`). It answers the common
 * case with its reasons; two requests sent at once are decided by the hold's constraints (`holdChanges`).
 */
export function refuseClashes(classId: string, placements: readonly Placement[], around: ChangeSurroundings): void {
  if (placements.length === 0) return;
  const { lessons } = around;
  // the class and the teaching classes its students go to share students
  const ofClass = new Set([classId, ...lessons.filter((l) => l.ofClass).map((l) => l.section)]);
  const shares = (x: string, y: string) => ofClass.has(x) && ofClass.has(y);
  const clashes = placements.flatMap((p) => datedClashes(p, lessons, shares, new Set(p.leaving ?? [])).map((c) => ({ date: p.date, period: p.period, kind: c.kind })));
  if (clashes.length > 0) throw ApplicationErrors.lessonClash(clashes);
  const held = new Set(around.loaned.map((s) => `${s.date}|${s.period}|${s.classroomId}`));
  // each slot once, as two placements may share one (a lesson and the one it swaps with, in the same room)
  const loaned = [...new Map(roomSlotsOf(placements).map((s) => [`${s.date}|${s.period}|${s.classroomId}`, s])).entries()].filter(([key]) => held.has(key)).map(([, s]) => s);
  if (loaned.length > 0) throw ApplicationErrors.lessonClash(loaned.map((s) => ({ date: s.date, period: s.period, kind: 'room' })));
}

/** The room slots of some placements: where a loan of their rooms would clash (`readSurroundings`' `slots`). */
export function roomSlotsOf(placements: readonly Placement[]): RoomSlot[] {
  return placements.flatMap((p) => (p.classroomId ? [{ date: p.date, period: p.period, classroomId: p.classroomId }] : []));
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

/**
 * The constraints that refuse a second hold of the same time: the unique indexes of `lesson_change` (migration
 * 1732000026000) — one class, teacher or room per date and period, a lesson taken away once — and the rooms' exclusion
 * constraint (migration 1732000016000), which classroom loans write to as well.
 */
const HOLD_CONSTRAINTS = [
  'lesson_change_add_class',
  'lesson_change_add_teaching_class',
  'lesson_change_add_teacher',
  'lesson_change_add_room',
  'lesson_change_remove_class',
  'lesson_change_remove_teaching_class',
  'classroom_booking_no_overlap',
];

/**
 * The hold, written with the start's events in one statement (StartPlan.hold): the rows, pending, named by the instance,
 * and a booking of each room a lesson is added in, for the period's wall-clock time on its date in the school's time
 * zone (`timeZone`, the school's `periods`). Two requests sent at the same moment both pass the clash check, and the
 * constraints let one of them hold the time — two changes by the unique indexes, a change and a classroom loan by the
 * bookings' exclusion constraint: the other's whole start is refused (上课时间冲突) and nothing of it is written. The
 * booking's instants are worked out here rather than read from `lesson_period` in the statement, so the start's
 * metadata records them and a rebuild makes the same rows whatever the periods are by then.
 */
export function holdChanges(flow: 'make-up-class' | 'class-swap', rows: readonly ChangeRow[], periods: readonly LessonPeriod[], timeZone: string): { hold: HeldRows; refusals: Record<string, string> } {
  const instant = (date: string, hhmm: string) => new Date(parseSchoolTime(`${date} ${hhmm}`, timeZone) ?? Number.NaN).toISOString();
  const bookings = rows.flatMap((r) => {
    const p = periods.find((x) => x.no === r.period);
    // a period that does not exist was refused before (whenItBegins); it books nothing, as the join it replaces did
    return r.kind === 'add' && r.classroomId !== null && p ? [{ classroom_id: r.classroomId, period: `["${instant(r.date, p.start)}","${instant(r.date, p.end)}")` }] : [];
  });
  return {
    hold: {
      lesson_change: rows.map((r) => ({ flow, kind: r.kind, date: r.date, period: r.period, class_id: r.classId, course_id: r.courseId, teacher_id: r.teacherId, classroom_id: r.classroomId })),
      ...(bookings.length > 0 ? { classroom_booking: bookings } : {}),
    },
    refusals: Object.fromEntries(HOLD_CONSTRAINTS.map((name) => [name, 'timetable.errors.clash'])),
  };
}

/** A make-up's or a swap's hold as its events move it (FlowHold): the rule its effect (settleChanges) writes. */
export const changeHold = (definition: FlowDefinition): FlowHold => requestHold(definition, ['lesson_change', 'classroom_booking']);

/**
 * The effect of a committed event on a request's hold, on the event that decides it: passed, its rows and its rooms'
 * bookings stand (the lessons are the timetable's on those dates now) — if they are all still held, pending (docs/adr/0027:
 * a hold that is gone is not made to stand again; the instance says why); rejected, withdrawn or expired, they go and
 * the time is free again.
 */
export async function settleChanges(definition: FlowDefinition, { instanceId, before, after }: Pick<EffectInput, 'instanceId' | 'before' | 'after'>, db: CalendarDb): Promise<EffectOutcome | undefined> {
  const review = reviewMoved(definition, before, after);
  if (review === null) return undefined;
  const settle = settlementOf(review);
  if (settle === 'stand') {
    const refused = await holdStillPending(db, instanceId, [{ table: 'lesson_change', required: true }, { table: 'classroom_booking', required: false }]);
    if (refused) return refused;
    await db.query(`UPDATE lesson_change SET status = 'passed' WHERE instance_id = $1 AND status = 'pending'`, [instanceId]);
  } else if (settle === 'release') await db.query(`DELETE FROM lesson_change WHERE instance_id = $1`, [instanceId]);
  await settleBookings(review, instanceId, db);
  return undefined;
}

/**
 * The messages of a request that changes a class's lessons: the kit's review messages (`reviewed`), and when it
 * passes, one to each of the class's students and parents (`audience`) — once: messages are written once per event —
 * linking to the timetable's week (`week`), which they may read, not to the request, which they may not. A draft that
 * expired unsent is told as such: nobody could have decided it.
 */
export function tellAudience(
  definition: FlowDefinition,
  input: NotificationInput,
  reviewed: PlannedMessage[],
  told: { audience: readonly string[] | undefined; week: number | undefined; key: string; params: Record<string, unknown> },
): PlannedMessage[] {
  const out = input.event.type === 'EXPIRE' && definition.stateOf(input.before as never) === 'draft' ? reviewed.map((m) => (m.titleKey === 'messages.flowExpired.title' ? { ...m, titleKey: 'messages.flowDraftExpired.title', contentKey: 'messages.flowDraftExpired.content' } : m)) : reviewed;
  if (!passedBy(definition, input)) return out;
  const link = told.week !== undefined ? timetableWeekPage(told.week) : null;
  const already = new Set(out.map((m) => m.recipientId));
  for (const recipientId of new Set(told.audience ?? [])) {
    if (!already.has(recipientId)) out.push({ recipientId, type: MessageType.system, titleKey: `messages.${told.key}.title`, contentKey: `messages.${told.key}.content`, params: told.params, link });
  }
  return out;
}

/** A list of period numbers in both languages' words ("3、4" / "3, 4"), for messages. */
export function periodList(periods: readonly number[]): BothNames {
  return { zh: periods.join(resources.zh.web.common.listSeparator), en: periods.join(resources.en.web.common.listSeparator) };
}
