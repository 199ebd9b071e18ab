import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** Delete a shared calendar with its events; the calendars and ranges read again. */
export function useDeleteCalendar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => schoolCalendarClient.deleteCalendar(id), onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.all }) });
}
