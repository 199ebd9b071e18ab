import { useQuery } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** One questionnaire as the form edits it (its questions, audience and whether it has answers). */
export function useSurvey(id: string) {
  return useQuery({
    queryKey: surveysKeys.detail(id),
    queryFn: ({ signal }) => manageClient.detail(id, signal),
    enabled: id !== '',
    // the form is filled once from it; a refetch on focus would not change the form, only cost a call
    refetchOnWindowFocus: false,
  });
}
