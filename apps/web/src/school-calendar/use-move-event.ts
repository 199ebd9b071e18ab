import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventMoveValues } from '@schoolflow/contracts';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** An event dragged: one occurrence or the whole series; every range read again (also after a refusal, to put it back). */
export function useMoveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EventMoveValues }) => schoolCalendarClient.moveEvent(id, body),
    onSettled: () => void client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
