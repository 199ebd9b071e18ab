import { useQuery } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 选课批次: every batch (managers) or my grade's (a student). */
export function useElectiveBatches() {
  return useQuery({ queryKey: electivesKeys.batches, queryFn: ({ signal }) => electivesClient.batches(signal) });
}
