import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackValues } from '@schoolflow/contracts';
import { feedbackClient, feedbackKeys } from './feedback-client.js';

/** 提交反馈: the lists read again. */
export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: FeedbackValues) => feedbackClient.submit(body), onSuccess: () => void client.invalidateQueries({ queryKey: feedbackKeys.lists }) });
}
