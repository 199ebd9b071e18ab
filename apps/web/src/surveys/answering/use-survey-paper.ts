import { useQuery } from '@tanstack/react-query';
import { answeringClient, surveyAnswerKeys } from './answering-client.js';

/**
 * A questionnaire's paper (a view is counted each time it is fetched, so it is fetched once per visit and not again on
 * its own). Its refusals — not started or expired, does not exist, no access — are the page's to show (`silent`).
 */
export function useSurveyPaper(id: string, preview = false) {
  return useQuery({
    queryKey: surveyAnswerKeys.paper(id, preview),
    queryFn: ({ signal }) => answeringClient.paper(id, preview, signal),
    enabled: id !== '',
    staleTime: Infinity,
    meta: { silent: true },
  });
}
