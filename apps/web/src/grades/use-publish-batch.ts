import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../resources/resource-client.js';
import { gradesClient, gradesKeys } from './grades-client.js';

/** 发布成绩: refused (422) while a sheet has not passed, the answer naming them; the batch is read again either way. */
export function usePublishBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => gradesClient.publish(batchId),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: gradesKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.all })]),
  });
}
