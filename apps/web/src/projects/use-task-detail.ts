import { useQuery } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** A task with its comments and attachments, while its panel is open. */
export function useTaskDetail(projectId: string, taskId: string | null) {
  return useQuery({ queryKey: projectKeys.task(projectId, taskId ?? ''), queryFn: ({ signal }) => projectsClient.task(projectId, taskId ?? '', signal), enabled: taskId !== null, retry: false });
}
