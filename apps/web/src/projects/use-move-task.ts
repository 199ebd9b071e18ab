import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail, ProjectTask, TaskMove } from '@schoolflow/contracts';
import { projectKeys, projectsClient } from './projects-client.js';

/**
 * A card dropped on the board: shown in its new place at once (`optimistic`: the board's own order), then the
 * server's order taken from the answer; on a refusal the board reads again.
 */
export function useMoveTask(projectId: string) {
  const client = useQueryClient();
  const key = projectKeys.detail(projectId);
  return useMutation({
    mutationFn: ({ taskId, move }: { taskId: string; move: TaskMove; optimistic: ProjectTask[] }) => projectsClient.move(projectId, taskId, move),
    onMutate: async ({ optimistic }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<ProjectDetail>(key, (d) => (d ? { ...d, tasks: optimistic } : d));
    },
    onSuccess: (res) => {
      const tasks = res.data;
      if (tasks) client.setQueryData<ProjectDetail>(key, (d) => (d ? { ...d, tasks } : d));
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}
