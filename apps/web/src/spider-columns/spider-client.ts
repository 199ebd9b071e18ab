import { type SpiderColumn, type SpiderColumnBody, type SpiderColumnDetail, type SpiderItem, type SpiderItemPage, type SpiderItemState, spiderPath, type SpiderPreview, type SpiderRunStarted, type SpiderTryBody } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 栏目采集: everything under `spider`; a save, run or decision marks them stale. */
export const spiderKeys = {
  all: ['spider'] as const,
  list: ['spider', 'list'] as const,
  column: (id: string) => ['spider', 'column', id] as const,
  items: (id: string, state: SpiderItemState | 'all') => ['spider', 'items', id, state] as const,
};

/** The calls of 栏目采集 (docs/product/publishing.md#columns-from-other-sites). */
export const spiderClient = {
  list: (signal?: AbortSignal) => requestData<SpiderColumn[]>(spiderPath.columns, { signal }),
  column: (id: string, signal?: AbortSignal) => requestData<SpiderColumnDetail>(spiderPath.column(id), { signal }),
  items: (id: string, state: SpiderItemState | 'all', signal?: AbortSignal) => requestData<SpiderItemPage>(spiderPath.items(id), { query: { state, size: 50 }, signal }),
  create: (body: SpiderColumnBody) => request<SpiderColumn>(spiderPath.columns, { method: 'POST', json: body }),
  update: (id: string, body: SpiderColumnBody) => request<SpiderColumn>(spiderPath.column(id), { method: 'PUT', json: body }),
  remove: (id: string) => request<null>(spiderPath.column(id), { method: 'DELETE' }),
  tryOut: (body: SpiderTryBody) => requestData<SpiderPreview>(spiderPath.tryOut, { method: 'POST', json: body }),
  run: (id: string) => requestData<SpiderRunStarted>(spiderPath.run(id), { method: 'POST' }),
  publish: (itemId: string) => request<SpiderItem>(spiderPath.publishItem(itemId), { method: 'POST' }),
  ignore: (itemId: string) => request<SpiderItem>(spiderPath.ignoreItem(itemId), { method: 'POST' }),
};
