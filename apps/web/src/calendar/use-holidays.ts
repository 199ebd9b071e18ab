import { useQuery } from '@tanstack/react-query';
import { holidayKeys, holidaysClient } from './holidays-client.js';

/** The declared days of a year (the page's list). */
export function useHolidays(year: number, enabled: boolean) {
  return useQuery({ queryKey: holidayKeys.year(year), queryFn: ({ signal }) => holidaysClient.year(year, signal), enabled });
}
