import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_SCHOOL_TZ } from '@schoolflow/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are shown in the school's time zone whatever the browser's (a parent abroad sees school time). */
export function schoolTime(value?: string | number | Date): Dayjs {
  return (value === undefined ? dayjs() : dayjs(value)).tz(DEFAULT_SCHOOL_TZ);
}

/** A day written `YYYY-MM-DD` (an address's, a form's): its start in the school's time zone; null when it is no day. */
export function schoolDay(text: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = dayjs.tz(text, DEFAULT_SCHOOL_TZ);
  // dayjs rolls 2026-02-30 over to March: a day that does not read back as written is no day
  return day.isValid() && day.format('YYYY-MM-DD') === text ? day : null;
}

/** Default display formats (docs/product/shell-and-sign-in.md#constants). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.tz(DEFAULT_SCHOOL_TZ).format(DATE_TIME_FORMAT) : String(value);
}
