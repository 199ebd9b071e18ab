import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DutyRosterValues } from '@schoolflow/contracts';
import { dutyClient, dutyKeys } from './duty-client.js';

/** 新建排班: the lists read again. */
export function useCreateRoster() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: DutyRosterValues) => dutyClient.create(body), onSuccess: () => void client.invalidateQueries({ queryKey: dutyKeys.all }) });
}
