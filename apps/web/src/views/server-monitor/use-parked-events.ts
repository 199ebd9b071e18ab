import { useQuery } from '@tanstack/react-query';
import { parkedClient, parkedKeys } from './parked-events-client.js';

/** The parked events, read again as often as the monitor's other numbers while the page is seen. */
export function useParkedEvents(running: boolean, refreshMs: number) {
  return useQuery({
    queryKey: parkedKeys.all,
    queryFn: ({ signal }) => parkedClient.list(signal),
    enabled: running,
    refetchInterval: running ? refreshMs : false,
  });
}
