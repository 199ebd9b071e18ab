import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleInput } from '@schoolflow/contracts';
import { timetableClient } from './timetable-client.js';

/** Starts the automatic scheduler: its draft is listed at once (running), its job's progress is watched by the page. */
export function useStartSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) => timetableClient.schedule(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['timetable', 'versions'] }),
  });
}
