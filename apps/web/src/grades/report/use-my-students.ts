import { useQuery } from '@tanstack/react-query';
import { reportClient, reportKeys } from './report-client.js';

/** My own student record and my children (a student sees one, a parent each child). */
export function useMyStudents(enabled: boolean) {
  return useQuery({ queryKey: reportKeys.mine, queryFn: ({ signal }) => reportClient.mine(signal), enabled, staleTime: 5 * 60_000 });
}
