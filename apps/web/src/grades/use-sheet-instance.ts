import { useQuery } from '@tanstack/react-query';
import { gradesClient, gradesKeys } from './grades-client.js';

/**
 * The sheet's grade-confirmation as the flow kit answers it: its version (sent as If-Match) and what I may do (`can`).
 * A reader who is no participant (a head teacher, a manager) may be refused it: then the page offers no decision,
 * and says nothing about it.
 */
export function useSheetInstance(instanceId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: gradesKeys.instance(instanceId ?? ''),
    queryFn: ({ signal }) => gradesClient.instance(instanceId ?? '', signal),
    enabled: enabled && Boolean(instanceId),
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
}
