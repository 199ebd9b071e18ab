import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { reportError, requestData } from '../../api/http.js';
import { allPages, exportRows } from '../../util/export-xlsx.js';

export interface Sort {
  column: string;
  asc: boolean;
}

/** What one page of a DataTable is read with: its POST url, the page, the sort, the filter and the body's shape. */
export interface TablePageQuery {
  url: string;
  current: number;
  size: number;
  sort: Sort | null;
  query: Record<string, unknown>;
  legacy: boolean;
}

/** The DataTable queries' keys: a table's page is its url and inputs, plus the caller's reload key. */
export const dataTableKeys = {
  all: ['data-table'] as const,
  page: (q: TablePageQuery, reloadKey: unknown) => [...dataTableKeys.all, q.url, q, reloadKey] as const,
};

/** The request body of one page in either shape (docs/product/shell-and-sign-in.md#tables-and-lists). */
export function tableRequest(current: number, size: number, sort: Sort | null, query: Record<string, unknown>, legacy: boolean): Record<string, unknown> {
  if (legacy) return { currPage: current - 1, limit: size, order: sort ? (sort.asc ? 'asc' : 'desc') : '', sortField: sort?.column ?? '', search: query };
  return { current, size, orders: sort ? [sort] : [], query };
}

/** Reads {total, list} (current) or {total, rows} (older). */
export function tableAnswer<T>(data: unknown, legacy: boolean): { total: number; list: T[] } {
  const o = (data ?? {}) as { total?: unknown; list?: unknown; rows?: unknown };
  const raw = legacy ? o.rows : o.list;
  const list = (Array.isArray(raw) ? raw : []) as T[];
  return { total: Number(o.total) || 0, list };
}

const fetchTablePage = async <T>(q: TablePageQuery, signal?: AbortSignal) => tableAnswer<T>(await requestData<unknown>(q.url, { json: tableRequest(q.current, q.size, q.sort, q.query, q.legacy), signal }), q.legacy);

/**
 * Writes every row of a table's list (all pages, read afresh) to `<fileName>.xlsx` under the columns' titles; a failure
 * shows its message.
 */
export function useTableExport() {
  return useMutation({
    mutationFn: async ({ q, fileName, columns }: { q: Omit<TablePageQuery, 'current' | 'size'>; fileName: string; columns: readonly { key: string; title: string }[] }) => {
      const rows = await allPages((current, size) => fetchTablePage<Record<string, unknown>>({ ...q, current, size }));
      await exportRows(fileName, columns, rows);
    },
    onError: reportError,
  });
}

const EMPTY = { total: 0, list: [] as never[] };

/**
 * One page of a DataTable, read while the table is shown (`active`) and again when shown after another tab, or when
 * the page, sort, filter or `reloadKey` change. The last page stays while the next one is read; a failed read empties
 * the table (docs/product/shell-and-sign-in.md#errors-and-reactions).
 */
export function useTablePage<T>(q: TablePageQuery, active: boolean, reloadKey: unknown) {
  const page = useQuery({
    queryKey: dataTableKeys.page(q, reloadKey),
    queryFn: ({ signal }) => fetchTablePage<T>(q, signal),
    enabled: active,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { page: page.isError ? (EMPTY as { total: number; list: T[] }) : (page.data ?? (EMPTY as { total: number; list: T[] })), loading: page.isFetching };
}
