import { useQuery } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** One event as stored (a series with its rule), for the edit dialog; null: a new event. */
export function useCalendarEvent(id: string | null) {
  return useQuery({ queryKey: calendarKeys.event(id ?? ''), queryFn: ({ signal }) => schoolCalendarClient.event(id!, signal), enabled: id !== null, staleTime: 0 });
}
