import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** Delete an event, or one occurrence of a series; every range read again. */
export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, occurrence }: { id: string; occurrence: string | null }) => schoolCalendarClient.deleteEvent(id, occurrence),
    onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
