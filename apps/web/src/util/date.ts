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

/** Default display formats (docs/product/shell-and-sign-in.md#constants). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.tz(DEFAULT_SCHOOL_TZ).format(DATE_TIME_FORMAT) : String(value);
}
