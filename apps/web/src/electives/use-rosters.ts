import { useQuery } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 选课名单: each course's students (managers). */
export function useRosters(batchId: string, enabled: boolean) {
  return useQuery({ queryKey: electivesKeys.rosters(batchId), queryFn: ({ signal }) => electivesClient.rosters(batchId, signal), enabled: enabled && batchId !== '' });
}
