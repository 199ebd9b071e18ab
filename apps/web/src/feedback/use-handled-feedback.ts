import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FeedbackFilters, feedbackClient, feedbackKeys } from './feedback-client.js';

/** Everyone's feedback by the handlers' filters, a page of it (the last page shown while the next loads). */
export function useHandledFeedback(filters: FeedbackFilters, current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: feedbackKeys.handled(filters, current, size), queryFn: ({ signal }) => feedbackClient.all(filters, current, size, signal), enabled, placeholderData: keepPreviousData });
}
