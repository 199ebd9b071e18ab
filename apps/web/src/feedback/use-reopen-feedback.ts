import { useMutation } from '@tanstack/react-query';
import type { FeedbackReopenInput } from '@schoolflow/contracts';
import { feedbackClient } from './feedback-client.js';
import { useStepDone } from './use-feedback-step.js';

/** 重新打开, once, saying why (its submitter). */
export function useReopenFeedback() {
  const done = useStepDone();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: FeedbackReopenInput }) => feedbackClient.reopen(id, body), onSuccess: (res) => done(res.data) });
}
