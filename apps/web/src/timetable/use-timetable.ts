import { useQuery } from '@tanstack/react-query';
import type { TimetableAnswer, TimetableQuery } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { cleanQuery, timetableClient, timetableKeys } from './timetable-client.js';

/** The query without its week: two answers of one timetable and narrowing, a week apart. */
const sameButWeek = (key: readonly unknown[], q: TimetableQuery): boolean => {
  const prev = key[3] as TimetableQuery | undefined;
  if (!prev) return false;
  const { week: _a, ...a } = cleanQuery(prev);
  const { week: _b, ...b } = cleanQuery(q);
  return JSON.stringify(a) === JSON.stringify(b);
};

/**
 * A timetable as the inquiry answers it (`GET /api/timetable`): the template or a week, narrowed by the query; null
 * asks nothing yet (a picker not chosen). Paging through weeks keeps the week before on screen until the next one
 * arrives, so the grid does not blink; another narrowing (another class) is not shown as this one meanwhile.
 */
export function useTimetable(q: TimetableQuery | null, enabled = true) {
  const { lang } = useT();
  const query = q ?? {};
  return useQuery({
    queryKey: timetableKeys.inquiry(query, lang),
    queryFn: ({ signal }): Promise<TimetableAnswer> => timetableClient.inquiry(query, signal),
    enabled: enabled && q !== null,
    placeholderData: (previous, previousQuery) => (previousQuery && sameButWeek(previousQuery.queryKey, query) ? previous : undefined),
  });
}
