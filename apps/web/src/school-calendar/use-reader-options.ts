import { useQuery } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** The roles and departments a shared calendar may be given to (managers). */
export function useReaderOptions(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.readerOptions, queryFn: ({ signal }) => schoolCalendarClient.readerOptions(signal), enabled, staleTime: 5 * 60_000 });
}
