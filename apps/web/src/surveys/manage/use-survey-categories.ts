import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { manageClient, surveysKeys } from './manage-client.js';

/** The category dictionary (问卷类别): the list's filter and the form's choice. Changes seldom. */
export function useSurveyCategories() {
  const { lang } = useT();
  return useQuery({
    queryKey: surveysKeys.categories(lang),
    queryFn: ({ signal }) => manageClient.categories(signal),
    staleTime: 5 * 60_000,
  });
}
