import {
  ApiPath,
  type CertificateCheck,
  type MyStudent,
  type Page,
  type WorkflowAssignee,
  type WorkflowCommandResult,
  type WorkflowEventInput,
  type WorkflowInstanceView,
  type WorkflowListItem,
  WorkflowPath,
  type WorkflowTaskItem,
} from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import { request, requestBlob, requestData } from './http.js';

/** The workflow API (docs/architecture.md#workflow-api), one shape for every flow. */
/**
 * A key for one user action (Idempotency-Key): made when the action begins (a form opened, a modal shown) and sent
 * with every try of it, so a double click or a retry after a lost answer is answered with the first outcome instead
 * of acting twice. From getRandomValues: randomUUID is missing outside secure contexts (a school's http://10.x).
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const workflowApi = {
  /** Whom I may apply for: my own student record, or my children. */
  myStudents(signal?: AbortSignal): Promise<MyStudent[]> {
    return requestData<MyStudent[]>(ApiPath.myStudents, { signal });
  },

  async start(flow: string, form: Record<string, unknown>, actionKey: string): Promise<{ result: WorkflowCommandResult; msg: string }> {
    const env = await request<WorkflowCommandResult>(WorkflowPath.start(flow), { json: form, headers: { 'Idempotency-Key': actionKey } });
    if (!env.data) throw new Error(env.msg);
    return { result: env.data, msg: env.msg };
  },

  /**
   * Sends an event with If-Match = the version the user saw; 409 when someone else acted first. `null`: a step that does
   * not depend on what the user saw (an objection, heard in the notice and in review alike) goes without it, and the
   * server decides it on the stream as it is.
   */
  async send(flow: string, id: string, event: WorkflowEventInput, version: number | null, actionKey: string): Promise<{ result: WorkflowCommandResult | undefined; msg: string }> {
    const headers: Record<string, string> = { 'Idempotency-Key': actionKey, ...(version === null ? {} : { 'If-Match': String(version) }) };
    const env = await request<WorkflowCommandResult>(WorkflowPath.events(flow, id), { json: event, headers });
    return { result: env.data, msg: env.msg };
  },

  one(flow: string, id: string, signal?: AbortSignal): Promise<WorkflowInstanceView> {
    return requestData<WorkflowInstanceView>(WorkflowPath.one(flow, id), { signal });
  },

  list(flow: string, query: { scope: 'mine' | 'all'; current: number; size: number; status?: ReviewStatus }, signal?: AbortSignal): Promise<Page<WorkflowListItem>> {
    return requestData<Page<WorkflowListItem>>(WorkflowPath.list(flow), { query, signal });
  },

  /** Instances of every flow (or of `flow`): my applications, application records. */
  listAll(query: { scope: 'mine' | 'all'; current: number; size: number; status?: ReviewStatus; flow?: string }, signal?: AbortSignal): Promise<Page<WorkflowListItem>> {
    return requestData<Page<WorkflowListItem>>(WorkflowPath.all, { query, signal });
  },

  /** A form field's choices the server gives (`FormField.source`). */
  formOptions(flow: string, field: string, signal?: AbortSignal): Promise<{ value: string; label: string }[]> {
    return requestData<{ value: string; label: string }[]>(`${WorkflowPath.start(flow)}/options/${field}`, { signal });
  },

  /** 转办: who could take the instance's current step over. */
  transferCandidates(flow: string, id: string, signal?: AbortSignal, command = 'TRANSFER'): Promise<WorkflowAssignee[]> {
    return requestData<WorkflowAssignee[]>(`${WorkflowPath.one(flow, id)}/transfer-candidates`, { signal, ...(command === 'TRANSFER' ? {} : { query: { command } }) });
  },

  /** 抄送: people whose name or account contains `q`. */
  ccCandidates(flow: string, id: string, q: string, signal?: AbortSignal): Promise<WorkflowAssignee[]> {
    return requestData<WorkflowAssignee[]>(`${WorkflowPath.one(flow, id)}/cc-candidates`, { query: { q }, signal });
  },

  tasks(query: { current: number; size: number; flow?: string }, signal?: AbortSignal): Promise<Page<WorkflowTaskItem>> {
    return requestData<Page<WorkflowTaskItem>>(WorkflowPath.tasks, { query, signal });
  },

  /** A flow's read-only view (classroom-loan's `day`). */
  view<T>(flow: string, name: string, query: Record<string, string>, signal?: AbortSignal): Promise<T> {
    return requestData<T>(`${WorkflowPath.start(flow)}/views/${name}`, { query, signal });
  },

  /** A passed proof's certificate, as the PDF file. */
  certificate(flow: string, id: string, signal?: AbortSignal): Promise<Blob> {
    return requestBlob(WorkflowPath.certificate(flow, id), signal);
  },

  /** Whether a certificate's code is one the school issued (no sign-in). */
  verifyCertificate(code: string, signal?: AbortSignal): Promise<CertificateCheck> {
    return requestData<CertificateCheck>(WorkflowPath.verifyCertificate(code), { signal });
  },
};

/** A page answer that may be missing or malformed reads as empty. */
export function asPage<T>(data: Page<T> | undefined | null): Page<T> {
  return { total: Number(data?.total) || 0, list: Array.isArray(data?.list) ? data.list : [] };
}
