import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DutySlotValues } from '@schoolflow/contracts';
import { dutyClient, dutyKeys } from './duty-client.js';

/** One slot of a draft by hand: the lists read again. */
export function useSetSlot() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: DutySlotValues }) => dutyClient.slot(id, body), onSuccess: () => void client.invalidateQueries({ queryKey: dutyKeys.all }) });
}
