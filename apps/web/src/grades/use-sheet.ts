import { useQuery } from '@tanstack/react-query';
import { gradesClient, gradesKeys, type SheetRef } from './grades-client.js';

/**
 * One sheet. Read afresh when the page opens, and otherwise only when asked (after a save, a decision, a push): a
 * refetch of its own would land under the teacher's typing.
 */
export function useSheet(ref: SheetRef, enabled: boolean) {
  return useQuery({
    queryKey: gradesKeys.sheet(ref),
    queryFn: ({ signal }) => gradesClient.sheet(ref, signal),
    enabled: enabled && ref.batchId !== '' && ref.classId !== '' && ref.courseId !== '',
    staleTime: Infinity,
    gcTime: 0,
  });
}
