import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ElectiveBatchInput } from '@schoolflow/contracts';
import { electivesClient, electivesKeys } from './electives-client.js';

/** A new batch; the list reads again. */
export function useCreateBatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ElectiveBatchInput) => electivesClient.createBatch(body), onSuccess: () => void client.invalidateQueries({ queryKey: electivesKeys.batches }) });
}
