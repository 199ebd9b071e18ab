import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DutyGenerateValues } from '@schoolflow/contracts';
import { dutyClient, dutyKeys } from './duty-client.js';

/** 自动轮值 over a draft: the lists read again. */
export function useGenerateRoster() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: DutyGenerateValues }) => dutyClient.generate(id, body), onSuccess: () => void client.invalidateQueries({ queryKey: dutyKeys.all }) });
}
