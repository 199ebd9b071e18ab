import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** Delete an article and its versions; the lists and the tree's counts read again. */
export function useDeleteArticle() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => knowledgeClient.deleteArticle(id), onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }) });
}
