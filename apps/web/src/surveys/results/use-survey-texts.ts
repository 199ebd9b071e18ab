import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resultsClient, resultsKeys, type TextsParams } from './results-client.js';

/** One text question's answers: a page, searched (the first page comes with the statistics; this is for the others). */
export function useSurveyTexts(id: string, p: TextsParams, enabled: boolean) {
  return useQuery({
    queryKey: resultsKeys.texts(id, p),
    queryFn: ({ signal }) => resultsClient.texts(id, p, signal),
    enabled: enabled && id !== '' && p.questionId !== '',
    placeholderData: keepPreviousData,
  });
}
