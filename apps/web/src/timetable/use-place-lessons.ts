import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceLessonsInput } from '@schoolflow/contracts';
import { timetableClient, timetableKeys } from './timetable-client.js';

/**
 * Saves a class's whole week in a draft. Once saved, the draft's lessons (the grid, the clash marking of the other
 * classes) and its count in the versions are read again; a refusal (409 with the clashes) is left to the editor.
 */
export function usePlaceLessons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceLessonsInput) => timetableClient.placeLessons(body),
    onSuccess: () => client.invalidateQueries({ queryKey: timetableKeys.all }),
  });
}
