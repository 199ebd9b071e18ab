import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackDetail } from '@schoolflow/contracts';
import { feedbackKeys } from './feedback-client.js';

/** After a step: the feedback's detail is the step's answer, the lists read again. */
export function useStepDone() {
  const client = useQueryClient();
  return (detail: FeedbackDetail | undefined) => {
    if (detail) client.setQueryData(feedbackKeys.one(detail.id), detail);
    void client.invalidateQueries({ queryKey: feedbackKeys.lists });
  };
}
