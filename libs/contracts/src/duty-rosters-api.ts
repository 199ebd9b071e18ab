import { z } from 'zod';
import { calendarDate, chosenId, isCalendarDate, optionalChosenId, requiredText } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * 值岗安排 (docs/product/office.md#duty-rosters, docs/adr/0064-duty-rosters.md): duty posts with their time of day; a
 * roster over a range of days, filled by hand or by a fair rotation over chosen teachers that skips public holidays
 * and a teacher's recorded leave; published, it is every teacher's to read; a teacher swaps a duty with a colleague
 * through the `duty-swap` flow (the colleague consents, the office approves; the roster changes from the committed
 * events only). Under `/server/api/duty-rosters` (DESIGN §16).
 */
export const DUTY_ROSTERS_BASE = '/api/duty-rosters';
export const DUTY_SWAP_FLOW = 'duty-swap';
export const DUTY_MANAGE_PERMISSION = Permission.dutyManage;
/** The menu permission of the duty pages (every staff role: one's own duties and swaps). */
export const DUTY_VIEW_PERMISSION = 'menu:zgzap';

export const dutyRostersPath = {
  /** `GET` → `DutyPost[]`; `POST` `dutyPostInputSchema` → `DutyPost` (duty:manage). */
  posts: `${DUTY_ROSTERS_BASE}/posts`,
  /** `GET` → `DutyAbsence[]`; `POST` `dutyAbsenceInputSchema` (duty:manage): a teacher's approved leave the rotation skips. */
  absences: `${DUTY_ROSTERS_BASE}/absences`,
  /** `GET` → `DutyRosterSummary[]` (published ones; drafts too with duty:manage); `POST` `dutyRosterInputSchema` → `DutyRosterDetail`. */
  rosters: DUTY_ROSTERS_BASE,
  /** `GET` → `DutyAssignment[]`: my duties from today on (published rosters). */
  mine: `${DUTY_ROSTERS_BASE}/mine`,
  /** `GET` → `DutyCandidate[]`: the staff one may put on duty or swap with. */
  staff: `${DUTY_ROSTERS_BASE}/staff`,
  /** `GET` → `DutyRosterDetail`. */
  roster: (id: string): string => `${DUTY_ROSTERS_BASE}/${id}`,
  /** `POST` `dutyGenerateInputSchema` → `DutyRosterDetail`: the fair rotation (a draft's every slot replaced). */
  generate: (id: string): string => `${DUTY_ROSTERS_BASE}/${id}/generate`,
  /** `PUT` `dutySlotInputSchema` → `DutyRosterDetail`: one slot by hand (a draft's). */
  slot: (id: string): string => `${DUTY_ROSTERS_BASE}/${id}/slot`,
  /** `POST` → `DutyRosterDetail`: published, its teachers told. */
  publish: (id: string): string => `${DUTY_ROSTERS_BASE}/${id}/publish`,
} as const;

/** The duty pages (docs/adr/0057-console-stems.md): the console's 值岗安排 and the phone's. */
export const DUTY_PAGE = { url: '/zgzap', permission: DUTY_VIEW_PERMISSION, icon: 'shield alternate', sort: 47 } as const;
export const DUTY_PHONE_PAGE = { url: '/qt_app/zgzap', permission: 'menu:qt_zgzap', icon: 'mobile alternate', sort: 48 } as const;
export const DUTY_MANAGER_ROLES = ['admin', 'principal', 'office'] as const;
export const DUTY_STAFF_ROLES = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher'] as const;

/** Limits (the spec gives none): a roster of at most 31 days, 20 posts, 100 teachers in a rotation. */
export const DUTY_LIMITS = { daysMax: 31, titleMax: 60, postsMax: 20, teachersMax: 100, reasonMax: 200, nameMax: 30 } as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (key: string) => z.string({ error: key }).regex(HHMM, key);

/** A post: its name in both languages and its daily time (an end not after the start runs past midnight: night duty). */
export const dutyPostInputSchema = z
  .object({
    name: requiredText('duty.validation.nameRequired', DUTY_LIMITS.nameMax, 'duty.validation.nameTooLong'),
    nameEn: z.string().trim().max(DUTY_LIMITS.nameMax, 'duty.validation.nameTooLong').default(''),
    start: hhmm('duty.validation.timeInvalid'),
    end: hhmm('duty.validation.timeInvalid'),
  })
  .refine((v) => v.start !== v.end, { message: 'duty.validation.timeInvalid', path: ['end'] });
export type DutyPostInput = z.input<typeof dutyPostInputSchema>;
export type DutyPostValues = z.output<typeof dutyPostInputSchema>;

const dateRange = <S extends z.ZodType<{ fromDate: string; toDate: string }>>(s: S) =>
  s
    .refine((v) => v.fromDate <= v.toDate, { message: 'duty.validation.rangeInverted', path: ['toDate'] })
    .refine((v) => daysBetween(v.fromDate, v.toDate) < DUTY_LIMITS.daysMax, { message: 'duty.validation.rangeTooLong', path: ['toDate'] });

/** A roster: a title and its days (both included, at most 31). */
export const dutyRosterInputSchema = dateRange(
  z.object({
    title: requiredText('duty.validation.titleRequired', DUTY_LIMITS.titleMax, 'duty.validation.titleTooLong'),
    fromDate: calendarDate(),
    toDate: calendarDate(),
  }),
);
export type DutyRosterInput = z.input<typeof dutyRosterInputSchema>;
export type DutyRosterValues = z.output<typeof dutyRosterInputSchema>;

const ids = (key: string, max: number) => z.array(chosenId(key), { error: key }).min(1, key).max(max, key);

/** The rotation: which posts and which teachers (in the order they take turns). */
export const dutyGenerateInputSchema = z.object({
  postIds: ids('duty.validation.postsRequired', DUTY_LIMITS.postsMax),
  teacherIds: ids('duty.validation.teachersRequired', DUTY_LIMITS.teachersMax),
});
export type DutyGenerateValues = z.output<typeof dutyGenerateInputSchema>;

/** One slot by hand: a post on a day, a teacher (none: the slot emptied). */
export const dutySlotInputSchema = z.object({
  postId: chosenId('duty.validation.postsRequired'),
  date: calendarDate(),
  teacherId: optionalChosenId('duty.validation.teacherInvalid'),
});
export type DutySlotValues = z.output<typeof dutySlotInputSchema>;

/** A teacher's approved leave, as the office records it for the rotation. */
export const dutyAbsenceInputSchema = dateRange(
  z.object({
    teacherId: chosenId('duty.validation.teacherInvalid'),
    fromDate: calendarDate(),
    toDate: calendarDate(),
    reason: z.string().trim().max(DUTY_LIMITS.reasonMax, 'duty.validation.reasonTooLong').default(''),
  }),
);
export type DutyAbsenceValues = z.output<typeof dutyAbsenceInputSchema>;

/** The swap's form (the `duty-swap` flow): my duty, the colleague, optionally their duty that comes to me, a reason. */
export const dutySwapFormSchema = z.object({
  assignmentId: chosenId('duty.validation.dutyRequired'),
  withTeacherId: chosenId('duty.validation.teacherInvalid'),
  withAssignmentId: optionalChosenId('duty.validation.dutyRequired'),
  reason: requiredText('duty.validation.reasonRequired', DUTY_LIMITS.reasonMax, 'duty.validation.reasonTooLong'),
});
export type DutySwapForm = z.output<typeof dutySwapFormSchema>;

export interface BothNamesOf {
  zh: string;
  en: string;
}

export interface DutyPost {
  id: string;
  code: string;
  name: BothNamesOf;
  start: string;
  end: string;
}

export interface DutyAssignment {
  id: string;
  rosterId: string;
  rosterTitle: string;
  postId: string;
  post: BothNamesOf;
  date: string;
  /** The duty's time in school time, `YYYY-MM-DD HH:mm`. */
  startsAt: string;
  endsAt: string;
  teacherId: string;
  teacherName: string;
  /** A swap under review holds it (its instance), else null. */
  swapInstanceId: string | null;
}

export interface DutyRosterSummary {
  id: string;
  title: string;
  fromDate: string;
  toDate: string;
  status: 'draft' | 'published';
  slots: number;
}

export interface DutyRosterDetail extends DutyRosterSummary {
  /** The days the roster staffs (school days: weekdays and make-up workdays, not public holidays). */
  days: string[];
  /** The declared holidays within its range, skipped. */
  skipped: { date: string; name: string }[];
  posts: DutyPost[];
  assignments: DutyAssignment[];
}

export interface DutyAbsence {
  id: string;
  teacherId: string;
  teacherName: string;
  fromDate: string;
  toDate: string;
  reason: string;
}

export interface DutyCandidate {
  id: string;
  name: string;
  department: string | null;
}

/** Whole days from `a` to `b` (calendar dates). */
export function daysBetween(a: string, b: string): number {
  if (!isCalendarDate(a) || !isCalendarDate(b)) return 0;
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The calendar dates from `a` to `b`, both included. */
export function datesBetween(a: string, b: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${a}T00:00:00Z`), end = Date.parse(`${b}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The duty days of a range: weekdays not declared a holiday, and make-up workdays (public-holidays' rule, ADR 0048). */
export function dutyDays(from: string, to: string, declared: readonly { date: string; kind: string }[]): string[] {
  const kind = new Map(declared.map((d) => [d.date, d.kind]));
  return datesBetween(from, to).filter((d) => {
    const k = kind.get(d);
    if (k === 'holiday') return false;
    if (k === 'workday') return true;
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
    return wd !== 0 && wd !== 6;
  });
}

/** A slot the rotation fills: a post on a day. */
export interface DutySlot {
  postId: string;
  date: string;
}

/**
 * The fair rotation (pure): slots in order (day by day, post by post) go to the teacher with the fewest duties so far
 * — counting what they already hold elsewhere (`load`) — who is free that day (not on leave, not already on duty that
 * day), ties broken by the order given and then by who served longest ago. A slot nobody can take stays empty.
 */
export function rotate(slots: readonly DutySlot[], teacherIds: readonly string[], busy: (teacherId: string, date: string) => boolean, load: Readonly<Record<string, number>> = {}): { slot: DutySlot; teacherId: string | null }[] {
  const count = new Map(teacherIds.map((t) => [t, load[t] ?? 0]));
  const last = new Map(teacherIds.map((t) => [t, -1]));
  const taken = new Set<string>();
  return slots.map((slot, i) => {
    const free = teacherIds.filter((t) => !busy(t, slot.date) && !taken.has(`${t}|${slot.date}`));
    free.sort((a, b) => (count.get(a) ?? 0) - (count.get(b) ?? 0) || (last.get(a) ?? -1) - (last.get(b) ?? -1) || teacherIds.indexOf(a) - teacherIds.indexOf(b));
    const teacherId = free[0] ?? null;
    if (teacherId !== null) {
      count.set(teacherId, (count.get(teacherId) ?? 0) + 1);
      last.set(teacherId, i);
      taken.add(`${teacherId}|${slot.date}`);
    }
    return { slot, teacherId };
  });
}

/**
 * 用车预订 (docs/adr/0064-duty-rosters.md#vehicle-booking): the `vehicle-booking` flow (its form is the flow's); the
 * vehicles are the `vehicles` resource; the bookings not ended yet are the flow's view `upcoming`
 * (`GET /api/workflows/vehicle-booking/views/upcoming`).
 */
export const VEHICLE_BOOKING_FLOW = 'vehicle-booking';
export const VEHICLE_PAGE = { url: '/ycyd', permission: 'menu:ycyd' } as const;
export const VEHICLE_PHONE_PAGE = { url: '/qt_app/ycyd', permission: 'menu:qt_ycyd' } as const;

/** One booking as the lists show it (times in school time). */
export interface VehicleBookingRow {
  id: string;
  plate: string;
  start: string;
  end: string;
  destination: string;
  passengers: number;
  applicant: string;
  status: 'pending' | 'passed';
}
