import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** 停用: unused, closed to respondents while it stays published. Answers the server's success message; a refusal carries its failure message. */
export function useDisableSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => manageClient.setStatus(id, 'disable'),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
