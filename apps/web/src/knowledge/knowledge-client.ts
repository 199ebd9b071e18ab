import {
  type KnowledgeArticle,
  type KnowledgeArticlePage,
  type KnowledgeArticleUpdate,
  type KnowledgeArticleValues,
  type KnowledgeCategory,
  type KnowledgeCategoryValues,
  knowledgePath,
  type KnowledgeVersion,
  type KnowledgeVersionSummary,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** What a list of articles is asked with: a category ('' all), the search ('' none), the page. */
export interface ArticleFilter {
  categoryId: string;
  q: string;
  current: number;
}

/** Articles a page of the list and of the search. */
export const ARTICLES_PAGE_SIZE = 20;

/** Query keys of 知识库: everything under `knowledge`; a change marks the lists, the tree and that article stale. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  categories: ['knowledge', 'categories'] as const,
  lists: ['knowledge', 'articles'] as const,
  list: (f: ArticleFilter) => ['knowledge', 'articles', f.categoryId, f.q, f.current] as const,
  article: (id: string) => ['knowledge', 'article', id] as const,
  versions: (id: string) => ['knowledge', 'versions', id] as const,
  version: (id: string, version: number) => ['knowledge', 'versions', id, version] as const,
};

/** The calls of 知识库 (docs/product/office.md#knowledge-base). */
export const knowledgeClient = {
  categories: (signal?: AbortSignal) => requestData<KnowledgeCategory[]>(knowledgePath.categories, { signal }),
  articles: (f: ArticleFilter, signal?: AbortSignal) =>
    requestData<KnowledgeArticlePage>(knowledgePath.articles, { query: { categoryId: f.categoryId || undefined, q: f.q || undefined, current: f.current, size: ARTICLES_PAGE_SIZE }, signal }),
  article: (id: string, signal?: AbortSignal) => requestData<KnowledgeArticle>(knowledgePath.article(id), { signal }),
  versions: (id: string, signal?: AbortSignal) => requestData<KnowledgeVersionSummary[]>(knowledgePath.versions(id), { signal }),
  version: (id: string, version: number, signal?: AbortSignal) => requestData<KnowledgeVersion>(knowledgePath.version(id, version), { signal }),
  saveCategory: (id: string | null, body: KnowledgeCategoryValues) => request<KnowledgeCategory>(id ? knowledgePath.category(id) : knowledgePath.categories, { method: id ? 'PUT' : 'POST', json: body }),
  deleteCategory: (id: string) => request<null>(knowledgePath.category(id), { method: 'DELETE' }),
  createArticle: (body: KnowledgeArticleValues) => request<KnowledgeArticle>(knowledgePath.articles, { method: 'POST', json: body }),
  updateArticle: (id: string, body: KnowledgeArticleUpdate) => request<KnowledgeArticle>(knowledgePath.article(id), { method: 'PUT', json: body }),
  deleteArticle: (id: string) => request<null>(knowledgePath.article(id), { method: 'DELETE' }),
  restore: (id: string, version: number) => request<KnowledgeArticle>(knowledgePath.restore(id, version), { method: 'POST', json: {} }),
};
