import type { ReviewStatus } from '@schoolflow/workflows';

/** The workflow queries' keys, one factory: a push marks a flow's queries stale by a prefix of these. */
export const workflowKeys = {
  all: ['workflow'] as const,
  lists: () => [...workflowKeys.all, 'list'] as const,
  list: (q: { scope: 'mine' | 'all'; current: number; size: number; status?: ReviewStatus; flow?: string }) => [...workflowKeys.lists(), q] as const,
  /** The review queue's pages (审批待办). */
  tasks: () => [...workflowKeys.all, 'tasks'] as const,
  taskPage: (q: { current: number; size: number; flow?: string }) => [...workflowKeys.tasks(), q] as const,
  /** The dashboard's backlog, of either kind. */
  backlogs: () => [...workflowKeys.all, 'backlog'] as const,
  backlog: (kind: 'tasks' | 'applications' | null) => [...workflowKeys.backlogs(), kind] as const,
  instances: (flow: string) => [...workflowKeys.all, 'instance', flow] as const,
  instance: (flow: string, id: string) => [...workflowKeys.instances(flow), id] as const,
  views: (flow: string) => [...workflowKeys.all, 'view', flow] as const,
  view: (flow: string, name: string, query: Record<string, string>, refresh: unknown) => [...workflowKeys.views(flow), name, query, refresh] as const,
};
