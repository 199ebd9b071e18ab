import {
  ApiPath,
  type LeaveForm,
  type MyStudent,
  type Page,
  type WorkflowCommandResult,
  type WorkflowEventInput,
  type WorkflowInstanceView,
  type WorkflowListItem,
  WorkflowPath,
  type WorkflowTaskItem,
} from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import { request, requestData } from './http.js';

/** The workflow API (DESIGN.md §4), one shape for every flow. */
export const workflowApi = {
  /** Whom I may apply for: my own student record, or my children. */
  myStudents(signal?: AbortSignal): Promise<MyStudent[]> {
    return requestData<MyStudent[]>(ApiPath.myStudents, { signal });
  },

  async start(flow: string, form: LeaveForm): Promise<{ result: WorkflowCommandResult; msg: string }> {
    const env = await request<WorkflowCommandResult>(WorkflowPath.start(flow), { json: form });
    if (!env.data) throw new Error(env.msg);
    return { result: env.data, msg: env.msg };
  },

  /** Sends an event with If-Match = the version the user saw; 409 when someone else acted first. */
  async send(flow: string, id: string, event: WorkflowEventInput, version: number): Promise<{ result: WorkflowCommandResult | undefined; msg: string }> {
    const env = await request<WorkflowCommandResult>(WorkflowPath.events(flow, id), { json: event, headers: { 'If-Match': String(version) } });
    return { result: env.data, msg: env.msg };
  },

  one(flow: string, id: string, signal?: AbortSignal): Promise<WorkflowInstanceView> {
    return requestData<WorkflowInstanceView>(WorkflowPath.one(flow, id), { signal });
  },

  list(flow: string, query: { scope: 'mine' | 'all'; current: number; size: number; status?: ReviewStatus }, signal?: AbortSignal): Promise<Page<WorkflowListItem>> {
    return requestData<Page<WorkflowListItem>>(WorkflowPath.list(flow), { query, signal });
  },

  tasks(query: { current: number; size: number }, signal?: AbortSignal): Promise<Page<WorkflowTaskItem>> {
    return requestData<Page<WorkflowTaskItem>>(WorkflowPath.tasks, { query, signal });
  },
};

/** A page answer that may be missing or malformed reads as empty. */
export function asPage<T>(data: Page<T> | undefined | null): Page<T> {
  return { total: Number(data?.total) || 0, list: Array.isArray(data?.list) ? data.list : [] };
}
