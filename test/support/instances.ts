import type { ChildProcess } from 'node:child_process';
import { randomIp } from './api.js';
import { dropDatabase, startServer, stopServer, testDatabase } from './e2e-environment.js';
import { encodedBody, plainRequest } from './plain-request.js';

export interface Instance {
  url: string;
  child: ChildProcess;
  logs: () => string;
}

/**
 * A database of its own for tests that start and stop app instances (so the shared test server is not disturbed): a
 * copy of the run's template — the demo school as a fresh start leaves it.
 */
export async function isolatedDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const admin = process.env.E2E_ADMIN_DATABASE_URL as string;
  const db = await testDatabase(admin);
  return { ...db, drop: () => dropDatabase(admin, db.name) };
}

/** `port`: a port chosen beforehand, for an instance whose own address is part of its configuration (PUBLIC_URL). */
export async function startInstance(databaseUrl: string, redisPrefix: string, env: Record<string, string> = {}, port?: number): Promise<Instance> {
  return startServer({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, ...env }, port);
}

export async function stopInstance(i: Instance | undefined): Promise<void> {
  if (i) await stopServer(i.child);
}

/** Calls the API of a given instance (the shared helpers target the main test server). */
export async function callAt<T>(
  base: string,
  path: string,
  init: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { code: number; result: boolean; msg: string; data?: T } }> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers['X-Access-Token'] = init.token;
  const { body, contentType } = encodedBody(init);
  if (contentType) headers['Content-Type'] = contentType;
  const method = body === undefined ? 'GET' : 'POST';
  // a connection of its own unless `base` is the worker's own server: none is kept alive that a stopped or restarted
  // instance could have closed meanwhile (plain-request.ts)
  const res = await plainRequest(`${base}/server${path}`, { method, headers, body });
  return { status: res.status, body: JSON.parse(res.text) as { code: number; result: boolean; msg: string; data?: T } };
}

/** Signs in from an address of its own (as `login` does), so one test's sign-ins do not meet the per-address limit. */
export async function loginAt(base: string, account: string): Promise<string> {
  const res = await callAt<{ token: string }>(base, '/api/login/v3', { form: { username: account, password: 'Passw0rd!' }, headers: { 'X-Forwarded-For': randomIp() } });
  if (!res.body.data) throw new Error(`login ${account} failed: ${res.body.msg}`);
  return res.body.data.token;
}

/**
 * An app and database of its own for one test file, in place of the shared test server: the helpers that read
 * E2E_BASE_URL / E2E_DATABASE_URL (call, withDb, the browser helpers) target it between `start` and `stop`.
 * For tests that must not see what other files left behind (e.g. an oldest-first queue). `env`: the app's own settings.
 */
export function isolatedApp(env: Record<string, string> = {}): { start: () => Promise<Instance>; stop: () => Promise<void> } {
  const shared = { base: process.env.E2E_BASE_URL, db: process.env.E2E_DATABASE_URL };
  let db: Awaited<ReturnType<typeof isolatedDatabase>> | undefined;
  let app: Instance | undefined;
  return {
    async start() {
      db = await isolatedDatabase();
      app = await startInstance(db.url, db.name, env);
      process.env.E2E_BASE_URL = app.url;
      process.env.E2E_DATABASE_URL = db.url;
      return app;
    },
    async stop() {
      process.env.E2E_BASE_URL = shared.base;
      process.env.E2E_DATABASE_URL = shared.db;
      await stopInstance(app);
      await db?.drop();
    },
  };
}
