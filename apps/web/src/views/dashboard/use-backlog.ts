import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkflowListItem } from '@schoolflow/contracts';
import { workflowApi } from '../../api/workflow-api.js';
import { useRealtime } from '../../realtime/use-realtime.js';
import { workflowKeys } from '../../workflow/workflow-keys.js';

const SHOWN = 5;
/** The queue only accepts the standard page sizes (10 and up): fetch one page and show its first few. */
const FETCHED = 10;

export interface Backlog {
  kind: 'tasks' | 'applications';
  total: number;
  items: WorkflowListItem[];
}

/** A reviewer's queue (first 5, oldest first), or an applicant's applications still in review (newest first). */
async function readBacklog(kind: Backlog['kind'], signal: AbortSignal): Promise<Backlog> {
  if (kind === 'tasks') {
    const page = await workflowApi.tasks({ current: 1, size: FETCHED }, signal);
    return { kind, total: Number(page?.total) || 0, items: (page?.list ?? []).slice(0, SHOWN) };
  }
  const [unreviewed, pending] = await Promise.all(
    (['unreviewed', 'pending'] as const).map((status) => workflowApi.listAll({ scope: 'mine', current: 1, size: FETCHED, status }, signal)),
  );
  const items = [...(unreviewed?.list ?? []), ...(pending?.list ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { kind, total: (Number(unreviewed?.total) || 0) + (Number(pending?.total) || 0), items: items.slice(0, SHOWN) };
}

/**
 * The dashboard's backlog of one kind (null: the user has neither), read when shown and again on the pushes that change
 * it. A failure leaves the dashboard usable without it (no error shown: `silent`).
 */
export function useBacklog(kind: Backlog['kind'] | null, active: boolean): Backlog | null {
  const client = useQueryClient();
  const backlog = useQuery({
    queryKey: workflowKeys.backlog(kind),
    queryFn: ({ signal }) => readBacklog(kind ?? 'tasks', signal),
    enabled: active && kind !== null,
    meta: { silent: true },
    staleTime: 0,
  });
  const stale = () => void client.invalidateQueries({ queryKey: workflowKeys.backlogs() });
  // a task.changed reaches transitioned listeners too (PUSH_ALSO_AS): the applications backlog hears it there, once
  useRealtime('task.changed', () => (kind !== 'applications' ? stale() : undefined), stale);
  useRealtime('workflow.transitioned', () => (kind === 'applications' ? stale() : undefined));
  return kind !== null ? (backlog.data ?? null) : null;
}
