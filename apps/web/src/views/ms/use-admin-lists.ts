import { useCallback, useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminPath, type Page, type SystemConfig } from '@schoolflow/contracts';
import { adminApi } from '../../api/admin-api.js';
import { reportError } from '../../api/http.js';
import { usePaging } from '../../components/pager.js';
import { translate } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';
import { adminKeys } from './admin-keys.js';

const EMPTY_PAGE: Page<never> = { total: 0, list: [] };

/**
 * A paged list under `path` with `{current, size, orders, query}`: read while the page is active and whenever the
 * page or the query changes (a new query reads from page 1; `null`: not yet). While the next page is read the last
 * one stays; a failed read empties the table (docs/product/shell-and-sign-in.md#errors-and-reactions).
 */
export function usePagedList<T>(path: string, query: Record<string, unknown> | null, active: boolean, initialSize = 10) {
  const { current, size, setCurrent, setSize } = usePaging(initialSize);
  const queryKey = JSON.stringify(query);
  const list = useQuery({
    queryKey: adminKeys.page(path, { current, size, query }),
    queryFn: ({ signal }) => adminApi.page<T>(path, { current, size, query }, signal),
    enabled: active && query !== null,
    placeholderData: keepPreviousData,
    // shown again after another tab, or after a write elsewhere: read again
    staleTime: 0,
  });
  const data = list.data;
  // The last row of the last page was deleted: step back one page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.list.length === 0 && current > 1 && data.total > 0) setCurrent(Math.max(1, Math.ceil(data.total / size)));
  }, [data, list.isPlaceholderData, current, size, setCurrent]);
  useEffect(() => setCurrent(1), [queryKey, setCurrent]);
  const { refetch } = list;
  return {
    page: (list.isError ? EMPTY_PAGE : (data ?? EMPTY_PAGE)) as Page<T>,
    loading: active && list.isFetching,
    current,
    size,
    setCurrent,
    setSize,
    reload: useCallback(() => void refetch(), [refetch]),
  };
}

/** A tree loaded from a POST path while the view is active; `reload()` fetches it again. Failures empty it. */
export function useTree<T>(path: string, active: boolean): { tree: T[]; loading: boolean; reload: () => void } {
  const tree = useQuery({ queryKey: adminKeys.tree(path), queryFn: ({ signal }) => adminApi.tree<T>(path, signal), enabled: active, staleTime: 0 });
  const { refetch } = tree;
  return { tree: tree.isError ? [] : (tree.data ?? []), loading: active && tree.isFetching, reload: useCallback(() => void refetch(), [refetch]) };
}

/** Every row of a list (up to 1000), for a form's options, while `enabled`; a failure answers none and says nothing. */
export function useAllRows<T>(path: string, enabled: boolean): T[] {
  const rows = useQuery({
    queryKey: adminKeys.every(path),
    queryFn: ({ signal }) => adminApi.page<T>(path, { current: 1, size: 1000, query: {} }, signal).then((p) => p.list),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
  return rows.data ?? [];
}

/** A whole tree, for a form's options, while `enabled`; a failure answers none and says nothing. */
export function useTreeOptions<T>(path: string, enabled: boolean): T[] {
  const tree = useQuery({ queryKey: adminKeys.every(path), queryFn: ({ signal }) => adminApi.tree<T>(path, signal), enabled, staleTime: 0, meta: { silent: true } });
  return tree.isError ? [] : (tree.data ?? []);
}

/** A call that changes something: toast on success, the server's message on failure. Answers whether it worked. */
export async function runAction<T = unknown>(path: string, json: unknown, success: string | null = translate('admin.updated')): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    const data = await adminApi.post<T>(path, json);
    if (success) toast.success(success);
    return { ok: true, data };
  } catch (err) {
    reportError(err);
    return { ok: false };
  }
}

/**
 * The system configuration, read while its page is active (again each time it is shown) and on `reload()`;
 * `loadedAt` changes with every read that worked, so the form takes the values read even when they did not change.
 */
export function useSystemConfig(active: boolean) {
  const config = useQuery({ queryKey: adminKeys.path(AdminPath.configGet), queryFn: ({ signal }) => adminApi.post<SystemConfig>(AdminPath.configGet, {}, signal), enabled: active, staleTime: 0 });
  const { refetch } = config;
  return { config: config.data, loadedAt: config.dataUpdatedAt, loading: active && config.isFetching, reload: useCallback(() => void refetch(), [refetch]) };
}
