import { formatSchoolTime, parseSchoolTime } from '@schoolflow/contracts';

/** The public notice (公示) of a class's final-term evaluation lasts this many school days unless configured. */
export const DEFAULT_PUBLICITY_DAYS = 5;

const DAY_MS = 86_400_000;

/** The ISO weekday (Monday 1 … Sunday 7) of a 'YYYY-MM-DD' date. */
function weekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * When a publicity submitted at `submittedAt` ends: at midnight (school time) after the `days`-th school day that
 * follows the day of submission — the day it is put up does not count, as a notice posted in the afternoon gives
 * families no whole day. A school day is a weekday within the school's week (`schoolDaysAWeek`, 5: Monday to
 * Friday; the timetable's setting). 0 days: it ends as it is submitted (no notice period; objections are still heard
 * until the office confirms). Pure: the server records the answer in the submission, so a replay decides the same.
 */
export function publicityEnd(submittedAt: number, days: number, schoolDaysAWeek: number, timeZone: string): string {
  if (days <= 0) return new Date(submittedAt).toISOString();
  let date = formatSchoolTime(submittedAt, timeZone).slice(0, 10);
  let counted = 0;
  while (counted < days) {
    date = nextDate(date);
    if (weekday(date) <= schoolDaysAWeek) counted += 1;
  }
  const end = parseSchoolTime(`${nextDate(date)} 00:00`, timeZone);
  return new Date(end ?? submittedAt).toISOString();
}
