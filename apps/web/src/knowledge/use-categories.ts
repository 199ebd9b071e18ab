import { useQuery } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** The categories I read, in tree order (each says whether I write in it). */
export function useCategories(active: boolean) {
  return useQuery({ queryKey: knowledgeKeys.categories, queryFn: ({ signal }) => knowledgeClient.categories(signal), enabled: active });
}
