import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 抽签: the draw, reproducible by seed; the batch's lists read again. */
export function useDrawLottery(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seed: string | undefined) => electivesClient.draw(batchId, seed),
    onSuccess: () => void client.invalidateQueries({ queryKey: electivesKeys.all }),
  });
}
