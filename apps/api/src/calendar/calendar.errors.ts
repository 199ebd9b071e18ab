import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The calendar's refusals, each stated once — the use cases throw from here only. The holidays' (messages
 * `server.holiday*`; docs/product/office.md#public-holidays) and the school calendar's (messages `calendar.errors.*`;
 * docs/product/office.md#school-calendar).
 */
export const CalendarErrors = {
  /** 403: declaring, changing or removing a holiday needs calendar:holidays:edit (reading them is open to anyone signed in). */
  holidayForbidden: () => AppException.forbidden('holidayForbidden'),
  /** 404: also an id that is no uuid. */
  holidayNotFound: () => AppException.notFound('holidayNotFound'),
  /** 409: one declaration a date (the table's unique key decides, so two saves at once cannot both pass). */
  dateUsed: () => AppException.conflict('holidayDateUsed'),

  /** 403: the school calendar, a shared calendar, or calendars themselves, without calendar:manage. */
  forbidden: () => AppException.forbidden('calendar.errors.forbidden'),
  /** 404: no such calendar, or one the user may not read (another's personal calendar is not said to exist). */
  calendarNotFound: () => AppException.notFound('calendar.errors.notFound'),
  /** 404: no such event, or one in a calendar the user may not read. */
  eventNotFound: () => AppException.notFound('calendar.errors.eventNotFound'),
  /** 400: the school calendar is not deleted (and keeps everyone as its readers). */
  schoolKept: () => AppException.badRequest('calendar.errors.schoolKept'),
  /** 400: a personal calendar is not changed or deleted through the calendars' calls. */
  personalKept: () => AppException.badRequest('calendar.errors.personalKept'),
  /** 400: the series has no occurrence at the time named. */
  occurrenceNotFound: () => AppException.badRequest('calendar.errors.occurrenceNotFound'),
  /** 400: one occurrence named of an event that does not recur. */
  notRecurring: () => AppException.badRequest('calendar.errors.notRecurring'),
  /** 400: an occurrence changed on its own given a rule. */
  overrideHasRule: () => AppException.badRequest('calendar.errors.overrideHasRule'),
  /** 400: a reader role or department that does not exist. */
  roleUnknown: () => AppException.badRequest('calendar.errors.roleUnknown'),
  departmentUnknown: () => AppException.badRequest('calendar.errors.departmentUnknown'),
  /** 400: times that do not fit the event's kind (the schema checks them first). */
  timeInvalid: () => AppException.badRequest('calendar.validation.timeInvalid'),
  /** 400: a rule the recurrence library does not take. */
  ruleInvalid: () => AppException.badRequest('calendar.validation.ruleInvalid'),
};
