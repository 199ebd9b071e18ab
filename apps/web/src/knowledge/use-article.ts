import { useQuery } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** One article, to read or to edit. */
export function useArticle(id: string, active: boolean) {
  return useQuery({ queryKey: knowledgeKeys.article(id), queryFn: ({ signal }) => knowledgeClient.article(id, signal), enabled: active && id !== '' });
}
