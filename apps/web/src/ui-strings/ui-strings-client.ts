import { type UiStringKey, type UiStringListQuery, type UiStringOverride, type UiStringPage, type UiStringRow, type UiStringsExport, type UiStringsImportInput, type UiStringsImportResult, uiStringsPath } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** The list's filters as the page asks for them (page and size beside). */
export type UiStringFilters = Omit<UiStringListQuery, 'current' | 'size'>;

/** Query keys of 界面语言: everything under `ui-strings`; a change marks the lists stale. */
export const uiStringKeys = {
  all: ['ui-strings'] as const,
  list: (filters: UiStringFilters, current: number, size: number) => ['ui-strings', 'list', filters, current, size] as const,
};

/** The calls of 界面语言 (docs/product/administration.md#interface-languages). */
export const uiStringsClient = {
  list: (filters: UiStringFilters, current: number, size: number, signal?: AbortSignal) => requestData<UiStringPage>(uiStringsPath.list, { query: { ...filters, current, size }, signal }),
  override: (body: UiStringOverride) => request<UiStringRow>(uiStringsPath.override, { method: 'POST', json: body }),
  reset: (body: UiStringKey) => request<UiStringRow>(uiStringsPath.reset, { method: 'POST', json: body }),
  exported: () => requestData<UiStringsExport>(uiStringsPath.export),
  import: (body: UiStringsImportInput) => request<UiStringsImportResult>(uiStringsPath.import, { method: 'POST', json: body }),
};
