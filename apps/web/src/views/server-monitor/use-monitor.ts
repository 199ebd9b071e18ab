import { useQuery } from '@tanstack/react-query';
import { AdminPath, type MonitorSnapshot } from '@schoolflow/contracts';
import { requestData } from '../../api/http.js';

export const REFRESH_MS = 5000;

/**
 * The server's snapshot (host, process, database, Redis, queue, sockets), read now and every 5 s while `running` (the
 * page shown in a visible tab). A failed read keeps the last snapshot on screen; the page says why itself (`silent`).
 */
export function useMonitor(running: boolean) {
  return useQuery({
    queryKey: ['admin', 'monitor'] as const,
    queryFn: async ({ signal }) => (await requestData<MonitorSnapshot>(AdminPath.monitor, { json: {}, signal })) ?? null,
    enabled: running,
    refetchInterval: running ? REFRESH_MS : false,
    staleTime: 0,
    meta: { silent: true },
  });
}
