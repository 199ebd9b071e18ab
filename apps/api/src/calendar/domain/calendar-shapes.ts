import { type CalendarEvent, type CalendarOccurrence, endText, eventSpan, type Language, type SchoolCalendar, wallText } from '@schoolflow/contracts';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { CalendarErrors } from '../calendar.errors.js';
import { ruleParses, seriesEnd } from './recurrence.js';
import type { CalendarRow, EventRow, EventWrite } from './school-calendar.repository.js';

/** A calendar as its reader sees it: the school's and a personal one named in the reader's language. */
export function calendarOf(c: CalendarRow, canEdit: boolean, lang: Language): SchoolCalendar {
  return {
    id: c.id,
    kind: c.kind,
    name: c.kind === 'shared' ? c.name : translate(lang, `calendar.kinds.${c.kind}`),
    color: c.color,
    readers: { all: c.readersAll, roles: c.readerRoles, departmentIds: c.readerDepartments },
    canEdit,
  };
}

export function eventOf(e: EventRow, canEdit: boolean): CalendarEvent {
  return {
    id: e.id,
    calendarId: e.calendarId,
    title: e.title,
    category: e.category,
    allDay: e.allDay,
    start: wallText(e.start, e.allDay),
    end: endText(e.end, e.allDay),
    location: e.location,
    description: e.description,
    rrule: e.rrule,
    exdates: e.exdates.map((x) => wallText(x, e.allDay)),
    skipHolidays: e.skipHolidays,
    seriesId: e.seriesId,
    recurrenceId: e.recurrenceId === null ? null : wallText(e.recurrenceId, e.allDay),
    canEdit,
    updatedAt: new Date(e.updatedAt).toISOString(),
  };
}

/** One occurrence of an event starting at `start` (a single event's own start; a series' occurrence). */
export function occurrenceOf(e: EventRow, start: number, canEdit: boolean): CalendarOccurrence {
  const duration = e.end - e.start;
  const recurring = e.rrule !== null || e.seriesId !== null;
  return {
    eventId: e.id,
    seriesId: e.seriesId,
    calendarId: e.calendarId,
    title: e.title,
    category: e.category,
    allDay: e.allDay,
    start: wallText(start, e.allDay),
    end: endText(start + duration, e.allDay),
    location: e.location,
    description: e.description,
    recurring,
    occurrence: e.rrule !== null ? wallText(start, e.allDay) : e.recurrenceId !== null ? wallText(e.recurrenceId, e.allDay) : null,
    canEdit,
  };
}

/** What an event's input stores (the schema checked its parts; the span and the rule are read again here). */
export function eventWrite(v: { calendarId: string; title: string; category: EventWrite['category']; allDay: boolean; start: string; end: string; location: string; description: string; rrule: string | null; skipHolidays: boolean }, exdates: number[]): EventWrite {
  const span = eventSpan(v.allDay, v.start, v.end);
  if (!span) throw CalendarErrors.timeInvalid();
  if (v.rrule !== null && !ruleParses(v.rrule, span.start)) throw CalendarErrors.ruleInvalid();
  return {
    calendarId: v.calendarId,
    title: v.title,
    category: v.category,
    allDay: v.allDay,
    start: span.start,
    end: span.end,
    location: v.location,
    description: v.description,
    rrule: v.rrule,
    seriesEnd: v.rrule === null ? null : seriesEnd(v.rrule, span.start, span.end - span.start),
    exdates,
    skipHolidays: v.skipHolidays,
  };
}

/** A stored event's values as a write (to change some of them). */
export function writeOf(e: EventRow): EventWrite {
  return { calendarId: e.calendarId, title: e.title, category: e.category, allDay: e.allDay, start: e.start, end: e.end, location: e.location, description: e.description, rrule: e.rrule, seriesEnd: e.rrule === null ? null : seriesEnd(e.rrule, e.start, e.end - e.start), exdates: e.exdates, skipHolidays: e.skipHolidays };
}
