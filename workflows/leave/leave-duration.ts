import { DEFAULT_SCHOOL_TZ, parseSchoolTime } from '@schoolflow/contracts';

/**
 * Duration of a leave, the one rule for server and browser: the hours between the instants less those that fall on a
 * declared public holiday (each a whole day of the school's calendar, midnight to midnight in its time zone), days =
 * hours / 24, one decimal. Weekends count as any other day (docs/adr/0048-public-holidays.md#day-count); with no
 * holiday the answer is the plain span, as before holidays existed.
 */
export function leaveDuration(startMs: number, endMs: number, holidays: readonly string[] = [], timeZone: string = DEFAULT_SCHOOL_TZ): { hours: number; days: number } {
  const hours = (endMs - startMs - holidayMs(startMs, endMs, holidays, timeZone)) / 3_600_000;
  return { hours: Math.round(hours * 10) / 10, days: Math.round((hours / 24) * 10) / 10 };
}

/** The holidays (`YYYY-MM-DD`) whose day overlaps the span, each once, in order: what a form names as not counted. */
export function holidaysWithin(startMs: number, endMs: number, holidays: readonly string[], timeZone: string = DEFAULT_SCHOOL_TZ): string[] {
  return [...new Set(holidays)].sort().filter((d) => overlap(startMs, endMs, d, timeZone) > 0);
}

function holidayMs(startMs: number, endMs: number, holidays: readonly string[], timeZone: string): number {
  let ms = 0;
  // a date given twice is one day off, not two
  for (const d of new Set(holidays)) ms += overlap(startMs, endMs, d, timeZone);
  return ms;
}

/** How much of `[startMs, endMs]` lies on the school's date `date` (its own midnight to the next, a DST day too). */
function overlap(startMs: number, endMs: number, date: string, timeZone: string): number {
  const from = parseSchoolTime(`${date} 00:00`, timeZone);
  const to = parseSchoolTime(`${nextDate(date)} 00:00`, timeZone);
  if (from === null || to === null) return 0;
  return Math.max(0, Math.min(endMs, to) - Math.max(startMs, from));
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
