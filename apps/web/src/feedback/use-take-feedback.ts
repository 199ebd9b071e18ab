import { useMutation } from '@tanstack/react-query';
import { feedbackClient } from './feedback-client.js';
import { useStepDone } from './use-feedback-step.js';

/** 受理: a handler takes submitted feedback. */
export function useTakeFeedback() {
  const done = useStepDone();
  return useMutation({ mutationFn: (id: string) => feedbackClient.take(id), onSuccess: (res) => done(res.data) });
}
