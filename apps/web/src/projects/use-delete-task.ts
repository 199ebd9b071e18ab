import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** Delete a task; the board reads again. */
export function useDeleteTask(projectId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (taskId: string) => projectsClient.removeTask(projectId, taskId), onSuccess: () => void client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }) });
}
