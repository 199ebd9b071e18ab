import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageClient, surveysKeys } from './manage-client.js';

/** 取消发布: closed to respondents, editable and deletable again. Answers the server's success message; a refusal carries its failure message. */
export function useUnpublishSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => manageClient.setStatus(id, 'unpublish'),
    onSettled: () => client.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
