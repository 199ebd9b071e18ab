import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Envelope } from '@schoolflow/contracts';
import { Agent } from 'undici';
import { encodedBody, headersOf, plainRequest } from './plain-request.js';

export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_ACCOUNTS = ['admin', 'principal', 'office', 'headteacher', 'teacher', 'student', 'jz202511001'] as const;

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the e2e jest project');
  return url;
}

/** A distinct client address per caller, so the per-address sign-in limit of one test does not touch another. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  form?: Record<string, string>;
  json?: unknown;
  rawBody?: string;
  contentType?: string;
  lang?: 'zh' | 'en';
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export async function call<T = unknown>(path: string, o: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': o.ip ?? randomIp(), ...(o.headers ?? {}) };
  if (o.lang) headers['Accept-Language'] = o.lang;
  if (o.token) headers['X-Access-Token'] = o.token;
  const { body, contentType } = encodedBody({ form: o.form, json: o.json, raw: o.rawBody, contentType: o.contentType });
  if (contentType) headers['Content-Type'] = contentType;
  const method = o.method ?? (body === undefined ? 'GET' : 'POST');
  const res = await plainRequest(`${baseUrl()}/server${path}`, { method, headers, body });
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(res.text) as Envelope<T>;
  } catch {
    throw new Error(`not an envelope (${res.status}): ${res.text.slice(0, 300)}`);
  }
  return {
    status: res.status,
    body: parsed,
    get headers() {
      return headersOf(res.headers);
    },
  };
}

/**
 * The connections of `fetchOnce` and the helpers built on it, one per request (no keep-alive): the run starts and stops
 * servers on ports the system hands out again, and a kept-alive connection to a stopped server's port failed with "other side closed" before
 * the request reached the new one — a write could not be retried safely. `call` (plain-request.ts) keeps connections
 * alive only to the worker's own server, which lives as long as the worker.
 */
const dispatcher = new Agent({ pipelining: 0 });

function fetchOnce(url: string, init: RequestInit & { method: string }): Promise<Response> {
  return fetch(url, { ...init, dispatcher } as RequestInit);
}

/** A plain GET on a connection of its own (see the dispatcher above), for a test reading something raw (a document). */
export function fetchFresh(url: string): Promise<Response> {
  return fetchOnce(url, { method: 'GET' });
}

/** A request of any method and no body on a connection of its own, for a test reading the answer raw (HEAD, OPTIONS). */
export function fetchMethod(url: string, method: string): Promise<Response> {
  return fetchOnce(url, { method });
}

export async function login(account: string, password = DEMO_PASSWORD, ip = randomIp(), headers?: Record<string, string>): Promise<string> {
  const res = await call<{ token: string; headerName: string }>('/api/login/v3', { form: { username: account, password }, ip, headers });
  if (!res.body.result || !res.body.data) throw new Error(`login ${account} failed: ${res.body.msg}`);
  return res.body.data.token;
}

/** Direct database access, for what a test must observe or arrange below the API (e.g. time passing). */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
