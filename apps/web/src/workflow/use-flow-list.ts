import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, WorkflowListItem } from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import { asPage, workflowApi } from '../api/workflow-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { workflowKeys } from './workflow-keys.js';

export interface FlowListQuery {
  scope: 'mine' | 'all';
  current: number;
  size: number;
  status?: ReviewStatus;
  flow?: string;
}

const EMPTY: Page<WorkflowListItem> = { total: 0, list: [] };

/**
 * The applications of every flow, one page (我的申请 / 申请记录): read when shown and whenever the query changes, and
 * again on a `workflow.transitioned` push of a flow it lists. A failed read empties the table
 * (docs/product/shell-and-sign-in.md#errors-and-reactions); while a new page is read the last one stays.
 */
export function useFlowList(query: FlowListQuery, active: boolean) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: workflowKeys.list(query),
    queryFn: async ({ signal }) => asPage(await workflowApi.listAll(query, signal)),
    enabled: active,
    placeholderData: keepPreviousData,
    // shown again after another tab: read again, as before TanStack kept a copy
    staleTime: 0,
  });
  const stale = () => void client.invalidateQueries({ queryKey: workflowKeys.lists() });
  useRealtime('workflow.transitioned', (p) => (!query.flow || p.flow === query.flow ? stale() : undefined), stale);
  return {
    page: list.isError ? EMPTY : (list.data ?? EMPTY),
    loading: active && (list.isPending || list.isPlaceholderData),
    reload: () => void list.refetch(),
  };
}
