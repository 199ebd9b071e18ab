import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimetableSettings } from '@schoolflow/contracts';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** Sets the school days a week; every grid has that many columns, so every timetable query is read again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TimetableSettings) => timetableClient.saveSettings(body),
    onSuccess: () => client.invalidateQueries({ queryKey: timetableKeys.all }),
  });
}
