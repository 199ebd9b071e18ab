import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calendarKeys, schoolCalendarClient } from './school-calendar-client.js';

/** The occurrences and declared holidays from `from` to `to` (dates, both included) — the view's shown range; null: none yet. */
export function useCalendarRange(range: { from: string; to: string } | null, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.range(range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => schoolCalendarClient.range(range!.from, range!.to, signal),
    enabled: enabled && range !== null,
    // the previous range stays drawn while the next one is read (no flash when paging months)
    placeholderData: keepPreviousData,
  });
}
