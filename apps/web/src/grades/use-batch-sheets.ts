import { useQuery } from '@tanstack/react-query';
import { gradesClient, gradesKeys } from './grades-client.js';

/** Every sheet of a batch with its state and counts (成绩确认). */
export function useBatchSheets(batchId: string, enabled: boolean) {
  return useQuery({
    queryKey: gradesKeys.batchSheets(batchId),
    queryFn: ({ signal }) => gradesClient.batchSheets(batchId, signal),
    enabled: enabled && batchId !== '',
    staleTime: 0,
  });
}
