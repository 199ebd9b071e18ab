import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** 启用: in use. Answers the server's success message; a refusal carries its failure message. */
export function useEnableSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => manageClient.setStatus(id, 'enable'),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
