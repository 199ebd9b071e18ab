import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, WorkflowTaskItem } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { asPage, workflowApi } from '../api/workflow-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { isLostRace } from './use-workflow-instance.js';
import { workflowKeys } from './workflow-keys.js';

export interface TaskQueueQuery {
  current: number;
  size: number;
  /** Omitted: every flow. */
  flow?: string;
}

const EMPTY: Page<WorkflowTaskItem> = { total: 0, list: [] };

/** Every cached page of the queue without `id` (handled here or elsewhere): it leaves at once, before the queue is read again. */
function dropFrom(pages: Page<WorkflowTaskItem> | undefined, id: string): Page<WorkflowTaskItem> | undefined {
  return pages && pages.list.some((r) => r.id === id) ? { total: Math.max(0, pages.total - 1), list: pages.list.filter((r) => r.id !== id) } : pages;
}

/**
 * 审批待办's queue, one page: read when shown and whenever the query changes; items come and go live with `task.changed`
 * (one removed leaves at once, one added reads the page again), and a `workflow.transitioned` that leaves the step as
 * it is (an urge) still moves the row's version, so an approval from here does not meet a 409 for a change that
 * decided nothing. A failed read empties the table; while a new page is read the last one stays.
 */
export function useTaskQueue(query: TaskQueueQuery, active: boolean) {
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: workflowKeys.taskPage(query),
    queryFn: async ({ signal }) => asPage(await workflowApi.tasks(query, signal)),
    enabled: active,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const stale = () => void client.invalidateQueries({ queryKey: workflowKeys.tasks() });
  useRealtime('workflow.transitioned', (p) => {
    client.setQueriesData<Page<WorkflowTaskItem>>({ queryKey: workflowKeys.tasks() }, (pg) =>
      pg?.list.some((r) => r.id === p.id && r.version < p.version)
        ? { ...pg, list: pg.list.map((r) => (r.id === p.id && r.version < p.version && r.state === p.state ? { ...r, version: p.version } : r)) }
        : pg,
    );
  });
  useRealtime(
    'task.changed',
    (p) => {
      if (p.action === 'removed') client.setQueriesData<Page<WorkflowTaskItem>>({ queryKey: workflowKeys.tasks() }, (pg) => dropFrom(pg, p.id));
      else if (active) stale();
    },
    () => (active ? stale() : undefined),
  );
  return {
    page: queue.isError ? EMPTY : (queue.data ?? EMPTY),
    loading: active && (queue.isPending || queue.isPlaceholderData),
    reload: () => void queue.refetch(),
  };
}

export interface BatchCommand {
  command: string;
  comment?: string;
  targets: readonly WorkflowTaskItem[];
  /**
   * The action's key. The server keeps a key to the one instance it was first used on (another instance answers 422),
   * so each target is sent `${key}.${instance id}`: a retried batch repeats the same keys, two batches never share one.
   */
  key: string;
}

export interface BatchOutcome {
  ok: number;
  /** The server's message of each target that failed. */
  failures: string[];
}

/**
 * Sends one command to every target, one after the other, each with the version shown; a lost race (409) is counted
 * as a failure, not retried. A target decided (or lost) leaves the queue at once; afterwards the queue, the lists, the
 * backlog and the instances are read again.
 */
export function useBatchCommand() {
  const client = useQueryClient();
  const drop = (id: string) => client.setQueriesData<Page<WorkflowTaskItem>>({ queryKey: workflowKeys.tasks() }, (pg) => dropFrom(pg, id));
  return useMutation({
    mutationFn: async (b: BatchCommand): Promise<BatchOutcome> => {
      let ok = 0;
      const failures: string[] = [];
      for (const item of b.targets) {
        try {
          await workflowApi.send(item.flow, item.id, { type: b.command, comment: b.comment }, item.version, `${b.key}.${item.id}`);
          ok++;
          drop(item.id);
        } catch (err) {
          failures.push(errorMessage(err));
          if (isLostRace(err)) drop(item.id);
        }
      }
      return { ok, failures };
    },
    onSettled: (_outcome, _err, b) => {
      const flows = new Set(b.targets.map((x) => x.flow));
      for (const queryKey of [workflowKeys.tasks(), workflowKeys.lists(), workflowKeys.backlogs(), ...[...flows].map(workflowKeys.instances)]) void client.invalidateQueries({ queryKey });
    },
  });
}
