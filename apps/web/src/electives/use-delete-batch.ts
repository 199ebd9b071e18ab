import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** Deletes a batch that has not started; the list reads again. */
export function useDeleteBatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => electivesClient.deleteBatch(id), onSuccess: () => void client.invalidateQueries({ queryKey: electivesKeys.batches }) });
}
