import { useQuery } from '@tanstack/react-query';
import { feedbackClient, feedbackKeys } from './feedback-client.js';

/** One's own feedback, a page of it. */
export function useMyFeedback(current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: feedbackKeys.mine(current, size), queryFn: ({ signal }) => feedbackClient.mine(current, size, signal), enabled });
}
