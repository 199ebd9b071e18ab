import { useMutation } from '@tanstack/react-query';
import type { FeedbackReplyInput } from '@schoolflow/contracts';
import { feedbackClient } from './feedback-client.js';
import { useStepDone } from './use-feedback-step.js';

/** 回复: the submitter is told by the server at once. */
export function useReplyFeedback() {
  const done = useStepDone();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: FeedbackReplyInput }) => feedbackClient.reply(id, body), onSuccess: (res) => done(res.data) });
}
