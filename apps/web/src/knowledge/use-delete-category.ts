import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** Delete an empty category; the tree reads again. */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => knowledgeClient.deleteCategory(id), onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.categories }) });
}
