import { useQuery } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** My selections and ranked preferences in a batch. */
export function useMyElectives(batchId: string) {
  return useQuery({ queryKey: electivesKeys.mine(batchId), queryFn: ({ signal }) => electivesClient.mine(batchId, signal), enabled: batchId !== '' });
}
