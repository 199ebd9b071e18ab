import type { ChildProcess } from 'node:child_process';
import { createFreshDatabase, dropDatabase, startServer, stopServer } from './e2e-environment.js';

export interface Instance {
  url: string;
  child: ChildProcess;
  logs: () => string;
}

/** A database of its own for tests that start and stop app instances (so the shared test server is not disturbed). */
export async function isolatedDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const admin = process.env.E2E_ADMIN_DATABASE_URL as string;
  const db = await createFreshDatabase(admin);
  return { ...db, drop: () => dropDatabase(admin, db.name) };
}

export async function startInstance(databaseUrl: string, redisPrefix: string, env: Record<string, string> = {}): Promise<Instance> {
  return startServer({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, ...env });
}

export async function stopInstance(i: Instance | undefined): Promise<void> {
  if (i) await stopServer(i.child);
}

/** Calls the API of a given instance (the shared helpers target the main test server). */
export async function callAt<T>(base: string, path: string, init: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: { code: number; result: boolean; msg: string; data?: T } }> {
  const headers: Record<string, string> = {};
  if (init.token) headers['X-Access-Token'] = init.token;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(`${base}/server${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as { code: number; result: boolean; msg: string; data?: T } };
}

export async function loginAt(base: string, account: string): Promise<string> {
  const res = await callAt<{ token: string }>(base, '/api/login/v3', { form: { username: account, password: 'Passw0rd!' } });
  if (!res.body.data) throw new Error(`login ${account} failed: ${res.body.msg}`);
  return res.body.data.token;
}
