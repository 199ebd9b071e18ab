import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient, type ReviewBody } from './publishing-client.js';

/** 批改: the teacher comments on (and may score) one student's submission; the class overview is read again. */
export function useReviewSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; studentId: string; body: ReviewBody }) => publishingClient.review(v.id, v.studentId, v.body),
    onSettled: (_d, _e, v) => client.invalidateQueries({ queryKey: postsKeys.submissionsOf(v.id) }),
  });
}
