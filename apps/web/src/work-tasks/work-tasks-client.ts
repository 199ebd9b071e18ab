import { type WorkAssignment, type WorkTaskCandidates, type WorkTaskDetail, type WorkTaskOverview, workTasksPath, type WorkTaskSummary, type WorkTaskValues } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 内控工作管理: everything under `work-tasks`; an assignment's command marks them all stale. */
export const workTaskKeys = {
  all: ['work-tasks'] as const,
  created: ['work-tasks', 'created'] as const,
  mine: ['work-tasks', 'mine'] as const,
  review: ['work-tasks', 'review'] as const,
  overview: ['work-tasks', 'overview'] as const,
  candidates: ['work-tasks', 'candidates'] as const,
  one: (id: string) => ['work-tasks', 'one', id] as const,
};

/** The calls of 内控工作管理 (docs/product/office.md#work-tasks); the assignments' commands are the flow kit's. */
export const workTasksClient = {
  created: (signal?: AbortSignal) => requestData<WorkTaskSummary[]>(workTasksPath.created, { signal }),
  mine: (signal?: AbortSignal) => requestData<WorkAssignment[]>(workTasksPath.mine, { signal }),
  review: (signal?: AbortSignal) => requestData<WorkAssignment[]>(workTasksPath.review, { signal }),
  overview: (signal?: AbortSignal) => requestData<WorkTaskOverview>(workTasksPath.overview, { signal }),
  candidates: (signal?: AbortSignal) => requestData<WorkTaskCandidates>(workTasksPath.candidates, { signal }),
  one: (id: string, signal?: AbortSignal) => requestData<WorkTaskDetail>(workTasksPath.one(id), { signal }),
  create: (body: WorkTaskValues) => request<WorkTaskDetail>(workTasksPath.create, { method: 'POST', json: body }),
};
