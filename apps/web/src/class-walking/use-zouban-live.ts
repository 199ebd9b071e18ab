import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { zoubanKeys } from './class-walking-client.js';

/**
 * Keeps 走班管理 live: `zouban.choice` (to the class's head teachers) marks that window's progress and counts stale,
 * so the class's progress follows each student's choice without a reload; a resync reads everything again.
 */
export function useZoubanLive(): void {
  const client = useQueryClient();
  useRealtime(
    'zouban.choice',
    (p) => {
      void client.invalidateQueries({ queryKey: zoubanKeys.of(p.windowId) });
      void client.invalidateQueries({ queryKey: zoubanKeys.windows });
    },
    () => void client.invalidateQueries({ queryKey: zoubanKeys.all }),
  );
}
