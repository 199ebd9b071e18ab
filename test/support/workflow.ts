import { io, type Socket } from 'socket.io-client';
import { formatSchoolTime, type WorkflowCommandResult, type WorkflowInstanceView } from '@schoolflow/contracts';
import { baseUrl, call, type CallResult, withDb } from './api.js';

export interface LeaveFormInput {
  type?: string;
  start?: string;
  end?: string;
  reason?: string;
  attachments?: string[];
  studentId?: string;
}

/** Midnight of the next Monday in school time (UTC+8), as a UTC instant: leave dates move with the day the tests run. */
function nextMonday(): number {
  const school = new Date(Date.now() + 8 * 3600_000); // the school's wall clock, read through UTC fields
  const daysAhead = ((8 - school.getUTCDay()) % 7) || 7;
  return Date.UTC(school.getUTCFullYear(), school.getUTCMonth(), school.getUTCDate() + daysAhead) - 8 * 3600_000;
}

/** The date `days` days from today, school time ('YYYY-MM-DD'): tests date things from the day they run, never fixed. */
export function schoolDate(days: number): string {
  return formatSchoolTime(Date.now() + days * 86_400_000).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in school time, `days` after next Monday, at `hhmm`. */
export function schoolTime(days: number, hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const at = nextMonday() + days * 24 * 3600_000 + (h * 60 + m) * 60_000;
  return new Date(at + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The ISO instant of a school time made by `schoolTime`. */
export function isoOf(schoolText: string): string {
  return new Date(`${schoolText.replace(' ', 'T')}:00+08:00`).toISOString();
}

/** A leave of `days` whole days starting next Monday 08:00, school time. */
export function leaveForm(days = 2, over: LeaveFormInput = {}): LeaveFormInput {
  return { type: 'personal', start: schoolTime(0, '08:00'), end: schoolTime(days, '07:00'), reason: '家中有事', ...over };
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

/** The calls of one flow, as its tests make them (docs/architecture.md#workflow-api: the same shape for every flow). */
export function flowCalls(flow: string) {
  return {
    submit: (token: string, body: unknown, lang?: 'zh' | 'en') => call<WorkflowCommandResult>(`/api/workflows/${flow}`, { token, json: body, ...(lang ? { lang } : {}) }),
    act: (token: string, id: string, body: Record<string, unknown>) => call<WorkflowCommandResult>(`/api/workflows/${flow}/${id}/events`, { token, json: body }),
    view: (token: string, id: string) => call<WorkflowInstanceView>(`/api/workflows/${flow}/${id}`, { token }),
  };
}

/**
 * Waits until a durable subscription (`workflow-notifications`: messages and pushes; `workflow-effects`: flows'
 * effects) has handled every event committed before the call — the point after which "nothing more happens" can be
 * asserted without a fixed sleep. `query` reads the database the server under test uses (default: E2E_DATABASE_URL).
 */
export async function caughtUp(
  subscription: 'workflow-notifications' | 'workflow-effects',
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> = (sql, params) => withDb((c) => c.query(sql, params)),
  timeoutMs = 15_000,
): Promise<void> {
  const last = (await query(`SELECT transaction_id::text AS tx, position::text AS pos FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1`)).rows[0];
  if (!last) return;
  await until(
    async () => (await query(`SELECT ($1::xid8, $2::bigint) <= (transaction_id, position) AS done FROM subscription_checkpoints WHERE name = $3`, [last.tx, last.pos, subscription])).rows[0]?.done === true,
    (done) => done,
    timeoutMs,
    50,
  );
}
