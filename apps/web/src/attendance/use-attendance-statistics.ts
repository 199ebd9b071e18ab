import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** A month's statistics per class, and per student of the class chosen. */
export function useAttendanceStatistics(month: string, classId: string | null, enabled: boolean) {
  return useQuery({ queryKey: attendanceKeys.statistics(month, classId), queryFn: ({ signal }) => attendanceClient.statistics(month, classId, signal), enabled, placeholderData: keepPreviousData });
}
