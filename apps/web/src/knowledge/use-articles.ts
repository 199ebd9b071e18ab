import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ArticleFilter, knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** A page of a category's articles, or of the search (`q`); the last page shown stays while the next one comes. */
export function useArticles(filter: ArticleFilter, active: boolean) {
  return useQuery({ queryKey: knowledgeKeys.list(filter), queryFn: ({ signal }) => knowledgeClient.articles(filter, signal), enabled: active, placeholderData: keepPreviousData });
}
