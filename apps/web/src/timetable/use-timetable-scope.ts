import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** Who the inquiry may show the signed-in user: the views it offers (staff), their classes, a student or children. */
export function useTimetableScope(enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: timetableKeys.scope(lang),
    queryFn: ({ signal }) => timetableClient.scope(signal),
    enabled,
    // who one is does not change while the page is open
    staleTime: 10 * 60_000,
  });
}
