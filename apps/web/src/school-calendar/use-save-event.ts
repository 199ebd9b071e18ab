import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventValues } from '@schoolflow/contracts';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** Add an event (no id) or change one (a series as a whole); every range read again. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EventValues }) => (id ? schoolCalendarClient.updateEvent(id, body) : schoolCalendarClient.createEvent(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
