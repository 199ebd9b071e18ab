import { useQuery } from '@tanstack/react-query';
import { feedbackClient, feedbackKeys } from './feedback-client.js';

/** One feedback with its pictures and history (null: none open). */
export function useFeedback(id: string | null) {
  return useQuery({ queryKey: feedbackKeys.one(id ?? ''), queryFn: ({ signal }) => feedbackClient.one(id as string, signal), enabled: id !== null });
}
