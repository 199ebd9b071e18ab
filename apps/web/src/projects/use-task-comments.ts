import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, TaskDetail } from '@schoolflow/contracts';
import { projectKeys, projectsClient } from './projects-client.js';

function useTaskChange<V>(projectId: string, taskId: string, call: (v: V) => Promise<Envelope<TaskDetail>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (res) => {
      if (res.data) client.setQueryData(projectKeys.task(projectId, taskId), res.data);
      void client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}

/** Comment on a task. */
export function useAddComment(projectId: string, taskId: string) {
  return useTaskChange(projectId, taskId, (content: string) => projectsClient.comment(projectId, taskId, content));
}

/** Delete a comment (its author, or the project's owner). */
export function useDeleteComment(projectId: string, taskId: string) {
  return useTaskChange(projectId, taskId, (commentId: string) => projectsClient.uncomment(projectId, taskId, commentId));
}

/** Attach one's uploads to a task. */
export function useAttachFiles(projectId: string, taskId: string) {
  return useTaskChange(projectId, taskId, (resIds: string[]) => projectsClient.attach(projectId, taskId, resIds));
}

/** Remove an attachment (who attached it, or the project's owner). */
export function useDetachFile(projectId: string, taskId: string) {
  return useTaskChange(projectId, taskId, (resId: string) => projectsClient.detach(projectId, taskId, resId));
}
