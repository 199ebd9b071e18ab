import { useQuery } from '@tanstack/react-query';
import { healthClient, healthKeys } from './health-client.js';

/** A student's own health records, a parent's chosen child's. */
export function useMyHealth(studentId: string | null, enabled: boolean) {
  return useQuery({ queryKey: healthKeys.mine(studentId), queryFn: ({ signal }) => healthClient.mine(studentId, signal), enabled });
}
