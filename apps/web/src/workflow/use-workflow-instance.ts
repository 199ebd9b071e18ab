import { useEffect, useMemo } from 'react';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type WorkflowEventInput } from '@schoolflow/contracts';
import { ApiError, reportError } from '../api/http.js';
import { newActionKey, workflowApi } from '../api/workflow-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { workflowKeys } from './workflow-keys.js';

export interface WorkflowInstanceOptions {
  /** Read only while true (a page in a background tab waits until it is shown again). */
  enabled?: boolean;
  /**
   * Which failed reads the hook leaves unsaid: 'all' (a reader who may be refused, and whose page then simply offers
   * nothing), 'missing' (the page says itself that the instance is not there or not theirs; anything else is reported).
   * Unset: every failure is reported, as for any query.
   */
  quiet?: 'all' | 'missing';
}

/** A read refused because the instance is not there for me (gone, never there, not mine, a malformed id). */
export function isMissingInstance(err: unknown): boolean {
  return err instanceof ApiError && (err.code === ErrorCode.NOT_FOUND || err.code === ErrorCode.FORBIDDEN || err.code === ErrorCode.BAD_REQUEST);
}

/**
 * One workflow instance as the server shows it (its state, version, history and what I may do), the one way every
 * page reads it: the flow kit's detail page, the grades sheet, the semester upgrade. Read when shown and read again on a
 * `workflow.transitioned` push of a newer version (someone else acted; a `task.changed` is one too), on a
 * `workflow.effected` one (what the flow's effect writes, docs/adr/0068), and after a command of `useWorkflowCommand`.
 * While it is read again the last answer stays on screen.
 */
export function useWorkflowInstance(flow: string, id: string | null | undefined, options: WorkflowInstanceOptions = {}) {
  const client = useQueryClient();
  const on = (options.enabled ?? true) && Boolean(id);
  const queryKey = workflowKeys.instance(flow, id ?? '');
  const instance = useQuery({
    queryKey,
    queryFn: ({ signal }) => workflowApi.one(flow, id ?? '', signal),
    enabled: on,
    staleTime: 0,
    meta: options.quiet ? { silent: true } : undefined,
  });
  const { error } = instance;
  const quiet = options.quiet;
  useEffect(() => {
    if (error && quiet === 'missing' && !isMissingInstance(error)) reportError(error);
  }, [error, quiet]);
  const shown = instance.data?.version ?? 0;
  const stale = () => void client.invalidateQueries({ queryKey });
  useRealtime(
    'workflow.transitioned',
    (p) => (on && p.flow === flow && p.id === id && p.version > shown ? stale() : undefined),
    () => (on ? stale() : undefined),
  );
  // what the flow's effect wrote for this instance (a proof's certificate) exists now: it may have been read just before
  useRealtime('workflow.effected', (p) => (on && p.flow === flow && p.id === id ? stale() : undefined));
  return instance;
}

export interface WorkflowCommand {
  /** The instance commanded. */
  id: string;
  type: string;
  comment?: string;
  /** What else the command carries (a return time, whom to hand over to, whom to copy in). */
  extra?: Omit<WorkflowEventInput, 'type' | 'comment'>;
  /** The instance's version the user saw (If-Match): someone who acted first makes it a 409. */
  version: number;
  /** The action's Idempotency-Key, made when the action began (`useActionKey`): a double click or a retry acts once. */
  key: string;
}

/**
 * Sends a command to an instance of `flow`; answers the server's message. Whatever the answer — done, or a lost race
 * (409, which the caller reports) — the instance, the lists, the review queue and the dashboard's backlog are read
 * again, and so is whatever else the page shows of the flow (`alsoInvalidate`: the grades pages, the upgrade page).
 */
export function useWorkflowCommand(flow: string, alsoInvalidate: QueryKey | null = null) {
  const client = useQueryClient();
  const extraKey = JSON.stringify(alsoInvalidate);
  return useMutation({
    mutationFn: async (c: WorkflowCommand) => (await workflowApi.send(flow, c.id, { ...c.extra, type: c.type, comment: c.comment }, c.version, c.key)).msg,
    onSettled: async (_msg, _err, c) => {
      const keys: QueryKey[] = [workflowKeys.instance(flow, c.id), workflowKeys.lists(), workflowKeys.tasks(), workflowKeys.backlogs(), workflowKeys.views(flow)];
      if (extraKey !== 'null') keys.push(JSON.parse(extraKey) as QueryKey);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

/** A 409: someone else acted on the instance first (the caller says so; the command's hook reads it again). */
export function isLostRace(err: unknown): err is ApiError {
  return err instanceof ApiError && err.code === ErrorCode.CONFLICT;
}

/**
 * One Idempotency-Key per opened action (`action` set: a modal opened for a command, a confirmation shown): its resends
 * (double click, retry) are answered once; a new opening is a new action. '' while nothing is open.
 */
export function useActionKey(action: string | null): string {
  return useMemo(() => (action ? newActionKey() : ''), [action]);
}
