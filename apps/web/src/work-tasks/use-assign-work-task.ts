import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkTaskValues } from '@schoolflow/contracts';
import { workTaskKeys, workTasksClient } from './work-tasks-client.js';

/** 下达任务: the lists read again. */
export function useAssignWorkTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: WorkTaskValues) => workTasksClient.create(body), onSuccess: () => void client.invalidateQueries({ queryKey: workTaskKeys.all }) });
}
