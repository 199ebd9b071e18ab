import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** Deletes a draft or an archived timetable (the published one is refused, 422). */
export function useDeleteVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => timetableClient.remove(id),
    onSettled: () => client.invalidateQueries({ queryKey: timetableKeys.all }),
  });
}
