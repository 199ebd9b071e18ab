import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/**
 * Today's absences across the school, read while shown and again whenever a roll is saved anywhere
 * (`attendance.changed`, pushed to those who see the whole school) or after a missed push.
 */
export function useAbsences(active: boolean) {
  const client = useQueryClient();
  const stale = () => void client.invalidateQueries({ queryKey: attendanceKeys.absences });
  useRealtime('attendance.changed', stale, stale);
  return useQuery({ queryKey: attendanceKeys.absences, queryFn: ({ signal }) => attendanceClient.absences(signal), enabled: active });
}
