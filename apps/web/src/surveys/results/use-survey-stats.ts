import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { type ResultsFilter, resultsClient, resultsKeys } from './results-client.js';

/** A questionnaire's statistics for the filter (counted by the server), kept while a new filter loads. */
export function useSurveyStats(id: string, filter: ResultsFilter, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: resultsKeys.stats(id, filter, lang),
    queryFn: ({ signal }) => resultsClient.stats(id, filter, signal),
    enabled: enabled && id !== '',
    placeholderData: keepPreviousData,
  });
}
