import { useQuery } from '@tanstack/react-query';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** The classes and periods of a date whose roll I may take or read. */
export function useRollClasses(date: string, enabled: boolean) {
  return useQuery({ queryKey: attendanceKeys.classes(date), queryFn: ({ signal }) => attendanceClient.classes(date, signal), enabled: enabled && date !== '' });
}
