import { z } from 'zod';
import { CALENDAR_BASE } from './calendar-api.js';
import type { HolidayDay } from './calendar-api.js';
import { isCalendarDate } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * 校历管理 (view stem `xlgl`; docs/product/office.md#school-calendar, docs/adr/0058-school-calendar.md): calendars —
 * the school's (read by everyone), shared ones (read by everyone, by roles or by departments) and each user's personal
 * one (its owner's alone) — holding events that may recur (an RRULE, with exceptions), read over a range of dates as
 * occurrences with the declared public holidays beside them, and exported as iCalendar (RFC 5545). Under
 * `/server/api/calendar`, beside the holidays.
 *
 * Times are the school's wall-clock times (its time zone), as text: `YYYY-MM-DD` for an all-day event (its end the last
 * day, included), `YYYY-MM-DD HH:mm` for a timed one (its end excluded).
 */
export const schoolCalendarPath = {
  /** `GET` → `SchoolCalendar[]` I may read (my personal one made the first time); `POST` `calendarInputSchema` → `SchoolCalendar` (calendar:manage). */
  calendars: `${CALENDAR_BASE}/calendars`,
  /** `PUT` `calendarInputSchema` → `SchoolCalendar`; `DELETE` (a shared one; calendar:manage). */
  calendar: (id: string): string => `${CALENDAR_BASE}/calendars/${id}`,
  /** `GET` → `text/calendar`: the calendar as an iCalendar file (anyone who may read it). */
  ics: (id: string): string => `${CALENDAR_BASE}/calendars/${id}/ics`,
  /** `GET` → `CalendarReaderOptions`: the roles and departments a shared calendar may be given to (calendar:manage). */
  readerOptions: `${CALENDAR_BASE}/reader-options`,
  /** `GET` `occurrencesQuerySchema` → `CalendarRange`; `POST` `eventInputSchema` → `CalendarEvent`. */
  events: `${CALENDAR_BASE}/events`,
  /** `GET` → `CalendarEvent`; `PUT` `eventInputSchema` → `CalendarEvent`; `DELETE` (`?occurrence=` one occurrence of a series). */
  event: (id: string): string => `${CALENDAR_BASE}/events/${id}`,
  /** `POST` `eventMoveSchema` → `CalendarEvent`: dragged — one occurrence or the whole series. */
  move: (id: string): string => `${CALENDAR_BASE}/events/${id}/move`,
} as const;

/** Changing the school calendar and the shared ones: administrators and the school office. */
export const CALENDAR_MANAGE_PERMISSION = Permission.calendarManage;

/** The page (校历管理), a menu of its own for every role. */
export const SCHOOL_CALENDAR_PAGE = { url: '/xlgl', permission: 'menu:xlgl', icon: 'calendar alternate outline', sort: 58 } as const;

export const CALENDAR_KINDS = ['school', 'shared', 'personal'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const EVENT_CATEGORIES = ['term', 'exam', 'meeting', 'activity', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** The spec gives no limits here: ours (the table's checks say the same). */
export const CALENDAR_LIMITS = {
  nameMax: 30,
  titleMax: 100,
  locationMax: 100,
  descriptionMax: 1000,
  /** An event lasts at most a year (a term is an all-day event of some 20 weeks). */
  spanDays: 366,
  /** A rule ends after at most this many occurrences when it counts them. */
  countMax: 500,
  intervalMax: 99,
  /** One range read covers at most this many days (a month view shows six weeks). */
  rangeDays: 100,
  readerRolesMax: 20,
  readerDepartmentsMax: 50,
} as const;

export interface CalendarReaders {
  /** Everyone signed in. */
  all: boolean;
  /** Role codes. */
  roles: string[];
  /** Departments (their sub-departments too). */
  departmentIds: string[];
}

export interface SchoolCalendar {
  id: string;
  kind: CalendarKind;
  /** The school's and a personal calendar's name is said in the reader's language. */
  name: string;
  /** `#rrggbb`. */
  color: string;
  readers: CalendarReaders;
  /** May I add, change and delete its events (the school's and shared ones: calendar:manage; a personal one: its owner). */
  canEdit: boolean;
}

export interface CalendarReaderOptions {
  roles: { code: string; name: { zh: string; en: string } }[];
  departments: { id: string; name: { zh: string; en: string } }[];
}

/** An event as stored: a single one, a series (`rrule`), or one occurrence of a series changed on its own (`seriesId`). */
export interface CalendarEvent {
  id: string;
  calendarId: string;
  title: string;
  category: EventCategory;
  allDay: boolean;
  /** The first occurrence's start and end (formats above). */
  start: string;
  end: string;
  location: string;
  description: string;
  /** The rule's parts without DTSTART (`FREQ=WEEKLY;BYDAY=MO;UNTIL=20270115`), or null: no recurrence. */
  rrule: string | null;
  /** Occurrences left out of the series (their original starts). */
  exdates: string[];
  /** A recurring event skips the occurrences that fall on a declared holiday. */
  skipHolidays: boolean;
  /** An occurrence changed on its own: the series it belongs to and the start it had there. */
  seriesId: string | null;
  recurrenceId: string | null;
  canEdit: boolean;
  updatedAt: string;
}

/** One occurrence in a range, as the calendar draws it. */
export interface CalendarOccurrence {
  /** The stored event that makes it (a single event, the series, or the occurrence changed on its own). */
  eventId: string;
  seriesId: string | null;
  calendarId: string;
  title: string;
  category: EventCategory;
  allDay: boolean;
  start: string;
  end: string;
  location: string;
  description: string;
  /** Part of a series (a rule's occurrence, or one changed on its own). */
  recurring: boolean;
  /** Its start within the series (what moving or deleting one occurrence names), or null: not recurring. */
  occurrence: string | null;
  canEdit: boolean;
}

export interface CalendarRange {
  occurrences: CalendarOccurrence[];
  /** The declared holidays and make-up workdays of the range (docs/product/office.md#public-holidays). */
  holidays: HolidayDay[];
}

// ---------------------------------------------------------------------------------------------------------------
// Wall-clock times: text ↔ "floating" milliseconds (the wall time's fields read as UTC), what the recurrence rules
// are expanded in, so that a weekly 16:30 stays 16:30 whatever the zone does.

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;
const DAY_MS = 86_400_000;

/** The wall time's floating ms, or null: not a date (`YYYY-MM-DD`) or a date and time (`YYYY-MM-DD HH:mm`, a `T` too). */
export function wallMs(text: string): number | null {
  const m = WALL.exec(text.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isCalendarDate(date)) return null;
  const [h, mi] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  if (h > 23 || mi > 59) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, mi);
}

/** Whether the text names a date only. */
export const isWallDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text.trim());

/** A floating ms as text: the date alone for an all-day event, else `YYYY-MM-DD HH:mm`. */
export function wallText(ms: number, allDay: boolean): string {
  const iso = new Date(ms).toISOString();
  return allDay ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * An event's span as floating ms, its end excluded (an all-day event's last day, included in the text, ends the next
 * midnight); null when the texts do not fit the event's kind.
 */
export function eventSpan(allDay: boolean, start: string, end: string): { start: number; end: number } | null {
  if (isWallDate(start) !== allDay || isWallDate(end) !== allDay) return null;
  const [s, e] = [wallMs(start), wallMs(end)];
  if (s === null || e === null) return null;
  return { start: s, end: allDay ? e + DAY_MS : e };
}

/** The text of an event's end from its excluded end ms (an all-day event names its last day). */
export const endText = (endMs: number, allDay: boolean): string => wallText(allDay ? endMs - DAY_MS : endMs, allDay);

// ---------------------------------------------------------------------------------------------------------------
// Recurrence rules: the parts the calendar takes (RFC 5545 §3.3.10), checked here so the form and the server agree.

export const RULE_FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RuleFreq = (typeof RULE_FREQS)[number];
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

const PART_CHECKS: Record<string, (v: string) => boolean> = {
  FREQ: (v) => (RULE_FREQS as readonly string[]).includes(v),
  INTERVAL: (v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= CALENDAR_LIMITS.intervalMax,
  COUNT: (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= CALENDAR_LIMITS.countMax,
  UNTIL: (v) => untilMs(v) !== null,
  BYDAY: (v) => v.split(',').every((d) => /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/.test(d)),
  BYMONTHDAY: (v) => v.split(',').every((d) => /^-?\d{1,2}$/.test(d) && Math.abs(Number(d)) >= 1 && Math.abs(Number(d)) <= 31),
  BYMONTH: (v) => v.split(',').every((d) => /^\d{1,2}$/.test(d) && Number(d) >= 1 && Number(d) <= 12),
  BYSETPOS: (v) => v.split(',').every((d) => /^-?\d{1,3}$/.test(d) && Number(d) !== 0 && Math.abs(Number(d)) <= 366),
  WKST: (v) => (WEEKDAY_CODES as readonly string[]).includes(v),
};

/** The rule's parts by name, or null when it is not one the calendar takes (unknown or repeated parts, no FREQ, COUNT with UNTIL). */
export function ruleParts(rule: string): Map<string, string> | null {
  const text = rule.trim().replace(/^RRULE:/i, '').toUpperCase();
  if (text === '' || text.length > 200) return null;
  const parts = new Map<string, string>();
  for (const piece of text.split(';')) {
    const [name, value, extra] = piece.split('=');
    if (!name || value === undefined || extra !== undefined || parts.has(name)) return null;
    const check = PART_CHECKS[name];
    if (!check || !check(value)) return null;
    parts.set(name, value);
  }
  if (!parts.has('FREQ') || (parts.has('COUNT') && parts.has('UNTIL'))) return null;
  return parts;
}

/** The rule's UNTIL as a floating ms (a date: the end of that day), or null. */
export function untilMs(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isCalendarDate(date)) return null;
  if (m[4] === undefined) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6])];
  if (h > 23 || mi > 59 || s > 59) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), h, mi, s);
}

/** The rule in its stored spelling: upper case, parts in a fixed order, UNTIL a date-time (a date: the end of that day; wall-clock time, written with RFC 5545's Z). */
export function normalRule(rule: string): string | null {
  const parts = ruleParts(rule);
  if (!parts) return null;
  const order = ['FREQ', 'INTERVAL', 'BYMONTH', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST', 'COUNT', 'UNTIL'];
  return order
    .filter((k) => parts.has(k))
    .map((k) => {
      const v = parts.get(k) as string;
      if (k === 'UNTIL') return `UNTIL=${new Date(untilMs(v) as number).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
      if (k === 'INTERVAL' || k === 'COUNT') return `${k}=${Number(v)}`;
      return `${k}=${v}`;
    })
    .join(';');
}

/** What the event dialog shows of a rule: the simple forms it builds, or null — a rule it shows as text. */
export interface SimpleRule {
  freq: RuleFreq;
  interval: number;
  /** WEEKLY: the weekdays. */
  byDay: WeekdayCode[];
  /** The last date (`YYYY-MM-DD`), or null. */
  until: string | null;
  count: number | null;
}

export function simpleRule(rule: string | null): SimpleRule | null {
  if (!rule) return null;
  const parts = ruleParts(rule);
  if (!parts) return null;
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT']);
  if ([...parts.keys()].some((k) => !known.has(k))) return null;
  const freq = parts.get('FREQ') as RuleFreq;
  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  // BYDAY of the dialog: plain weekdays of a weekly rule
  if (byDay.length > 0 && (freq !== 'WEEKLY' || byDay.some((d) => !(WEEKDAY_CODES as readonly string[]).includes(d)))) return null;
  const until = parts.get('UNTIL');
  return {
    freq,
    interval: Number(parts.get('INTERVAL') ?? 1),
    byDay: byDay as WeekdayCode[],
    until: until ? new Date(untilMs(until) as number).toISOString().slice(0, 10) : null,
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) : null,
  };
}

/** The rule text of a simple rule. */
export function ruleOf(r: SimpleRule): string {
  const parts = [`FREQ=${r.freq}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.freq === 'WEEKLY' && r.byDay.length > 0) parts.push(`BYDAY=${WEEKDAY_CODES.filter((d) => r.byDay.includes(d)).join(',')}`);
  if (r.count !== null) parts.push(`COUNT=${r.count}`);
  else if (r.until) parts.push(`UNTIL=${r.until.replace(/-/g, '')}`);
  return parts.join(';');
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const uuid = z.string().uuid();

const readersSchema = z
  .object({
    all: z.boolean({ error: 'calendar.validation.readersInvalid' }).default(false),
    roles: z.array(z.string().regex(/^[A-Za-z0-9_]{1,50}$/, 'calendar.validation.readersInvalid'), { error: 'calendar.validation.readersInvalid' }).max(CALENDAR_LIMITS.readerRolesMax, 'calendar.validation.readersInvalid').default([]),
    departmentIds: z.array(uuid, { error: 'calendar.validation.readersInvalid' }).max(CALENDAR_LIMITS.readerDepartmentsMax, 'calendar.validation.readersInvalid').default([]),
  }, { error: 'calendar.validation.readersRequired' });

/** A shared calendar as a manager names it: a name, a colour, its readers (everyone, or roles and/or departments). */
export const calendarInputSchema = z
  .object({
    name: z.string({ error: 'calendar.validation.nameRequired' }).trim().min(1, 'calendar.validation.nameRequired').max(CALENDAR_LIMITS.nameMax, 'calendar.validation.nameTooLong'),
    color: z.string({ error: 'calendar.validation.colorInvalid' }).regex(HEX_COLOR, 'calendar.validation.colorInvalid'),
    readers: readersSchema,
  })
  .refine((v) => v.readers.all || v.readers.roles.length + v.readers.departmentIds.length > 0, { message: 'calendar.validation.readersRequired', path: ['readers'] })
  .transform((v) => ({ ...v, color: v.color.toLowerCase(), readers: v.readers.all ? { all: true, roles: [], departmentIds: [] } : { ...v.readers, roles: [...new Set(v.readers.roles)], departmentIds: [...new Set(v.readers.departmentIds)] } }));
export type CalendarInput = z.input<typeof calendarInputSchema>;
export type CalendarValues = z.output<typeof calendarInputSchema>;

const wallText_ = (key: string) => z.string({ error: key }).trim().min(1, { error: key, abort: true }).refine((s) => wallMs(s) !== null, 'calendar.validation.timeInvalid').transform((s) => s.replace('T', ' '));

/** An event as the dialog sends it. */
export const eventInputSchema = z
  .object({
    calendarId: z.string({ error: 'calendar.validation.calendarRequired' }).refine((s) => uuid.safeParse(s).success, 'calendar.validation.calendarRequired'),
    title: z.string({ error: 'calendar.validation.titleRequired' }).trim().min(1, 'calendar.validation.titleRequired').max(CALENDAR_LIMITS.titleMax, 'calendar.validation.titleTooLong'),
    category: z.enum(EVENT_CATEGORIES, { error: 'calendar.validation.categoryInvalid' }).default('other'),
    allDay: z.boolean({ error: 'calendar.validation.allDayInvalid' }).default(false),
    start: wallText_('calendar.validation.startRequired'),
    end: wallText_('calendar.validation.endRequired'),
    location: z.preprocess((v) => v ?? '', z.string({ error: 'calendar.validation.locationTooLong' }).trim().max(CALENDAR_LIMITS.locationMax, 'calendar.validation.locationTooLong')),
    description: z.preprocess((v) => v ?? '', z.string({ error: 'calendar.validation.descriptionTooLong' }).trim().max(CALENDAR_LIMITS.descriptionMax, 'calendar.validation.descriptionTooLong')),
    rrule: z.preprocess(blankToNull, z.string({ error: 'calendar.validation.ruleInvalid' }).refine((r) => ruleParts(r) !== null, 'calendar.validation.ruleInvalid').nullable()).default(null),
    skipHolidays: z.boolean({ error: 'calendar.validation.skipHolidaysInvalid' }).default(true),
  })
  .superRefine((v, ctx) => checkSpan(v.allDay, v.start, v.end, ctx))
  .transform((v) => ({ ...v, rrule: v.rrule === null ? null : normalRule(v.rrule) }));
export type EventInput = z.input<typeof eventInputSchema>;
export type EventValues = z.output<typeof eventInputSchema>;

/** A drag: the dragged occurrence's new start and end, applied to it alone or to its whole series. */
export const eventMoveSchema = z
  .object({
    scope: z.enum(['occurrence', 'series'], { error: 'calendar.validation.scopeInvalid' }),
    /** The occurrence dragged (its start within the series); null for an event that does not recur. */
    occurrence: z.preprocess(blankToNull, z.string({ error: 'calendar.validation.occurrenceInvalid' }).refine((s) => wallMs(s) !== null, 'calendar.validation.occurrenceInvalid').transform((s) => s.replace('T', ' ')).nullable()).default(null),
    allDay: z.boolean({ error: 'calendar.validation.allDayInvalid' }),
    start: wallText_('calendar.validation.startRequired'),
    end: wallText_('calendar.validation.endRequired'),
  })
  .superRefine((v, ctx) => checkSpan(v.allDay, v.start, v.end, ctx));
export type EventMoveInput = z.input<typeof eventMoveSchema>;
export type EventMoveValues = z.output<typeof eventMoveSchema>;

function checkSpan(allDay: boolean, start: string, end: string, ctx: z.RefinementCtx): void {
  const span = eventSpan(allDay, start, end);
  if (!span) {
    ctx.addIssue({ code: 'custom', message: allDay ? 'calendar.validation.allDayDates' : 'calendar.validation.timedTimes', path: ['start'] });
    return;
  }
  if (span.end <= span.start) ctx.addIssue({ code: 'custom', message: 'calendar.validation.endBeforeStart', path: ['end'] });
  else if (span.end - span.start > CALENDAR_LIMITS.spanDays * DAY_MS) ctx.addIssue({ code: 'custom', message: 'calendar.validation.spanTooLong', path: ['end'] });
}

/** A range read: dates, at most `rangeDays` apart; the calendars to show (none named: every one I may read). */
export const occurrencesQuerySchema = z
  .object({
    from: z.string({ error: 'calendar.validation.rangeInvalid' }).refine(isCalendarDate, 'calendar.validation.rangeInvalid'),
    to: z.string({ error: 'calendar.validation.rangeInvalid' }).refine(isCalendarDate, 'calendar.validation.rangeInvalid'),
    calendarIds: z.preprocess(
      (v) => (v === '' || v === undefined ? [] : typeof v === 'string' ? v.split(',') : v),
      z.array(uuid, { error: 'calendar.validation.calendarRequired' }).max(100, 'calendar.validation.calendarRequired'),
    ),
  })
  .refine((q) => q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS <= CALENDAR_LIMITS.rangeDays, { message: 'calendar.validation.rangeInvalid', path: ['to'] });
export type OccurrencesQuery = z.output<typeof occurrencesQuerySchema>;

/** `DELETE …/events/{id}?occurrence=`: one occurrence of a series (its start there); none: the whole event. */
export const eventDeleteQuerySchema = z.object({
  occurrence: z.preprocess(blankToNull, z.string({ error: 'calendar.validation.occurrenceInvalid' }).refine((s) => wallMs(s) !== null, 'calendar.validation.occurrenceInvalid').transform((s) => s.replace('T', ' ')).nullable()).default(null),
});
export type EventDeleteQuery = z.output<typeof eventDeleteQuerySchema>;
