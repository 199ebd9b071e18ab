import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { workflowApi } from '../api/workflow-api.js';
import { workflowKeys } from './workflow-keys.js';

/**
 * A flow's read-only view (`GET /api/workflows/{flow}/views/{name}`) for a query — null until answered, or while the
 * query is null (not enough chosen yet). Read again whenever `refresh` changes, and every `everyMs` while shown when
 * given; the last answer for the same query stays shown meanwhile, so a refresh does not flicker.
 */
export function useFlowView<T>(flow: string, name: string, query: Record<string, string> | null, refresh: unknown = 0, everyMs?: number): T | null {
  const queryKey = workflowKeys.view(flow, name, query ?? {}, refresh);
  const view = useQuery({
    queryKey,
    queryFn: ({ signal }) => workflowApi.view<T>(flow, name, query ?? {}, signal),
    enabled: query !== null,
    // the same query read again (a new `refresh`) keeps its last answer on screen; another query starts empty
    placeholderData: (previous, previousQuery) => (previousQuery && sameView(previousQuery.queryKey, queryKey) ? previous : undefined),
    staleTime: 0,
    refetchInterval: everyMs ?? false,
  });
  return query !== null ? (view.data ?? null) : null;
}

/** Whether two keys name one view of one query (their `refresh` aside: the last element). */
function sameView(a: readonly unknown[], b: readonly unknown[]): boolean {
  return JSON.stringify(a.slice(0, -1)) === JSON.stringify(b.slice(0, -1));
}

/** Reads every shown view of a flow again (a push said one of its instances moved). */
export function useFlowViewsRefresh(flow: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: workflowKeys.views(flow) }), [queryClient, flow]);
}
