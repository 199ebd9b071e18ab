import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurveyInput } from '@schoolflow/contracts';
import { manageClient, surveysKeys } from './manage-client.js';

/** A questionnaire saved again (an answered one: only a later end, which the server enforces). */
export function useUpdateSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: SurveyInput }) => manageClient.update(v.id, v.body),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
