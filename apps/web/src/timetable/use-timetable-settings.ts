import { useQuery } from '@tanstack/react-query';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** The school's days a week. */
export function useTimetableSettings(enabled = true) {
  return useQuery({ queryKey: timetableKeys.settings, queryFn: ({ signal }) => timetableClient.settings(signal), enabled });
}
