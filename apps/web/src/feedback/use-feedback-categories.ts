import { useQuery } from '@tanstack/react-query';
import { feedbackClient, feedbackKeys } from './feedback-client.js';

/** The categories to choose from and to filter by; a dictionary that changes seldom, kept a few minutes. */
export function useFeedbackCategories() {
  return useQuery({ queryKey: feedbackKeys.categories, queryFn: ({ signal }) => feedbackClient.categories(signal), staleTime: 5 * 60_000 });
}
