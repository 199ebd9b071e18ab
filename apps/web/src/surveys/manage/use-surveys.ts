import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { manageClient, type SurveyListParams, surveysKeys } from './manage-client.js';

/** A page of 问卷管理: the questionnaires matching the filters, with their states and counts. */
export function useSurveys(params: SurveyListParams, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: surveysKeys.list(params, lang),
    queryFn: ({ signal }) => manageClient.list(params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
