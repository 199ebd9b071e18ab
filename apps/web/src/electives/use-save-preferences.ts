import { useMutation, useQueryClient } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 保存志愿 (lottery batches): my ranked choices replace the earlier ones. */
export function useSavePreferences(batchId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (courseIds: string[]) => electivesClient.preferences(batchId, courseIds), onSettled: () => void client.invalidateQueries({ queryKey: electivesKeys.mine(batchId) }) });
}
