import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarValues } from '@schoolflow/contracts';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** Make a shared calendar (no id) or change one; the calendars and ranges read again. */
export function useSaveCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CalendarValues }) => (id ? schoolCalendarClient.updateCalendar(id, body) : schoolCalendarClient.createCalendar(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
