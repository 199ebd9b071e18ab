import { WORK_TASK_FLOW } from '@schoolflow/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { workTaskKeys, workTasksClient } from './work-tasks-client.js';

/**
 * Someone acted on an assignment of the flow: the lists are read again — at the step (its state) and once its effect
 * wrote the assignment's percentage and last text, which may be later (docs/adr/0068-effects-announced.md).
 */
function useFlowPushes(refetch: () => unknown, enabled: boolean) {
  useRealtime('workflow.transitioned', (p) => (enabled && p.flow === WORK_TASK_FLOW ? void refetch() : undefined));
  useRealtime('workflow.effected', (p) => (enabled && p.flow === WORK_TASK_FLOW ? void refetch() : undefined));
}

/** The tasks I assigned, with their progress. */
export function useCreatedTasks(enabled: boolean) {
  const q = useQuery({ queryKey: workTaskKeys.created, queryFn: ({ signal }) => workTasksClient.created(signal), enabled });
  useFlowPushes(q.refetch, enabled);
  return q;
}

/** My assignments. */
export function useMyAssignments(enabled: boolean) {
  const q = useQuery({ queryKey: workTaskKeys.mine, queryFn: ({ signal }) => workTasksClient.mine(signal), enabled });
  useFlowPushes(q.refetch, enabled);
  return q;
}

/** The submissions waiting for my review. */
export function useReviewAssignments(enabled: boolean) {
  const q = useQuery({ queryKey: workTaskKeys.review, queryFn: ({ signal }) => workTasksClient.review(signal), enabled });
  useFlowPushes(q.refetch, enabled);
  return q;
}

/** The leader view. */
export function useWorkTaskOverview(enabled: boolean) {
  const q = useQuery({ queryKey: workTaskKeys.overview, queryFn: ({ signal }) => workTasksClient.overview(signal), enabled });
  useFlowPushes(q.refetch, enabled);
  return q;
}

/** One task (null: none asked for). */
export function useWorkTask(id: string | null, enabled: boolean) {
  const q = useQuery({ queryKey: workTaskKeys.one(id ?? ''), queryFn: ({ signal }) => workTasksClient.one(id as string, signal), enabled: enabled && id !== null, meta: { silent: true } });
  useFlowPushes(q.refetch, enabled && id !== null);
  return q;
}

/** Whom a task may be assigned to. */
export function useWorkTaskCandidates(enabled: boolean) {
  return useQuery({ queryKey: workTaskKeys.candidates, queryFn: ({ signal }) => workTasksClient.candidates(signal), enabled, staleTime: 60_000 });
}
