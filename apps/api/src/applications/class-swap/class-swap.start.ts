import { type BothNames, type LessonPeriod, weekOfDate } from '@schoolflow/contracts';
import type { ClassSwapForm } from '@schoolflow/workflows/class-swap/class-swap.form.js';
import type { ClassSwapSubmitted, MovedLesson } from '@schoolflow/workflows/class-swap/class-swap.machine.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { type CalendarDb, type CalendarLesson, LESSON_PERIODS_COLUMN, lessonsConcerning, type TeachingSemester, teachingSemesterSql } from '../../timetable/domain/lesson-calendar.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import {
  type ChangeClass,
  changeClassSql,
  type ChangeRow,
  type ChangeSurroundings,
  holdChanges,
  NOTHING_AROUND,
  type Placement,
  readSurroundings,
  refuseClashes,
  refusePastDates,
  whenItBegins,
} from '../shared/lesson-changes.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

/**
 * 调课's start (docs/product/workflows.md#class-swap), read then decided: `readClassSwapStart` reads all the start needs,
 * `planClassSwapStart` decides on it alone — its refusals and the start. The machine's own rule (two different
 * lessons) is not restated here: the engine answers it when the machine does not take the start.
 */

/** Everything a swap's start reads. */
export interface ClassSwapRead {
  /** The class (with whom it concerns), or null: no such class. */
  class: ChangeClass | null;
  /** The semester whose teaching weeks hold each date, or null. */
  fromSemester: TeachingSemester | null;
  toSemester: TeachingSemester | null;
  /** The school's periods. */
  periods: LessonPeriod[];
  /** The office and the administrators (who stand in). */
  office: string[];
  admin: string[];
  /**
   * The lessons of the two dates (names in Chinese) that concern the class, the teachers of its lessons at the two
   * places and their rooms, and the loans of those rooms at the two places: what is at each place, and what the
   * lessons would meet where they go.
   */
  around: ChangeSurroundings;
  /** The courses of the class's lessons at the two places, by id, in both languages (a request keeps them as they were). */
  courseNames: Readonly<Record<string, BothNames>>;
}

const semesterOf = (param: string) => `(SELECT row_to_json(s) FROM (${teachingSemesterSql(param)}) s)`;

// The class (with whom it concerns), the semesters whose teaching weeks hold the two dates, the school's periods and the
// office (administrators stand in), in one round trip.
const START_SQL = `SELECT ${changeClassSql('$1')}, ${semesterOf('$2')} AS "fromSemester", ${semesterOf('$3')} AS "toSemester",
       ${LESSON_PERIODS_COLUMN},
       ${roleHoldersSql(['office', 'admin'])}`;

// Courses by name in both languages.
const NAMES_SQL = `SELECT co.id, json_build_object('zh', co.name, 'en', coalesce(nullif(co.name_en, ''), co.name)) AS name FROM course co WHERE co.id = ANY($1::uuid[])`;

type StartRow = Pick<ClassSwapRead, 'class' | 'fromSemester' | 'toSemester' | 'periods' | 'office' | 'admin'>;

/** The two places of a swap's form, source first. */
const placesOf = (form: ClassSwapForm) => [{ date: form.fromDate, period: form.fromPeriod }, { date: form.toDate, period: form.toPeriod }] as const;

/**
 * Reads a swap's start: the class, semesters, periods and office; then the class's lessons on the two dates; then,
 * for whoever teaches at the two places and their rooms, what they would meet (lessons and loans) and the courses'
 * names. Each read follows from the one before; nothing here decides.
 */
export async function readClassSwapStart(db: CalendarDb, form: ClassSwapForm, timeZone: string): Promise<ClassSwapRead> {
  const [row] = await db.query<StartRow[]>(START_SQL, [form.classId, form.fromDate, form.toDate]);
  const base = { class: row?.class ?? null, fromSemester: row?.fromSemester ?? null, toSemester: row?.toSemester ?? null, periods: row?.periods ?? [], office: row?.office ?? [], admin: row?.admin ?? [] };
  const cls = base.class;
  if (!cls) return { ...base, around: NOTHING_AROUND, courseNames: {} };
  const places = placesOf(form);
  const dates = places.map((p) => p.date);
  const there = (await lessonsConcerning(db, { dates, classId: cls.id }, 'zh')).filter((l) => l.classId === cls.id && places.some((p) => p.date === l.date && p.period === l.period));
  const rooms = [...new Set(there.flatMap((l) => (l.classroomId ? [l.classroomId] : [])))];
  const [around, names] = await Promise.all([
    // each room at both places: where a lesson goes, its room comes with it
    readSurroundings(db, { classId: cls.id, dates, teacherIds: there.map((l) => l.teacherId), classroomIds: rooms, slots: places.flatMap((p) => rooms.map((classroomId) => ({ ...p, classroomId }))) }, timeZone),
    there.length > 0 ? db.query<{ id: string; name: BothNames }[]>(NAMES_SQL, [[...new Set(there.map((l) => l.courseId))]]) : Promise.resolve([]),
  ]);
  return { ...base, around, courseNames: Object.fromEntries(names.map((r) => [r.id, r.name])) };
}

/** The lesson as the request keeps it. */
function moved(l: CalendarLesson, names: ClassSwapRead['courseNames']): MovedLesson {
  return { id: l.id, courseId: l.courseId, courseName: names[l.courseId] ?? { zh: l.courseName, en: l.courseName }, teacherId: l.teacherId, teacherName: l.teacherName, classroomId: l.classroomId };
}

/**
 * Decides a swap's start on what was read, purely. Neither date may be past nor either period begun, both in a
 * semester's teaching weeks; the applicant's lesson must be at the source and theirs (403 otherwise); neither place
 * may be held by another request under review, nor hold a lesson a change put there; the teacher named must teach
 * the target. Each lesson keeps its room; the applicant must be free at the target, the other teacher at the source,
 * each room at its new time (but for the room the other lesson leaves), and no loan may hold it. The plan: the start
 * event, its people (the other teacher consents first when there is one and it is not the applicant), and the hold —
 * the lessons taken from their places and added at their new ones, pending, their rooms booked there.
 */
export function planClassSwapStart(form: ClassSwapForm, read: ClassSwapRead, actor: Pick<Principal, 'userId'>, clock: StartClock): StartPlan {
  refusePastDates([form.fromDate, form.toDate], clock.timeZone, clock.now);
  const cls = read.class;
  if (!cls) throw ApplicationErrors.sectionUnknown();
  if (!read.fromSemester) throw ApplicationErrors.dateOutsideTeaching(form.fromDate);
  if (!read.toSemester) throw ApplicationErrors.dateOutsideTeaching(form.toDate);
  const begins = whenItBegins(placesOf(form), read.periods, clock.timeZone, clock.now);
  const [fromPeriodName, toPeriodName] = begins.names;
  // the class is sent to the week of the earlier date: the first change it meets
  const earlier = form.fromDate <= form.toDate ? { date: form.fromDate, teachingStart: read.fromSemester.teachingStart } : { date: form.toDate, teachingStart: read.toSemester.teachingStart };

  // the class's lessons at a place: the one settled there, and whether a request under review is changing it
  const at = (date: string, period: number) => {
    const here = read.around.lessons.filter((l) => l.classId === cls.id && l.date === date && l.period === period);
    return { lesson: here.find((l) => !l.pending && !l.leaving) ?? here[0], held: here.some((l) => l.pending || l.leaving) };
  };
  const from = at(form.fromDate, form.fromPeriod);
  const to = at(form.toDate, form.toPeriod);
  const source = from.lesson;
  if (!source) throw ApplicationErrors.noLessonThere(form.fromDate, form.fromPeriod, cls.name);
  // 403, not 422: the lesson is there, it is someone else's to move — a refusal of who asks, as docs/architecture.md#refusals has it
  if (source.teacherId !== actor.userId) throw ApplicationErrors.notYourLesson();
  const target = to.lesson;
  for (const [place, date, period] of [[from, form.fromDate, form.fromPeriod], [to, form.toDate, form.toPeriod]] as const) {
    // another request under review is moving what is there: its outcome decides what the place holds
    if (place.held) throw ApplicationErrors.lessonHeld(date, period);
    // a lesson a change put there is not the template's: that request would have to be undone, not swapped again
    if (place.lesson?.change) throw ApplicationErrors.lessonChanged(date, period);
  }
  if (form.withTeacherId !== undefined) {
    if (!target) throw ApplicationErrors.noLessonThere(form.toDate, form.toPeriod, cls.name);
    if (target.teacherId !== form.withTeacherId) throw ApplicationErrors.withTeacherMismatch(target.teacherName);
  }

  // where each lesson goes: the applicant's to the target, the other (if any) to the source, each with its room
  const placements: Placement[] = [{ date: form.toDate, period: form.toPeriod, section: cls.id, teacherId: source.teacherId, classroomId: source.classroomId, leaving: target ? [target.id] : [] }];
  if (target) placements.push({ date: form.fromDate, period: form.fromPeriod, section: cls.id, teacherId: target.teacherId, classroomId: target.classroomId, leaving: [source.id] });
  refuseClashes(cls.id, placements, read.around);

  const office = withStandIns(read.office, read.admin, actor.userId);
  const consenter = target && target.teacherId !== actor.userId ? target.teacherId : null;
  const data: Omit<ClassSwapSubmitted, 'type' | 'actorId'> = {
    studentId: null, // the subject is a class
    studentUserId: null,
    classId: cls.id,
    className: cls.name,
    fromDate: form.fromDate,
    fromPeriod: form.fromPeriod,
    toDate: form.toDate,
    toPeriod: form.toPeriod,
    fromPeriodName,
    toPeriodName,
    week: weekOfDate(earlier.teachingStart, earlier.date),
    startsAt: begins.startsAt,
    reason: form.reason,
    lesson: moved(source, read.courseNames),
    other: target ? moved(target, read.courseNames) : null,
    audience: cls.audience,
    route: { teacher: consenter ? [consenter] : [], office },
  };
  const row = (kind: ChangeRow['kind'], date: string, period: number, l: CalendarLesson): ChangeRow => ({ kind, date, period, classId: cls.id, courseId: l.courseId, teacherId: l.teacherId, classroomId: l.classroomId });
  const rows = [row('remove', form.fromDate, form.fromPeriod, source), row('add', form.toDate, form.toPeriod, source)];
  if (target) rows.push(row('remove', form.toDate, form.toPeriod, target), row('add', form.fromDate, form.fromPeriod, target));
  return {
    data,
    studentId: null, // the subject is a class
    owners: [actor.userId],
    reviewers: [...(consenter ? [consenter] : []), ...office],
    attachments: [],
    ...holdChanges('class-swap', rows, read.periods, clock.timeZone),
  };
}
