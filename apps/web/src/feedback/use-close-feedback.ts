import { useMutation } from '@tanstack/react-query';
import { feedbackClient } from './feedback-client.js';
import { useStepDone } from './use-feedback-step.js';

/** 关闭反馈, with an optional note (its submitter or a handler). */
export function useCloseFeedback() {
  const done = useStepDone();
  return useMutation({ mutationFn: ({ id, note }: { id: string; note: string }) => feedbackClient.close(id, note), onSuccess: (res) => done(res.data) });
}
