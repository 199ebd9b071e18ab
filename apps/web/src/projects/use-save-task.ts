import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaskValues } from '@schoolflow/contracts';
import { projectKeys, projectsClient } from './projects-client.js';

/** Add a task (no id) or change one; the board and the task's detail read again. */
export function useSaveTask(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: string | null; body: TaskValues }) => (taskId ? projectsClient.updateTask(projectId, taskId, body) : projectsClient.createTask(projectId, body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      void client.invalidateQueries({ queryKey: projectKeys.tasks(projectId) });
    },
  });
}
