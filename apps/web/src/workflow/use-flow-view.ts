import { useEffect, useState } from 'react';
import { isCancelled, reportError } from '../api/http.js';
import { workflowApi } from '../api/workflow-api.js';

/**
 * A flow's read-only view (`GET /api/workflows/{flow}/views/{name}`) for a query — null until answered, or while the
 * query is null (not enough chosen yet). Read again whenever `refresh` changes; the last answer for the same query
 * stays shown meanwhile, so a periodic refresh does not flicker.
 */
export function useFlowView<T>(flow: string, name: string, query: Record<string, string> | null, refresh: unknown = 0): T | null {
  const key = query ? JSON.stringify(query) : '';
  const [answer, setAnswer] = useState<{ key: string; data: T } | null>(null);
  useEffect(() => {
    if (!key) return;
    const ac = new AbortController();
    workflowApi.view<T>(flow, name, JSON.parse(key) as Record<string, string>, ac.signal).then(
      (data) => setAnswer({ key, data }),
      (err: unknown) => {
        if (!isCancelled(err)) reportError(err);
      },
    );
    return () => ac.abort();
  }, [flow, name, key, refresh]);
  return answer && answer.key === key ? answer.data : null;
}
