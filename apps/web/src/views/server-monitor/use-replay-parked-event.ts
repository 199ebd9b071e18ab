import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParkedReplay } from '@schoolflow/contracts';
import { parkedClient, parkedKeys } from './parked-events-client.js';

/** 重放: one parked event through its subscription again; the list is read again whatever came of it. */
export function useReplayParkedEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ParkedReplay) => parkedClient.replay(body),
    onSettled: () => client.invalidateQueries({ queryKey: parkedKeys.all }),
  });
}
