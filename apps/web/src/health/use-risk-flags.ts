import { useQuery } from '@tanstack/react-query';
import { healthClient, healthKeys } from './health-client.js';

/** The medium/high flags of a page of students, one request for the page (asked only when `enabled`). */
export function useRiskFlags(studentIds: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: healthKeys.flags(studentIds),
    queryFn: ({ signal }) => healthClient.flags(studentIds, signal),
    enabled: enabled && studentIds.length > 0,
    staleTime: 30_000,
  });
}
