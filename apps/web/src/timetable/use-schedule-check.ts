import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { timetableClient, timetableKeys } from './timetable-client.js';

/**
 * What the scheduler would be given for a semester and what makes it impossible, asked afresh each time the
 * automatic scheduling dialog opens (weekly periods and assignments may have changed since).
 */
export function useScheduleCheck(semesterId: string, enabled: boolean) {
  const { lang } = useT();
  return useQuery({
    queryKey: timetableKeys.check(semesterId, lang),
    queryFn: ({ signal }) => timetableClient.check(semesterId, signal),
    enabled: enabled && semesterId !== '',
    staleTime: 0,
    gcTime: 0,
  });
}
