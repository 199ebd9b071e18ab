import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurveyInput } from '@schoolflow/contracts';
import { manageClient, surveysKeys } from './manage-client.js';

/** A new questionnaire (unpublished); the lists are read again. */
export function useCreateSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyInput) => manageClient.create(body),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
