import { z } from 'zod';
import { calendarDate, isCalendarDate } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * Public holidays and make-up workdays (法定节假日设置, view stem `fdjjrsz`; docs/product/office.md#public-holidays,
 * docs/adr/0048-public-holidays.md): a date declared a holiday (no lessons, not counted in a leave's days) or a
 * workday that takes the lessons of another weekday (调休). Under `/server/api/calendar/holidays`.
 */
export const CALENDAR_BASE = '/api/calendar';

export const calendarPath = {
  /** `GET` `holidayListQuerySchema` → `Holiday[]` (anyone signed in); `POST` `holidayInputSchema` → `Holiday`. */
  holidays: `${CALENDAR_BASE}/holidays`,
  /** `PUT` `holidayInputSchema` → `Holiday`; `DELETE`. */
  holiday: (id: string): string => `${CALENDAR_BASE}/holidays/${id}`,
} as const;

/** Declaring, changing and removing holidays: administrators (granted at start and by the migration). */
export const HOLIDAY_MANAGE_PERMISSION = Permission.holidayEdit;

/** The page (法定节假日设置), its menu under 系统管理 for administrators. */
export const HOLIDAYS_PAGE = { url: '/fdjjrsz', permission: HOLIDAY_MANAGE_PERMISSION, icon: 'calendar times outline', sort: 55 } as const;

export const HOLIDAY_KINDS = ['holiday', 'workday'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** A holiday's name: required, at most 30 characters (the table's check says the same). */
export const HOLIDAY_NAME_MAX = 30;

export interface Holiday {
  id: string;
  /** `YYYY-MM-DD`, a date of the school's calendar (its time zone). */
  date: string;
  kind: HolidayKind;
  name: string;
  /** A workday's: the ISO weekday (1 Monday … 7 Sunday) whose lessons it holds; null for a holiday. */
  replacesWeekday: number | null;
  updatedAt: string;
}

/** A declared day as the timetable's week and the leave form read it (no id, no times). */
export type HolidayDay = Pick<Holiday, 'date' | 'kind' | 'name' | 'replacesWeekday'>;

export const holidayInputSchema = z
  .object({
    date: calendarDate(),
    kind: z.enum(HOLIDAY_KINDS, { error: 'validation.holidayKindInvalid' }),
    name: z
      .string({ error: 'validation.holidayNameRequired' })
      .trim()
      .min(1, 'validation.holidayNameRequired')
      .max(HOLIDAY_NAME_MAX, 'validation.holidayNameTooLong'),
    // a form's empty select is '' (none): a holiday has no weekday
    replacesWeekday: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number({ error: 'validation.weekdayInvalid' }).int('validation.weekdayInvalid').min(1, 'validation.weekdayInvalid').max(7, 'validation.weekdayInvalid').nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    // a workday says whose lessons it holds; a holiday holds none
    if (v.kind === 'workday' && v.replacesWeekday === null) ctx.addIssue({ code: 'custom', message: 'validation.holidayWeekdayRequired', path: ['replacesWeekday'] });
  })
  .transform((v) => ({ ...v, replacesWeekday: v.kind === 'workday' ? v.replacesWeekday : null }));
export type HolidayInput = z.input<typeof holidayInputSchema>;
export type HolidayValues = z.output<typeof holidayInputSchema>;

/** At most this many days in one range read (a leave's window is a year and a half). */
export const HOLIDAY_RANGE_MAX_DAYS = 800;

const optionalDate = z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'validation.dateInvalid' }).refine(isCalendarDate, 'validation.dateInvalid').optional());

/** The list: a year (the page), or a range of dates (the leave form's period); neither: the current year. */
export const holidayListQuerySchema = z
  .object({
    year: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'validation.holidayYearInvalid' }).int('validation.holidayYearInvalid').min(1900, 'validation.holidayYearInvalid').max(2999, 'validation.holidayYearInvalid').optional()),
    from: optionalDate,
    to: optionalDate,
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined) || (q.from && q.to && (q.from > q.to || dayNumber(q.to) - dayNumber(q.from) > HOLIDAY_RANGE_MAX_DAYS))) {
      ctx.addIssue({ code: 'custom', message: 'validation.holidayRangeInvalid', path: ['to'] });
    }
  });
export type HolidayListQuery = z.output<typeof holidayListQuerySchema>;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
