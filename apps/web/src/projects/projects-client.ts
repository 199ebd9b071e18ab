import {
  type ProjectCandidate,
  type ProjectDetail,
  type ProjectMemberInput,
  type ProjectSummary,
  type ProjectTask,
  type ProjectValues,
  projectsPath,
  type TaskDetail,
  type TaskMove,
  type TaskValues,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/**
 * Query keys of 项目管理: everything under `projects`; one project's board under `projects/detail/{id}`, a task's
 * detail under `projects/task/{id}/{taskId}` — a push about a project marks its board and its tasks stale.
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (archived: boolean) => ['projects', 'list', archived] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  tasks: (id: string) => ['projects', 'task', id] as const,
  task: (id: string, taskId: string) => ['projects', 'task', id, taskId] as const,
  candidates: (q: string) => ['projects', 'candidates', q] as const,
};

/** The calls of 项目管理 (docs/product/office.md#projects). */
export const projectsClient = {
  list: (archived: boolean, signal?: AbortSignal) => requestData<ProjectSummary[]>(projectsPath.all, { query: { archived: archived ? '1' : '' }, signal }),
  detail: (id: string, signal?: AbortSignal) => requestData<ProjectDetail>(projectsPath.one(id), { signal }),
  candidates: (q: string, signal?: AbortSignal) => requestData<ProjectCandidate[]>(projectsPath.candidates, { query: { q }, signal }),
  create: (body: ProjectValues) => request<ProjectDetail>(projectsPath.all, { method: 'POST', json: body }),
  update: (id: string, body: ProjectValues) => request<ProjectDetail>(projectsPath.one(id), { method: 'PUT', json: body }),
  remove: (id: string) => request<null>(projectsPath.one(id), { method: 'DELETE' }),
  member: (id: string, userId: string, body: ProjectMemberInput) => request<ProjectDetail>(projectsPath.member(id, userId), { method: 'PUT', json: body }),
  createTask: (id: string, body: TaskValues) => request<ProjectTask>(projectsPath.tasks(id), { method: 'POST', json: body }),
  updateTask: (id: string, taskId: string, body: TaskValues) => request<ProjectTask>(projectsPath.task(id, taskId), { method: 'PUT', json: body }),
  removeTask: (id: string, taskId: string) => request<null>(projectsPath.task(id, taskId), { method: 'DELETE' }),
  move: (id: string, taskId: string, body: TaskMove) => request<ProjectTask[]>(projectsPath.move(id, taskId), { method: 'POST', json: body }),
  task: (id: string, taskId: string, signal?: AbortSignal) => requestData<TaskDetail>(projectsPath.task(id, taskId), { signal }),
  comment: (id: string, taskId: string, content: string) => request<TaskDetail>(projectsPath.comments(id, taskId), { method: 'POST', json: { content } }),
  uncomment: (id: string, taskId: string, commentId: string) => request<TaskDetail>(projectsPath.comment(id, taskId, commentId), { method: 'DELETE' }),
  attach: (id: string, taskId: string, resIds: string[]) => request<TaskDetail>(projectsPath.attachments(id, taskId), { method: 'POST', json: { resIds } }),
  detach: (id: string, taskId: string, resId: string) => request<TaskDetail>(projectsPath.attachment(id, taskId, resId), { method: 'DELETE' }),
};
