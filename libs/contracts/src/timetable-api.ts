import { z } from 'zod';
import type { HolidayDay } from './calendar-api.js';
import { calendarDate } from './flow-forms.js';
import { UserType } from './permissions.js';

/**
 * The timetable (docs/product/timetable.md, issue 9; docs/adr/0026), shared by server, browser and tests. What a timetable is made
 * of — lesson periods, each grade's weekly periods of a course, teaching assignments, teachers' unavailable periods —
 * are resources of the kit under this base; versions, lessons, scheduling and inquiry are the timetable module's calls.
 */
export const TIMETABLE_BASE = '/api/timetable';

export const timetablePath = {
  /** Inquiry: `GET` with `timetableQuerySchema`; the template, or a week's dates with make-ups and swaps. */
  inquiry: TIMETABLE_BASE,
  /** The same lessons as an Excel file, one sheet per class, teacher or room. */
  export: `${TIMETABLE_BASE}/export`,
  /** Lessons of one class (or teaching class) in a draft, placed as a whole week: `PUT` with `placeLessonsSchema`. */
  lessons: `${TIMETABLE_BASE}/lessons`,
  /** A semester's timetables (drafts, the published one, archived ones): `GET ?semesterId=`, `POST` a new draft. */
  versions: `${TIMETABLE_BASE}/versions`,
  version: (id: string): string => `${TIMETABLE_BASE}/versions/${id}`,
  publish: (id: string): string => `${TIMETABLE_BASE}/versions/${id}/publish`,
  /** What the automatic scheduler would be given, and whatever makes it impossible: `GET ?semesterId=`. */
  check: `${TIMETABLE_BASE}/schedule/check`,
  /** Starts the automatic scheduler as a job: `POST {semesterId, seconds?}` → `{jobId, timetableId}`. */
  schedule: `${TIMETABLE_BASE}/schedule`,
  /** The editor's choices for one class or teaching class: its courses with their teachers, and the rooms. */
  editorOptions: `${TIMETABLE_BASE}/editor-options`,
  /** School days a week: `GET`, `PUT {days}`. */
  settings: `${TIMETABLE_BASE}/settings`,
  /** Who the inquiry may show the signed-in user: their views, classes, children. */
  scope: `${TIMETABLE_BASE}/scope`,
} as const;

/** The pages of the timetable that are no resource's list: inquiry for everyone, scheduling for those who make it. */
export const TIMETABLE_PAGES = [
  {
    url: '/timetable/inquiry',
    key: 'inquiry',
    permission: 'timetable:inquiry',
    roles: ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'student', 'parent'],
    sort: 1,
    icon: 'calendar alternate outline',
  },
  { url: '/timetable/scheduling', key: 'scheduling', permission: 'timetable:schedule', roles: ['admin', 'office'], sort: 2, icon: 'th' },
] as const satisfies readonly { url: string; key: string; permission: string; roles: readonly string[]; sort: number; icon: string }[];
export const TimetablePermission = { inquiry: 'timetable:inquiry', schedule: 'timetable:schedule' } as const;

/** School days a week (Monday = 1); periods a day are the lesson periods' rows. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DEFAULT_SCHOOL_DAYS = 5;
export const MAX_PERIODS_A_DAY = 16;
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** A name kept in both languages (a class's, a course's), as a request's data keeps it; read in the reader's. */
export interface BothNames {
  zh: string;
  en: string;
}

/**
 * A period's name in a language: its own name, except the default `第N节`, which English reads as `Period N` — the
 * name is data (an administrator may call a period 早读), the default is the platform's.
 */
export function periodLabel(period: { no: number; name: string }, lang: 'zh' | 'en'): string {
  const standard = /^第\s*(\d+)\s*节$/.exec(period.name.trim());
  if (lang === 'en' && (standard || period.name.trim() === '')) return `Period ${period.no}`;
  return period.name.trim() || `第${period.no}节`;
}

/** Who the inquiry may show someone (`GET /api/timetable/scope`): the page offers the views this allows. */
export interface TimetableScope {
  /** Staff read every timetable; a student their own; a parent their children's. */
  kind: 'staff' | 'student' | 'parent';
  canSchedule: boolean;
  /** Classes the user is head teacher of (the head teacher view). */
  headOf: { id: string; name: string }[];
  /** A student's own record, or a parent's children. */
  students: { id: string; name: string; classId: string; className: string }[];
}

/** A lesson period (节次) as the timetable shows it. */
export interface LessonPeriod {
  no: number;
  name: string;
  start: string;
  end: string;
  part: DayPart;
}

/** How a lesson on a date differs from the weekly template. */
export type LessonChange = 'make-up' | 'swap';

/** A lesson as the inquiry answers it (docs/product/timetable.md#calls); names in the caller's language. */
export interface Lesson {
  /** The template lesson's id; a make-up's is its change's. */
  id: string;
  /** The date (a week asked for), else null: the weekly template. */
  date: string | null;
  weekday: number;
  period: number;
  courseId: string;
  courseName: string;
  courseColour: string;
  teacherId: string;
  teacherName: string;
  /** The administrative class, or null for a teaching class's lesson. */
  classId: string | null;
  className: string;
  teachingClassId: string | null;
  classroomId: string | null;
  classroomName: string | null;
  change?: LessonChange;
  /** The make-up or swap that made it so (its instance), for a link. */
  changeId?: string;
}

export interface TimetableRef {
  id: string;
  name: string;
  state: TimetableState;
  source: TimetableSource;
}

/** What `GET /api/timetable` answers. */
export interface TimetableAnswer {
  semester: { id: string; name: string; teachingStart: string; teachingEnd: string; teachingWeeks: number; current: boolean };
  /** The timetable read: the one asked for, else the semester's published one (null: none yet). */
  timetable: TimetableRef | null;
  days: number;
  periods: LessonPeriod[];
  /**
   * The week asked for (1 = the week the semester's teaching starts in) and its seven dates from Monday, else null. The
   * school days are the first `days`; `extraDays` are the weekdays after them that hold a make-up or a swapped lesson
   * that week (a Saturday make-up class): a page shows their columns too.
   */
  week: number | null;
  dates: string[] | null;
  extraDays: number[];
  /** The week the semester is in today (null outside it): the page opens on it. */
  currentWeek: number | null;
  /**
   * The week's declared days (public holidays: no lessons; make-up workdays: the lessons of the weekday they replace;
   * docs/product/office.md#public-holidays), in date order; none in the weekly template.
   */
  holidays: HolidayDay[];
  lessons: Lesson[];
}

export const TIMETABLE_VIEWS = ['all', 'class', 'teacher', 'classroom', 'headTeacher', 'foreign', 'mine'] as const;
export type TimetableView = (typeof TIMETABLE_VIEWS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (key: string) => z.string({ error: key }).regex(UUID, key);
const optionalId = (key: string) => z.preprocess((v) => (v === '' ? undefined : v), id(key).optional());
const int = (min: number, max: number, key: string) => z.coerce.number({ error: key }).int(key).min(min, key).max(max, key);

/**
 * The inquiry's query. Without a semester, the current one; without a timetable, the semester's published one; with
 * a week, that week's dates (make-ups and swaps applied); narrowed to one class, teaching class, teacher or room, to
 * foreign teachers' lessons, or to the caller's own (`mine`: a teacher's lessons, a student's or a parent's child's class).
 */
export const timetableQuerySchema = z.object({
  semesterId: optionalId('validation.semesterRequired'),
  timetableId: optionalId('validation.timetableRequired'),
  week: z.preprocess((v) => (v === '' ? undefined : v), int(1, 999, 'validation.weekInvalid').optional()),
  classId: optionalId('validation.sectionRequired'),
  teachingClassId: optionalId('validation.sectionRequired'),
  teacherId: optionalId('validation.lessonTeacherRequired'),
  classroomId: optionalId('validation.lessonClassroomInvalid'),
  studentId: optionalId('validation.studentInvalid'),
  foreign: z.enum(['1', 'true']).optional(),
  mine: z.enum(['1', 'true']).optional(),
  headTeacher: z.enum(['1', 'true']).optional(),
});
export type TimetableQuery = z.infer<typeof timetableQuerySchema>;

/** The export's query: the inquiry's, and how its sheets are cut (one per class, teacher or room). */
export const TIMETABLE_EXPORT_BY = ['class', 'teacher', 'classroom'] as const;
export const timetableExportSchema = timetableQuerySchema.extend({ by: z.enum(TIMETABLE_EXPORT_BY, { error: 'validation.fieldChoose' }).default('class') });
export type TimetableExportQuery = z.infer<typeof timetableExportSchema>;

/** One cell of a week placed by the editor. */
export const placedLessonSchema = z.object({
  weekday: int(1, 7, 'validation.weekdayInvalid'),
  period: int(1, MAX_PERIODS_A_DAY, 'validation.periodInvalid'),
  courseId: id('validation.lessonCourseRequired'),
  teacherId: id('validation.lessonTeacherRequired'),
  classroomId: z.preprocess((v) => (v === '' || v === undefined ? null : v), id('validation.lessonClassroomInvalid').nullable()),
});
export type PlacedLesson = z.infer<typeof placedLessonSchema>;

/** `PUT /api/timetable/lessons`: the whole week of one class or teaching class in a draft (what is not listed is removed). */
export const placeLessonsSchema = z
  .object({
    timetableId: id('validation.timetableRequired'),
    classId: optionalId('validation.sectionRequired'),
    teachingClassId: optionalId('validation.sectionRequired'),
    lessons: z.array(placedLessonSchema, { error: 'validation.fieldInvalid' }).max(7 * MAX_PERIODS_A_DAY, 'validation.fieldTooMany'),
  })
  .refine((b) => (b.classId === undefined) !== (b.teachingClassId === undefined), { message: 'validation.sectionRequired', path: ['classId'] });
export type PlaceLessonsInput = z.infer<typeof placeLessonsSchema>;

export const TIMETABLE_STATES = ['draft', 'published', 'archived'] as const;
export type TimetableState = (typeof TIMETABLE_STATES)[number];
export type TimetableSource = 'manual' | 'auto';

/** `POST /api/timetable/versions`: a new draft, empty or a copy of another timetable of the semester. */
export const newVersionSchema = z.object({
  semesterId: id('validation.semesterRequired'),
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(50, 'validation.fieldTooLong').optional()),
  copyOf: optionalId('validation.timetableRequired'),
});
export type NewVersionInput = z.infer<typeof newVersionSchema>;

export const scheduleSchema = z.object({
  semesterId: id('validation.semesterRequired'),
  /** How long the scheduler may improve a complete timetable (it stops sooner when nothing improves). */
  seconds: z.coerce.number({ error: 'validation.scheduleSecondsInvalid' }).int('validation.scheduleSecondsInvalid').min(1, 'validation.scheduleSecondsInvalid').max(120, 'validation.scheduleSecondsInvalid').optional(),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

export const settingsSchema = z.object({ days: int(1, 7, 'validation.schoolDaysInvalid') });
export type TimetableSettings = z.infer<typeof settingsSchema>;

/**
 * The soft rules the scheduler scores (lower is better; 0 breaks none), each counted in penalty points:
 * `spread` — a course's lessons of one class bunched on fewer days than the week allows; `crowded` — more than two
 * periods of one course a day; `afternoonMain` — a main subject's lesson after the morning; `longRuns` — a teacher's
 * periods in a row beyond four.
 */
export interface SoftScore {
  total: number;
  spread: number;
  crowded: number;
  afternoonMain: number;
  longRuns: number;
}
export const SOFT_RULES = ['spread', 'crowded', 'afternoonMain', 'longRuns'] as const;
export type SoftRule = (typeof SOFT_RULES)[number];

/** Why lessons of a course could not be placed: the teacher has no free period left, the class none, no room fits, or no period is free for all of them at once. */
export const UNPLACED_REASONS = ['teacherFull', 'sectionFull', 'noRoom', 'noCommonTime'] as const;
export type UnplacedReason = (typeof UNPLACED_REASONS)[number];

/** Lessons of one course of one class left out of an automatic timetable, named for people. */
export interface UnplacedLesson {
  section: string;
  course: string;
  teacher: string;
  count: number;
  reason: UnplacedReason;
}

/**
 * What makes a timetable impossible before the scheduler runs (issue 9: "weekly periods that cannot fit are reported
 * before the scheduler runs"): a class with more weekly periods than the week has; a teacher with more lessons than
 * available periods; a course needing a room type the school has none of, or none big enough; more lessons of a room
 * type than its rooms can hold; a class's course without a teacher.
 */
export const CHECK_PROBLEMS = ['sectionOverfull', 'teacherOverloaded', 'noRoomOfType', 'roomTooSmall', 'roomTypeOverbooked', 'noTeacher', 'noPeriods'] as const;
export type CheckProblemKind = (typeof CHECK_PROBLEMS)[number];
export interface CheckProblem {
  kind: CheckProblemKind;
  /** Who or what it is about (a class, a teacher, a room type), named for people. */
  subject: string;
  need: number;
  have: number;
}

/** What the scheduler would be given (`GET …/schedule/check`). */
export interface ScheduleCheck {
  ok: boolean;
  problems: CheckProblem[];
  /** Lessons to place a week, classes and teaching classes, teachers, rooms for classes, periods a week. */
  lessons: number;
  sections: number;
  teachers: number;
  rooms: number;
  slots: number;
}

/** A timetable of a semester, as the scheduling page lists it. */
export interface TimetableVersion {
  id: string;
  semesterId: string;
  name: string;
  source: TimetableSource;
  state: TimetableState;
  lessons: number;
  /** An automatic one's score and what it left out; null for one made by hand (or still being made). */
  score: SoftScore | null;
  unplaced: UnplacedLesson[] | null;
  /** The job making it (automatic), while it runs. */
  jobId: string | null;
  jobState: 'queued' | 'running' | 'completed' | 'failed' | null;
  createdBy: string;
  createdAt: string;
  publishedAt: string | null;
}

/** The scheduling job's progress (`job.progress` result when completed). */
export interface ScheduleJobResult {
  timetableId: string;
  placed: number;
  total: number;
  score: SoftScore;
  unplaced: UnplacedLesson[];
  ms: number;
}
export const SCHEDULE_JOB = 'timetable:schedule';

/** The editor's choices for one class or teaching class (`GET …/editor-options?timetableId&classId|teachingClassId`). */
export interface EditorOptions {
  courses: { courseId: string; courseName: string; courseColour: string; teacherId: string; teacherName: string; periods: number; roomType: string | null }[];
  rooms: { id: string; name: string; type: string; seats: number }[];
  /** The class's own room (its lessons are there unless a course needs a room of a type). */
  homeRoomId: string | null;
  size: number;
}

/** Why two lessons cannot both be where they are. */
export type ClashKind = 'class' | 'teacher' | 'room';
export interface Clash {
  weekday: number;
  period: number;
  kind: ClashKind;
  /** The other lesson, named for people. */
  with: { className: string; courseName: string; teacherName: string };
}

/** A lesson as the clash rule reads it: where, who is taught, who teaches, in which room. */
export interface ClashSubject {
  weekday: number;
  period: number;
  /** The class or teaching class taught. */
  section: string;
  teacherId: string;
  classroomId: string | null;
}

/**
 * The one clash rule (docs/product/timetable.md#clashes: 上课时间冲突), read by the server before it saves and by the editor as one places: two
 * lessons at the same weekday and period clash when they teach the same class (or classes sharing students, as
 * `shares` says), have the same teacher or are in the same room.
 */
export function clashOf(a: ClashSubject, b: ClashSubject, shares: (x: string, y: string) => boolean = () => false): ClashKind | null {
  if (a.weekday !== b.weekday || a.period !== b.period) return null;
  if (a.section === b.section || shares(a.section, b.section)) return 'class';
  if (a.teacherId === b.teacherId) return 'teacher';
  if (a.classroomId !== null && a.classroomId === b.classroomId) return 'room';
  return null;
}

/** The week (1-based) a date falls in, weeks starting on the Monday of the week the teaching starts in. */
export function weekOfDate(teachingStart: string, date: string): number {
  const monday = mondayOf(teachingStart);
  return Math.floor((dayNumber(date) - dayNumber(monday)) / 7) + 1;
}

/** The dates of a week, Monday first, `days` of them. */
export function datesOfWeek(teachingStart: string, week: number, days: number): string[] {
  const first = dayNumber(mondayOf(teachingStart)) + (week - 1) * 7;
  return Array.from({ length: days }, (_, i) => dateOfDayNumber(first + i));
}

/** The ISO weekday of a date (Monday 1 … Sunday 7). */
export function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function mondayOf(date: string): string {
  return dateOfDayNumber(dayNumber(date) - (weekdayOf(date) - 1));
}
const DAY_MS = 86_400_000;
function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}
function dateOfDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

// ---------- Dated lessons: make-up classes and swaps (docs/product/timetable.md#dated-changes), and the classroom loans that meet them ----------

/**
 * A lesson of one date as the effective timetable holds it (`timetable_on`: the published template less what changes
 * take away, plus what they add; pending changes hold their time as passed ones do).
 */
export interface DatedLesson {
  /** The template lesson's id, or the change's (a lesson a make-up or a swap adds). */
  id: string;
  date: string;
  period: number;
  /** The class or teaching class taught (the clash rule's section). */
  section: string;
  classId: string | null;
  teachingClassId: string | null;
  courseId: string;
  teacherId: string;
  classroomId: string | null;
  /** What put it there (a make-up or a swap), or null: the weekly template. */
  change: LessonChange | null;
  /** The instance of that change. */
  changeId: string | null;
  /** Held by a request still under review. */
  pending: boolean;
  /**
   * Taken away by a request still under review (a swap moves it): it holds its time until that passes — were the
   * request refused, it would be back.
   */
  leaving: boolean;
}

/** A lesson placed at a date and period: what a make-up adds, where a swap moves one. */
export interface DatedPlacement {
  date: string;
  period: number;
  section: string;
  teacherId: string;
  classroomId: string | null;
}

/**
 * The clashes of a lesson placed on a date with the lessons already there — the one rule (`clashOf`) on dates. `shares`
 * says which sections share students (a class and the teaching classes its students go to); `leaving` names lessons
 * that leave the place as this one comes (the other lesson of a swap, the room it vacates).
 */
export function datedClashes(
  placed: DatedPlacement,
  lessons: readonly DatedLesson[],
  shares: (x: string, y: string) => boolean = () => false,
  leaving: ReadonlySet<string> = new Set(),
): { kind: ClashKind; lesson: DatedLesson }[] {
  const out: { kind: ClashKind; lesson: DatedLesson }[] = [];
  const weekday = weekdayOf(placed.date);
  for (const lesson of lessons) {
    if (lesson.date !== placed.date || leaving.has(lesson.id)) continue;
    const kind = clashOf({ ...placed, weekday }, { weekday: weekdayOf(lesson.date), period: lesson.period, section: lesson.section, teacherId: lesson.teacherId, classroomId: lesson.classroomId }, shares);
    if (kind) out.push({ kind, lesson });
  }
  return out;
}

/** Whether a date (`YYYY-MM-DD`) is within a semester's teaching dates, both ends included. */
export function inTeachingDates(date: string, semester: { teachingStart: string; teachingEnd: string }): boolean {
  return date >= semester.teachingStart && date <= semester.teachingEnd;
}

/** A make-up class's or a swap's lesson of a class on a date: the query of their flows' day view. */
export const classDayQuerySchema = z.object({
  classId: id('validation.classRequired'),
  date: calendarDate(),
});
export type ClassDayQuery = z.infer<typeof classDayQuerySchema>;

/** A lesson of the day view, named in the caller's language. */
export interface DayLesson extends DatedLesson {
  courseName: string;
  teacherName: string;
  className: string;
  classroomName: string | null;
  /** The chosen class's: its own lesson or one of a teaching class its students go to. */
  ofClass: boolean;
  /** The signed-in teacher's. */
  mine: boolean;
}

/**
 * `GET /api/workflows/{make-up-class|class-swap}/views/day?classId&date`: the chosen class's and the asking teacher's
 * lessons of a date, with the periods and their times, so the form shows what is taken before one chooses.
 */
export interface ClassDay {
  className: string;
  date: string;
  weekday: number;
  /** The date lies in a semester's teaching weeks (outside them there are no lessons, and no make-up). */
  teaching: boolean;
  periods: LessonPeriod[];
  lessons: DayLesson[];
  /** The class's own room (a make-up is there unless another is chosen). */
  homeRoomId: string | null;
}

/** The clash the day view marks when a period is chosen for the class by the asking teacher (in `classroomId`). */
export function dayLessonClash(lesson: DayLesson, classroomId: string | null): ClashKind | null {
  // the view names the class and the teacher as flags; the one rule reads them as sections and teachers
  const section = 'chosen-class';
  const teacherId = 'asking-teacher';
  return clashOf(
    { weekday: 1, period: lesson.period, section, teacherId, classroomId },
    { weekday: 1, period: lesson.period, section: lesson.ofClass ? section : lesson.section, teacherId: lesson.mine ? teacherId : lesson.teacherId, classroomId: lesson.classroomId },
  );
}

// ---------- Who reads whose lessons, and periods as requests keep them (make-up classes, swaps, loans) ----------

/**
 * Whether a user of this type reads every timetable — staff (administrators and teachers): a school's timetable is no
 * secret among its teachers (docs/adr/0026). Anyone else (a student, a parent) reads only their own class's lessons,
 * and of a room's day only when it is busy.
 */
export function readsEveryTimetable(userType: string): boolean {
  return userType === UserType.admin || userType === UserType.teacher;
}

/** A period's name in both languages (第3节 / Period 3, or the name the school gave it), as a request keeps it. */
export function periodNames(period: { no: number; name: string }): BothNames {
  return { zh: periodLabel(period, 'zh'), en: periodLabel(period, 'en') };
}

/**
 * The inquiry page opened on a teaching week (`/timetable/inquiry?week=N`): where the messages of a passed make-up or
 * swap send the class's students and parents, who may read their timetable but not the request.
 */
export function timetableWeekPage(week: number): string {
  return `${TIMETABLE_PAGES[0].url}?week=${week}`;
}
