import { type CalendarEvent, type CalendarRange, type CalendarReaderOptions, type CalendarValues, type EventMoveValues, type EventValues, type SchoolCalendar, schoolCalendarPath } from '@schoolflow/contracts';
import { request, requestBlob, requestData } from '../api/http.js';

/** Query keys of 校历管理: everything under `school-calendar`; a change marks them all stale. */
export const calendarKeys = {
  all: ['school-calendar'] as const,
  calendars: ['school-calendar', 'calendars'] as const,
  range: (from: string, to: string) => ['school-calendar', 'range', from, to] as const,
  event: (id: string) => ['school-calendar', 'event', id] as const,
  readerOptions: ['school-calendar', 'reader-options'] as const,
};

/** The calls of 校历管理 (docs/product/office.md#school-calendar). */
export const schoolCalendarClient = {
  calendars: (signal?: AbortSignal) => requestData<SchoolCalendar[]>(schoolCalendarPath.calendars, { signal }),
  readerOptions: (signal?: AbortSignal) => requestData<CalendarReaderOptions>(schoolCalendarPath.readerOptions, { signal }),
  range: (from: string, to: string, signal?: AbortSignal) => requestData<CalendarRange>(schoolCalendarPath.events, { query: { from, to }, signal }),
  event: (id: string, signal?: AbortSignal) => requestData<CalendarEvent>(schoolCalendarPath.event(id), { signal }),
  createEvent: (body: EventValues) => request<CalendarEvent>(schoolCalendarPath.events, { method: 'POST', json: body }),
  updateEvent: (id: string, body: EventValues) => request<CalendarEvent>(schoolCalendarPath.event(id), { method: 'PUT', json: body }),
  moveEvent: (id: string, body: EventMoveValues) => request<CalendarEvent>(schoolCalendarPath.move(id), { method: 'POST', json: body }),
  deleteEvent: (id: string, occurrence: string | null) => request<null>(schoolCalendarPath.event(id), { method: 'DELETE', query: { occurrence } }),
  createCalendar: (body: CalendarValues) => request<SchoolCalendar>(schoolCalendarPath.calendars, { method: 'POST', json: body }),
  updateCalendar: (id: string, body: CalendarValues) => request<SchoolCalendar>(schoolCalendarPath.calendar(id), { method: 'PUT', json: body }),
  deleteCalendar: (id: string) => request<null>(schoolCalendarPath.calendar(id), { method: 'DELETE' }),
  ics: (id: string) => requestBlob(schoolCalendarPath.ics(id)),
};
