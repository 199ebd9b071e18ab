import { weekOfDate } from '@schoolflow/contracts';

/**
 * Week navigation of the inquiry (‹ week N (dates) › and "this week"): weeks are counted from the Monday of the week
 * the semester's teaching starts in (the contract's `weekOfDate`), up to the week its teaching ends in.
 */

export interface SemesterDates {
  teachingStart: string;
  teachingEnd: string;
}

/** The semester's teaching weeks, counted as the server counts them (at least one). */
export function weekCount(s: SemesterDates): number {
  return Math.max(1, weekOfDate(s.teachingStart, s.teachingEnd));
}

/** A week kept within the semester's. */
export function clampWeek(week: number, count: number): number {
  return Math.min(Math.max(1, Math.round(week)), Math.max(1, count));
}

/** The week before or after, or null at the semester's ends (the arrow is disabled). */
export function stepWeek(week: number, by: -1 | 1, count: number): number | null {
  const next = week + by;
  return next < 1 || next > count ? null : next;
}

/** `09-01 – 09-05`: a week's first and last school day, month and day. */
export function weekSpan(dates: readonly string[] | null): string {
  if (!dates || dates.length === 0) return '';
  const first = dates[0]?.slice(5) ?? '';
  const last = dates[dates.length - 1]?.slice(5) ?? '';
  return first === last ? first : `${first} – ${last}`;
}

/** What the reader chose: the weekly template, or a week (null: the one the semester is in). */
export interface ChosenWeek {
  mode: 'template' | 'week';
  week: number | null;
}

/**
 * Which mode and week the page shows. `chosen` is what the reader picked (null: not yet): the page opens on the week
 * the semester is in today when there is one, else on the weekly template.
 */
export function shownWeek(chosen: ChosenWeek | null, currentWeek: number | null, count: number): number | null {
  if (!chosen) return currentWeek !== null ? clampWeek(currentWeek, count) : null;
  if (chosen.mode === 'template') return null;
  return clampWeek(chosen.week ?? currentWeek ?? 1, count);
}

/**
 * The week a link asks for (`/timetable/inquiry?week=N`: a message about a passed make-up or swap), or null when the
 * address has none or it is no week number; a week past the semester's is brought within it as any other (`shownWeek`).
 */
export function weekParam(raw: string | null): number | null {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const week = Number(text);
  return week >= 1 ? week : null;
}
