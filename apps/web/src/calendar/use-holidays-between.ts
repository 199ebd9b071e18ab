import { useQuery } from '@tanstack/react-query';
import { holidayKeys, holidaysClient } from './holidays-client.js';

/**
 * The declared days from `from` to `to` (`YYYY-MM-DD`, both included; null: nothing asked yet) — the leave form's
 * window, so it counts its days as the server will. Declarations change seldom: kept a few minutes.
 */
export function useHolidaysBetween(from: string | null, to: string | null) {
  return useQuery({
    queryKey: holidayKeys.between(from ?? '', to ?? ''),
    queryFn: ({ signal }) => holidaysClient.between(from as string, to as string, signal),
    enabled: from !== null && to !== null && from <= to,
    staleTime: 5 * 60_000,
  });
}
