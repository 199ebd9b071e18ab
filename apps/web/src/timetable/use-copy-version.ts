import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewVersionInput } from '@schoolflow/contracts';
import { timetableClient } from './timetable-client.js';

/** A new draft of a semester: a copy of one of its timetables (`copyOf`, how a published one is changed), or empty. */
export function useCopyVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewVersionInput) => timetableClient.createVersion(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['timetable', 'versions'] }),
  });
}
