import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient, type SubmissionBody } from './publishing-client.js';

/**
 * 提交作业: a student (or a parent for the child) hands in once, then edits until due. The submissions are read
 * again; so are the lists, as the home page's "due this week" is about what is still to do.
 */
export function useSubmitHomework() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: SubmissionBody; edit: boolean }) => publishingClient.submit(v.id, v.body, v.edit),
    onSettled: (_d, _e, v) => {
      void client.invalidateQueries({ queryKey: postsKeys.submissionsOf(v.id) });
      void client.invalidateQueries({ queryKey: postsKeys.lists });
    },
  });
}
