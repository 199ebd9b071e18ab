import { useQuery } from '@tanstack/react-query';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** The check-in windows and place. */
export function useCheckinSettings(enabled = true) {
  return useQuery({ queryKey: attendanceKeys.settings, queryFn: ({ signal }) => attendanceClient.settings(signal), enabled });
}
