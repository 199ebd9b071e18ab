import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiPath, type OperationLogQuery, type OperationLogRow, type Page } from '@schoolflow/contracts';
import { adminApi } from '../../../api/admin-api.js';
import { reportError } from '../../../api/http.js';
import { allPages, exportRows } from '../../../util/export-xlsx.js';
import { adminKeys } from '../admin-keys.js';

export type LogQuery = NonNullable<OperationLogQuery['query']>;

const EMPTY: Page<OperationLogRow> = { total: 0, list: [] };

/**
 * One page of the operation log under the applied filters, read while the page is shown and whenever the page or
 * the filters change; the last page stays while the next is read, a failed read empties the table
 * (docs/product/shell-and-sign-in.md#errors-and-reactions).
 */
export function useOperationLog(query: LogQuery, current: number, size: number, active: boolean) {
  const list = useQuery({
    queryKey: adminKeys.page(ApiPath.operationLogs, { current, size, query }),
    queryFn: ({ signal }) => adminApi.page<OperationLogRow>(ApiPath.operationLogs, { current, size, query }, signal),
    enabled: active,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { page: list.isError ? EMPTY : (list.data ?? EMPTY), loading: active && list.isFetching, reload: () => void list.refetch() };
}

/** Every row matching `query` (all pages), shaped by `row`, written to `<fileName>.xlsx`; a failure shows its message. */
export function useOperationLogExport() {
  return useMutation({
    mutationFn: async ({ query, fileName, columns, row }: { query: LogQuery; fileName: string; columns: readonly { key: string; title: string }[]; row: (r: OperationLogRow) => Record<string, unknown> }) => {
      const rows = await allPages((current, size) => adminApi.page<OperationLogRow>(ApiPath.operationLogs, { current, size, query }));
      await exportRows(fileName, columns, rows.map(row));
    },
    onError: reportError,
  });
}
