import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** 发布: open to its respondents within its window. Answers the server's success message; a refusal carries its failure message. */
export function usePublishSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => manageClient.setStatus(id, 'publish'),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
