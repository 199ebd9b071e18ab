import { z } from 'zod';
import { parseSchoolMoment } from './school-time.js';
import { isUuid, momentText } from './schemas.js';

/**
 * Elective courses and their selection (issue 27 parts 1–3; docs/product/electives.md, docs/adr/0043): courses come
 * from the `elective-course` declaration flow, batches are managed by the office, students select (first come) or
 * rank (lottery). Under `/server/api/electives`. Shared by server, browser, tests and the bench.
 */
export const ELECTIVES_BASE = '/api/electives';

export const electivesPath = {
  /** `GET` with `electiveCourseQuerySchema` → `ElectiveCourse[]`: the passed (offerable) courses. */
  courses: `${ELECTIVES_BASE}/courses`,
  /** `GET` → `ElectiveBatch[]`; `POST` with `electiveBatchInputSchema` → `ElectiveBatch`. */
  batches: `${ELECTIVES_BASE}/batches`,
  /** `GET` → `ElectiveBatch`; `PUT` with `electiveBatchInputSchema`; `DELETE` (not started only). */
  batch: (id: string): string => `${ELECTIVES_BASE}/batches/${id}`,
  /** `POST` `{courseId}` → `ElectiveSelected`; 409 class size full; 422 at most N / clash. */
  selections: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/selections`,
  /** `DELETE` → `ElectiveSelected` (the course's remaining seats after the drop). */
  selection: (id: string, courseId: string): string => `${ELECTIVES_BASE}/batches/${id}/selections/${courseId}`,
  /** `PUT` `{courseIds}` ranked (lottery mode, while open) → `{courseIds}`. */
  preferences: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/preferences`,
  /** `POST` `{seed?}` after the window → `ElectiveDrawResult`: the lottery, reproducible by seed. */
  draw: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/draw`,
  /** `GET` → `ElectiveOffer[]`: the batch's courses with remaining seats. */
  offers: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/courses`,
  /** `GET` → `ElectiveMine`: the caller's choices (and preferences) in the batch. */
  mine: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/mine`,
  /** `GET` → `ElectiveRoster[]`; `?format=xlsx` the Excel export. */
  rosters: (id: string): string => `${ELECTIVES_BASE}/batches/${id}/rosters`,
} as const;

/** Managing batches, reading rosters and drawing; seeded to administrators and the office (docs/product/electives.md#who). */
export const ELECTIVE_MANAGE_PERMISSION = 'elective:manage';
/** Selecting (and ranking) in a batch: students. */
export const ELECTIVE_SELECT_PERMISSION = 'elective:select';

/**
 * The pages of 选修课 (route stems: xxkc 选修课程, xkpc 选课批次, xsxk 学生选课): the migration's menus and the web's
 * routes; titles `electives.page.<key>`.
 */
export const ELECTIVE_PAGES = [
  { url: '/elective/xxkc', key: 'courses', sort: 1, icon: 'book', permission: 'menu:elective_courses' },
  { url: '/elective/xkpc', key: 'batches', sort: 2, icon: 'calendar alternate outline', permission: ELECTIVE_MANAGE_PERMISSION },
  { url: '/elective/xsxk', key: 'select', sort: 3, icon: 'hand pointer outline', permission: ELECTIVE_SELECT_PERMISSION },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string }[];
export type ElectivePageKey = (typeof ELECTIVE_PAGES)[number]['key'];

export const ELECTIVE_LIMITS = {
  /** the validation rules: a course description within 300 words (a CJK character counts as a word). */
  descriptionWords: 300,
  nameMax: 50,
  capacityMax: 500,
  maxPerStudent: 10,
  preferencesMax: 10,
} as const;

/** Words of a description: each CJK character one, each run of other non-space characters one (the validation rules: within 300 words). */
export function wordCount(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  const other = text.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, ' ').split(/\s+/).filter(Boolean).length;
  return cjk + other;
}

export const ELECTIVE_MODES = ['first-come', 'lottery'] as const;
export type ElectiveMode = (typeof ELECTIVE_MODES)[number];
/** the states: an elective batch is not started, in progress or ended — computed from its window. */
export const ELECTIVE_BATCH_STATES = ['notStarted', 'inProgress', 'ended'] as const;
export type ElectiveBatchState = (typeof ELECTIVE_BATCH_STATES)[number];

/** A lottery batch stays in progress through its leftover round (`leftoverEnd`), after the draw. */
export function electiveBatchState(window: { start: string; end: string; leftoverEnd?: string | null }, now: number): ElectiveBatchState {
  if (now < Date.parse(window.start)) return 'notStarted';
  return now < Date.parse(window.leftoverEnd ?? window.end) ? 'inProgress' : 'ended';
}

/** A weekly time slot of a course: ISO weekday 1–7 and the lesson period. */
export interface ElectiveSlot {
  weekday: number;
  period: number;
}
/** A slot as the declaration form sends it: "weekday-period", e.g. "5-7". */
export const SLOT_TEXT = /^[1-7]-([1-9]|1[0-6])$/;
export const slotOf = (text: string): ElectiveSlot => {
  const [w, p] = text.split('-');
  return { weekday: Number(w), period: Number(p) };
};

const id = (key: string) => z.string({ error: key }).refine(isUuid, key);

export const electiveCourseQuerySchema = z.object({ semesterId: id('validation.fieldChoose').optional() });
export type ElectiveCourseQuery = z.infer<typeof electiveCourseQuerySchema>;

export interface ElectiveCourse {
  id: string;
  name: string;
  description: string;
  grades: number[];
  capacity: number;
  minSize: number;
  slots: ElectiveSlot[];
  classroomId: string | null;
  classroomName: string | null;
  teacherId: string;
  teacherName: string;
  semesterId: string;
  /** The declaration's flow instance (null for the demo's seeded courses). */
  instanceId: string | null;
}

export const electiveBatchInputSchema = z
  .object({
    name: z.string({ error: 'validation.electiveBatchNameRequired' }).trim().min(1, 'validation.electiveBatchNameRequired').max(ELECTIVE_LIMITS.nameMax, 'validation.electiveBatchNameTooLong'),
    semesterId: id('validation.fieldChoose'),
    grades: z.array(z.coerce.number().int().min(1).max(12), { error: 'validation.electiveGradesRequired' }).min(1, 'validation.electiveGradesRequired'),
    start: momentText(),
    end: momentText(),
    maxPerStudent: z.coerce.number({ error: 'validation.electiveMaxInvalid' }).int('validation.electiveMaxInvalid').min(1, 'validation.electiveMaxInvalid').max(ELECTIVE_LIMITS.maxPerStudent, 'validation.electiveMaxInvalid'),
    mode: z.enum(ELECTIVE_MODES, { error: 'validation.electiveModeInvalid' }),
    /** The courses offered (passed courses of the semester); none given: every passed course of the semester for those grades. */
    courseIds: z.array(id('validation.fieldChoose')).max(200).optional(),
    /** Lottery: grades drawn first (e.g. the leaving year), in this order; the rest after them. */
    priorityGrades: z.array(z.coerce.number().int().min(1).max(12)).max(12).optional(),
    /** Lottery: the end of the first-come round for the seats left after the draw (after `end`); none: no such round. */
    leftoverEnd: momentText().optional(),
  })
  .refine((b) => {
    const s = parseSchoolMoment(b.start);
    const e = parseSchoolMoment(b.end);
    return s === null || e === null || e > s;
  }, { message: 'validation.endBeforeStart', path: ['end'] })
  .refine((b) => {
    if (b.leftoverEnd === undefined) return true;
    const e = parseSchoolMoment(b.end);
    const l = parseSchoolMoment(b.leftoverEnd);
    return b.mode === 'lottery' && (e === null || l === null || l > e);
  }, { message: 'validation.electiveLeftoverInvalid', path: ['leftoverEnd'] });
export type ElectiveBatchInput = z.input<typeof electiveBatchInputSchema>;
export type ElectiveBatchValues = z.output<typeof electiveBatchInputSchema>;

export interface ElectiveBatch {
  id: string;
  name: string;
  semesterId: string;
  semesterName: string;
  grades: number[];
  start: string;
  end: string;
  maxPerStudent: number;
  mode: ElectiveMode;
  priorityGrades: number[];
  leftoverEnd: string | null;
  state: ElectiveBatchState;
  /** Lottery: the seed of the draw once drawn (reproducible), else null. */
  drawSeed: string | null;
  drawnAt: string | null;
  courseCount: number;
  seats: number;
  taken: number;
}

export const electiveSelectSchema = z.object({ courseId: id('validation.fieldChoose') });
export type ElectiveSelectInput = z.infer<typeof electiveSelectSchema>;
export interface ElectiveSelected {
  courseId: string;
  remaining: number;
}

export const electivePreferencesSchema = z.object({
  courseIds: z
    .array(id('validation.fieldChoose'))
    .max(ELECTIVE_LIMITS.preferencesMax, 'validation.electivePreferencesTooMany')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.electivePreferencesTwice'),
});
export type ElectivePreferencesInput = z.infer<typeof electivePreferencesSchema>;

export const electiveDrawSchema = z.object({ seed: z.string().trim().min(1).max(64, 'validation.electiveSeedInvalid').regex(/^[A-Za-z0-9_.:-]+$/, 'validation.electiveSeedInvalid').optional() });
export type ElectiveDrawInput = z.infer<typeof electiveDrawSchema>;
export interface ElectiveDrawResult {
  seed: string;
  /** Seats given by preference (first choices first, by rank). */
  byPreference: number;
  /** Seats left for the first-come round of leftovers. */
  leftover: number;
  /** A digest of every (student, course) placed: the same seed gives the same digest. */
  digest: string;
  ms: number;
}

export interface ElectiveOffer {
  courseId: string;
  name: string;
  description: string;
  teacherName: string;
  classroomName: string | null;
  slots: ElectiveSlot[];
  capacity: number;
  remaining: number;
  minSize: number;
}

export interface ElectiveMine {
  batchId: string;
  courseIds: string[];
  preferences: string[];
}

export interface ElectiveRoster {
  courseId: string;
  courseName: string;
  teacherName: string;
  capacity: number;
  students: { studentId: string; studentNo: string; name: string; className: string; round: string }[];
}

/** Push `elective.seats` to everyone watching the batch: remaining seats, batched per course (docs/adr/0043#seats). */
export interface ElectiveSeatsPush {
  batchId: string;
  courseId: string;
  remaining: number;
  /** Every course that changed in the same beat (the first is `courseId`/`remaining`): one packet per socket per beat. */
  courses: { courseId: string; remaining: number }[];
}
/** Push `elective.batch` to the batch's watchers when its state moves by time (the server's timer). */
export interface ElectiveBatchPush {
  batchId: string;
  state: ElectiveBatchState;
}
export const ELECTIVE_SEATS = 'elective.seats';
export const ELECTIVE_BATCH = 'elective.batch';
/** Client → server: watch a batch's seats (`{batchId}`); `elective.unwatch` stops. */
export const ELECTIVE_WATCH = 'elective.watch';
export const ELECTIVE_UNWATCH = 'elective.unwatch';
/**
 * `elective.watch` / `elective.unwatch`: the batch by id. A socket refusal carries no parameters, so its message is a
 * whole one; `z.uuid` states the shape in the schema itself (the socket fuzz builds its valid payload from it).
 */
export const electiveWatchSchema = z.object({ batchId: z.uuid({ error: 'validation.electiveBatchRequired' }) }, { error: 'validation.electiveBatchRequired' });
export const electiveWatchAnswerSchema = z.object({ ok: z.boolean() });
