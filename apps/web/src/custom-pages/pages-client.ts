import { type ChartData, type ChartSource, type CustomPage, type CustomPageSummary, type CustomPageVersion, type PageLayout, pagesPath } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 自定义页面: everything under `pages`; a change marks the list and that page stale. */
export const pageKeys = {
  all: ['pages'] as const,
  list: ['pages', 'list'] as const,
  one: (id: string) => ['pages', 'one', id] as const,
  versions: (id: string) => ['pages', 'versions', id] as const,
  source: (name: ChartSource) => ['pages', 'source', name] as const,
};

/** The calls of 自定义页面 (docs/product/office.md#custom-pages). */
export const pagesClient = {
  list: (signal?: AbortSignal) => requestData<CustomPageSummary[]>(pagesPath.all, { signal }),
  one: (id: string, signal?: AbortSignal) => requestData<CustomPage>(pagesPath.one(id), { signal }),
  versions: (id: string, signal?: AbortSignal) => requestData<CustomPageVersion[]>(pagesPath.versions(id), { signal }),
  source: (name: ChartSource, signal?: AbortSignal) => requestData<ChartData>(pagesPath.source(name), { signal }),
  create: (name: string) => request<CustomPageSummary>(pagesPath.all, { method: 'POST', json: { name } }),
  rename: (id: string, name: string) => request<CustomPageSummary>(pagesPath.name(id), { method: 'PUT', json: { name } }),
  publish: (id: string, published: boolean) => request<CustomPageSummary>(pagesPath.publish(id), { method: 'PUT', json: { published } }),
  save: (id: string, layout: PageLayout, baseVersion: number) => request<CustomPage>(pagesPath.layout(id), { method: 'PUT', json: { layout, baseVersion } }),
  revert: (id: string, version: number) => request<CustomPage>(pagesPath.revert(id, version), { method: 'POST', json: {} }),
  remove: (id: string) => request<null>(pagesPath.one(id), { method: 'DELETE' }),
};
