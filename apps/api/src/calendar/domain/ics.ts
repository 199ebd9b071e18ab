import ICAL from 'ical.js';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { type EventCategory, type HolidayDay, parseSchoolTime } from '@schoolflow/contracts';

/** An event as the export writes it: floating wall-clock ms (docs/adr/0058-school-calendar.md#recurrence). */
export interface IcsEvent {
  id: string;
  title: string;
  category: EventCategory;
  allDay: boolean;
  start: number;
  /** Excluded (an all-day event's: the midnight after its last day). */
  end: number;
  location: string;
  description: string;
  rule: string | null;
  /** The series' exceptions, the holidays it skips among them. */
  exdates: readonly number[];
  seriesId: string | null;
  recurrenceId: number | null;
  updatedAt: number;
}

export interface IcsCalendar {
  name: string;
  /** The school's IANA zone: timed events carry it as TZID, with its VTIMEZONE. */
  timeZone: string;
  events: readonly IcsEvent[];
  /** Written as transparent all-day events (the school calendar's export). */
  holidays: readonly HolidayDay[];
  holidayName: (h: HolidayDay) => string;
  /** When the file is made (DTSTAMP). */
  stamp: number;
}

const UID_DOMAIN = 'schoolflow';

/** A floating ms as an iCalendar date or local date-time. */
function wallTime(ms: number, isDate: boolean): ICAL.Time {
  const d = new Date(ms);
  return ICAL.Time.fromData({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: isDate ? 0 : d.getUTCHours(), minute: isDate ? 0 : d.getUTCMinutes(), second: isDate ? 0 : d.getUTCSeconds(), isDate });
}

function addTime(c: ICAL.Component, name: string, ms: number, allDay: boolean, timeZone: string): void {
  const p = c.addPropertyWithValue(name, wallTime(ms, allDay));
  if (!allDay) p.setParameter('tzid', timeZone);
}

/**
 * The rule for the file: with a zoned DTSTART, RFC 5545 wants UNTIL in UTC — the wall-clock UNTIL the calendar keeps is
 * turned into that instant; an all-day series' UNTIL is a date.
 */
function exportedRule(rule: string, allDay: boolean, timeZone: string): string {
  return rule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?/, (_m, y: string, mo: string, d: string, h: string, mi: string, s: string) => {
    if (allDay) return `UNTIL=${y}${mo}${d}`;
    const instant = parseSchoolTime(`${y}-${mo}-${d} ${h}:${mi}:${s}`, timeZone) as number;
    return `UNTIL=${new Date(instant).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  });
}

/**
 * One calendar as an iCalendar object (RFC 5545; docs/adr/0058-school-calendar.md#ical): a VEVENT per event — a series
 * with its RRULE and EXDATEs, an occurrence changed on its own with its series' UID and RECURRENCE-ID — timed events in
 * the school's zone (TZID with its VTIMEZONE), all-day ones as dates; ical.js writes it (escaping, folding, CRLF).
 */
export function buildIcs(cal: IcsCalendar): string {
  const root = new ICAL.Component(['vcalendar', [], []]);
  root.addPropertyWithValue('prodid', '-//SchoolFlow//School calendar//ZH');
  root.addPropertyWithValue('version', '2.0');
  root.addPropertyWithValue('calscale', 'GREGORIAN');
  root.addPropertyWithValue('method', 'PUBLISH');
  root.addPropertyWithValue('x-wr-calname', cal.name);
  root.addPropertyWithValue('x-wr-timezone', cal.timeZone);
  // the zone's definition (a zone the tz data does not know is written without one: readers then take the TZID as named)
  const zone = cal.events.some((e) => !e.allDay) ? getVtimezoneComponent(cal.timeZone) : null;
  if (zone) root.addSubcomponent(new ICAL.Component(ICAL.parse(zone) as unknown[]));
  const stamp = ICAL.Time.fromJSDate(new Date(cal.stamp), true);

  for (const e of cal.events) {
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', `${e.seriesId ?? e.id}@${UID_DOMAIN}`);
    v.addPropertyWithValue('dtstamp', stamp);
    v.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(e.updatedAt), true));
    addTime(v, 'dtstart', e.start, e.allDay, cal.timeZone);
    addTime(v, 'dtend', e.end, e.allDay, cal.timeZone);
    if (e.recurrenceId !== null) addTime(v, 'recurrence-id', e.recurrenceId, e.allDay, cal.timeZone);
    if (e.rule) {
      v.addPropertyWithValue('rrule', ICAL.Recur.fromString(exportedRule(e.rule, e.allDay, cal.timeZone)));
      for (const x of e.exdates) addTime(v, 'exdate', x, e.allDay, cal.timeZone);
    }
    v.addPropertyWithValue('summary', e.title);
    if (e.location) v.addPropertyWithValue('location', e.location);
    if (e.description) v.addPropertyWithValue('description', e.description);
    v.addPropertyWithValue('categories', e.category.toUpperCase());
    root.addSubcomponent(v);
  }

  for (const h of cal.holidays) {
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', `holiday-${h.date}@${UID_DOMAIN}`);
    v.addPropertyWithValue('dtstamp', stamp);
    const day = Date.parse(`${h.date}T00:00:00Z`);
    addTime(v, 'dtstart', day, true, cal.timeZone);
    addTime(v, 'dtend', day + 86_400_000, true, cal.timeZone);
    v.addPropertyWithValue('summary', cal.holidayName(h));
    v.addPropertyWithValue('categories', h.kind === 'holiday' ? 'HOLIDAY' : 'WORKDAY');
    v.addPropertyWithValue('transp', 'TRANSPARENT');
    root.addSubcomponent(v);
  }
  return root.toString();
}
