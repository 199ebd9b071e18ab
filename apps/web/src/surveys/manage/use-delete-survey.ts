import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** A questionnaire deleted (the server refuses a published or answered one with its message). */
export function useDeleteSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => manageClient.remove(id),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
