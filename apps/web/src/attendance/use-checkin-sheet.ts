import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** My check-ins of a month. */
export function useCheckinSheet(month: string, enabled: boolean) {
  return useQuery({ queryKey: attendanceKeys.sheet(month), queryFn: ({ signal }) => attendanceClient.sheet(month, signal), enabled, placeholderData: keepPreviousData });
}
