import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeArticleValues } from '@schoolflow/contracts';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** Write an article (no id) or save a change made from `baseVersion`; everything of the knowledge base reads again. */
export function useSaveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, baseVersion }: { id: string | null; body: KnowledgeArticleValues; baseVersion: number }) => (id ? knowledgeClient.updateArticle(id, { ...body, baseVersion }) : knowledgeClient.createArticle(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
