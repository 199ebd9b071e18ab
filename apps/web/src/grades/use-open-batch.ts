import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../resources/resource-client.js';
import { gradesClient, gradesKeys } from './grades-client.js';

/** 开始录入: one sheet per (class, course) of the batch; the batch (opened) and its sheets are read again. */
export function useOpenBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => gradesClient.open(batchId),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: gradesKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.all })]),
  });
}
