import { useQuery } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** The calendars I may read (my personal one among them). */
export function useCalendars(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.calendars, queryFn: ({ signal }) => schoolCalendarClient.calendars(signal), enabled });
}
