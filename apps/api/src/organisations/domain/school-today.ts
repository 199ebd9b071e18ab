import { formatSchoolTime } from '@schoolflow/contracts';

/** The school's date now, `YYYY-MM-DD` in its time zone: the day terms are read against. */
export function schoolToday(timeZone: string, now = Date.now()): string {
  return formatSchoolTime(now, timeZone).slice(0, 10);
}
