import { io, type Socket } from 'socket.io-client';
import type { WorkflowCommandResult, WorkflowInstanceView } from '@schoolflow/contracts';
import { baseUrl, call, type CallResult } from './api.js';

export interface LeaveFormInput {
  type?: string;
  start?: string;
  end?: string;
  reason?: string;
  attachments?: string[];
  studentId?: string;
}

/** A leave of `days` whole days starting next Monday 08:00, school time. */
export function leaveForm(days = 2, over: LeaveFormInput = {}): LeaveFormInput {
  const start = new Date(Date.UTC(2026, 10, 23, 0, 0)); // 2026-11-23 08:00 +08:00
  const end = new Date(start.getTime() + days * 24 * 3600_000 - 3600_000);
  const fmt = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  return { type: 'personal', start: fmt(start), end: fmt(end), reason: '家中有事', ...over };
}

export function submitLeave(token: string, form: LeaveFormInput = leaveForm()): Promise<CallResult<WorkflowCommandResult>> {
  return call<WorkflowCommandResult>('/api/workflows/leave', { token, json: form });
}

export async function submitOk(token: string, form: LeaveFormInput = leaveForm()): Promise<string> {
  const res = await submitLeave(token, form);
  if (!res.body.result || !res.body.data) throw new Error(`submit failed: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

export function act(token: string, id: string, body: Record<string, unknown>, ifMatch?: number | string, lang?: 'zh' | 'en'): Promise<CallResult<WorkflowCommandResult>> {
  return call<WorkflowCommandResult>(`/api/workflows/leave/${id}/events`, {
    token,
    json: body,
    headers: ifMatch === undefined ? {} : { 'If-Match': String(ifMatch) },
    ...(lang ? { lang } : {}),
  });
}

export async function view(token: string, id: string): Promise<CallResult<WorkflowInstanceView>> {
  return call<WorkflowInstanceView>(`/api/workflows/leave/${id}`, { token });
}

/** A signed-in socket; resolves once connected. */
export async function connectSocket(token: string, url = baseUrl()): Promise<Socket> {
  const socket = io(url, { path: '/server/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect')), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
  return socket;
}

/** Waits for the first `event` whose payload satisfies `match`. */
export function nextPush<T = Record<string, unknown>>(socket: Socket, event: string, match: (p: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    function handler(p: T): void {
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(p);
    }
    socket.on(event, handler);
  });
}

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000, stepMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await fn();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(last).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, stepMs));
    last = await fn();
  }
  return last;
}
