import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The calendar's refusals (messages `server.holiday*`; docs/product/office.md#public-holidays), each stated once — the
 * holidays' use cases throw from here only.
 */
export const CalendarErrors = {
  /** 403: declaring, changing or removing a holiday needs calendar:holidays:edit (reading them is open to anyone signed in). */
  forbidden: () => AppException.forbidden('holidayForbidden'),
  /** 404: also an id that is no uuid. */
  holidayNotFound: () => AppException.notFound('holidayNotFound'),
  /** 409: one declaration a date (the table's unique key decides, so two saves at once cannot both pass). */
  dateUsed: () => AppException.conflict('holidayDateUsed'),
};
