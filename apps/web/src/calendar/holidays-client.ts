import { calendarPath, type Holiday, type HolidayValues } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of the declared days: everything under `holidays`; a change marks every year and range stale. */
export const holidayKeys = {
  all: ['holidays'] as const,
  year: (year: number) => ['holidays', 'year', year] as const,
  between: (from: string, to: string) => ['holidays', 'between', from, to] as const,
};

/** The calls of 法定节假日设置 (docs/product/office.md#public-holidays). */
export const holidaysClient = {
  year: (year: number, signal?: AbortSignal) => requestData<Holiday[]>(calendarPath.holidays, { query: { year }, signal }),
  between: (from: string, to: string, signal?: AbortSignal) => requestData<Holiday[]>(calendarPath.holidays, { query: { from, to }, signal }),
  create: (body: HolidayValues) => request<Holiday>(calendarPath.holidays, { method: 'POST', json: body }),
  update: (id: string, body: HolidayValues) => request<Holiday>(calendarPath.holiday(id), { method: 'PUT', json: body }),
  remove: (id: string) => request<null>(calendarPath.holiday(id), { method: 'DELETE' }),
};
