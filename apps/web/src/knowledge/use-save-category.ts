import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeCategoryValues } from '@schoolflow/contracts';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** Create a category (no id) or change one; the tree and the lists read again (readers may have changed). */
export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: KnowledgeCategoryValues }) => knowledgeClient.saveCategory(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
