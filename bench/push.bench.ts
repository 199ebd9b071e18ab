/**
 * npm run bench:push
 *
 * Time from an APPROVE command's HTTP response to the applicant's socket receiving `workflow.transitioned` for it,
 * p50/p99/max, with 1,000 sockets connected to the built server, beside a bare socket.io emit-with-ack round trip
 * measured in the same run.
 *
 * Also the server's resident memory before and after the sockets connect, per socket.
 *
 * Knobs (environment): BENCH_SOCKETS (1000), BENCH_APPROVALS (300), BENCH_IN_FLIGHT (4), BENCH_WARMUP (20).
 * 10,000 sockets: `BENCH_SOCKETS=10000 npm run bench:push` (needs ~25,000 open files: `ulimit -n` is raised for it).
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import type pg from 'pg';
import { connectSocket, leaveForm, act, submitLeave } from '../test/support/workflow.js';
import { bareRoundTrips } from './support/bare-socket-io.js';
import { openDb } from './support/db.js';
import { type BenchServer, onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { type DemoStudent, demoStudents, signIn, STAFF_ACCOUNTS } from './support/demo-school.js';
import { notificationBacklog } from './support/notifications.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { mapLimit, ms, type Summary, summarise, table } from './support/stats.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const APPROVALS = Number(process.env.BENCH_APPROVALS ?? 300);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PUSH_TIMEOUT_MS = 15_000;

/** A process's resident memory now (kB), as the kernel counts it. */
function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}
/** The target. */
const TARGET_P99_MS = 250;

interface Transitioned {
  flow?: string;
  id?: string;
  version?: number;
}

/** An approval waiting for its push: when its HTTP response and its push arrived (performance.now()). */
interface Pending {
  responseAt?: number;
  pushAt?: number;
  /** Date.now() of the same two moments, to line up with PostgreSQL timestamps (same machine clock). */
  responseWall?: number;
  pushWall?: number;
  resolve: () => void;
}

interface Sample {
  id: string;
  responseWall: number;
  pushWall: number;
  /** push − response, 0 when the push came first. */
  latency: number;
  pushFirst: boolean;
  approveMs: number;
  submitMs: number;
}

class Failures {
  readonly counts = new Map<string, number>();
  add(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }
  get total(): number {
    return [...this.counts.values()].reduce((s, v) => s + v, 0);
  }
}

/** The sockets spread round robin over every student and staff account (5–6 each for 1,000); all stay connected throughout. */
function socketPlan(students: DemoStudent[], total: number): string[] {
  const accounts = [...students.map((s) => s.account), ...STAFF_ACCOUNTS];
  return Array.from({ length: total }, (_, i) => accounts[i % accounts.length] as string);
}

async function bench(server: BenchServer): Promise<void> {
  const out = (line = ''): void => {
    process.stdout.write(`${line}\n`);
  };
  out('# bench:push — APPROVE response → applicant socket receives workflow.transitioned, vs a bare socket.io round trip');
  for (const line of await describeContext(server.databaseUrl)) out(line);
  out(`load:       ${SOCKETS} sockets connected; ${APPROVALS} approvals (+${WARMUP} warm-up), ${IN_FLIGHT} in flight; each: student submits a leave, head teacher APPROVEs (If-Match 1)`);
  out();

  // Baseline first, while the server under test is idle.
  const bare = summarise(await bareRoundTrips(APPROVALS, 200, 0));
  const bareLoaded = summarise(await bareRoundTrips(APPROVALS, 200, SOCKETS));

  const students = await demoStudents(server.databaseUrl);
  const plan = socketPlan(students, SOCKETS);
  const t0 = performance.now();
  const tokens = await signIn([...new Set(plan)]);
  const signInS = (performance.now() - t0) / 1000;
  const sockets: Socket[] = [];
  onCleanup(async () => {
    for (const s of sockets) s.disconnect();
  });
  const rssBefore = rssKb(server.pid);
  const t1 = performance.now();
  const connectedSockets: Socket[] = await mapLimit(plan.length, 25, async (i) => {
    const s = await connectSocket(tokens.get(plan[i] as string) as string, server.url);
    sockets.push(s); // for the cleanup, whatever happens next
    return s;
  });
  out(`setup:      ${tokens.size} accounts signed in (${signInS.toFixed(1)} s), ${sockets.length} sockets connected (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
  await new Promise((r) => setTimeout(r, 2000)); // the connections settle
  const rssAfter = rssKb(server.pid);
  out(`server memory: ${(rssBefore / 1024).toFixed(0)} MB resident before the sockets, ${(rssAfter / 1024).toFixed(0)} MB with ${sockets.length} connected: ${((rssAfter - rssBefore) / sockets.length).toFixed(1)} kB per socket`);
  let disconnects = 0;
  for (const s of sockets) s.on('disconnect', () => disconnects++);

  // One measured socket per account (an applicant's first), one handler each, resolving the approval it awaits.
  const pending = new Map<string, Pending>();
  const measured = new Map<string, Socket>();
  for (let i = 0; i < plan.length; i++) {
    const account = plan[i] as string;
    const socket = connectedSockets[i];
    if (!socket || measured.has(account)) continue;
    measured.set(account, socket);
    socket.on('workflow.transitioned', (p: Transitioned) => {
      if (p.version !== 2 || !p.id) return;
      const w = pending.get(p.id);
      if (!w || w.pushAt !== undefined) return;
      w.pushAt = performance.now();
      w.pushWall = Date.now();
      w.resolve();
    });
  }

  const failures = new Failures();
  const tokenOf = (account: string): string => tokens.get(account) as string;

  /** One approval: submit, then approve, and wait for the applicant's push. */
  const oneApproval = async (k: number): Promise<Sample | null> => {
    const student = students[k % students.length] as DemoStudent;
    const s0 = performance.now();
    const submitted = await submitLeave(tokenOf(student.account), leaveForm(1));
    const submitMs = performance.now() - s0;
    if (submitted.status !== 200 || !submitted.body.data) {
      failures.add(`submit HTTP ${submitted.status} ${submitted.body.msg}`);
      return null;
    }
    const id = submitted.body.data.id;
    let resolve: () => void = () => undefined;
    const arrived = new Promise<void>((r) => (resolve = r));
    const w: Pending = { resolve };
    pending.set(id, w);
    try {
      const a0 = performance.now();
      const approved = await act(tokenOf(student.headTeacher), id, { type: 'APPROVE' }, 1);
      w.responseAt = performance.now();
      w.responseWall = Date.now();
      if (approved.status !== 200) {
        failures.add(`approve HTTP ${approved.status} ${approved.body.msg}`);
        return null;
      }
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        arrived.then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), PUSH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut || w.pushAt === undefined || w.pushWall === undefined) {
        failures.add(`no push within ${PUSH_TIMEOUT_MS} ms`);
        return null;
      }
      const raw = w.pushAt - w.responseAt;
      return { id, responseWall: w.responseWall, pushWall: w.pushWall, latency: Math.max(0, raw), pushFirst: raw < 0, approveMs: w.responseAt - a0, submitMs };
    } finally {
      pending.delete(id);
    }
  };

  const counted = async (k: number): Promise<Sample | null> => {
    try {
      return await oneApproval(k);
    } catch (err) {
      failures.add(`error ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  };

  const run = async (count: number, offset: number): Promise<{ samples: Sample[]; seconds: number }> => {
    const start = performance.now();
    const results = await mapLimit(count, IN_FLIGHT, (i) => counted(offset + i));
    return { samples: results.filter((r): r is Sample => r !== null), seconds: (performance.now() - start) / 1000 };
  };

  await run(WARMUP, 0);
  const warmupFailures = failures.total;
  failures.counts.clear();
  const cpu0 = sampleCpu(server.pid, server.databaseName);
  const measuredFrom = Date.now();
  const { samples, seconds } = await run(APPROVALS, WARMUP);
  const cpu1 = sampleCpu(server.pid, server.databaseName);

  const push = summarise(samples.map((s) => s.latency));
  const approve = summarise(samples.map((s) => s.approveMs));
  const submit = summarise(samples.map((s) => s.submitMs));
  const pushFirst = samples.filter((s) => s.pushFirst).length;
  const connected = sockets.filter((s) => s.connected).length;
  const db = await openDb(server.databaseUrl);
  let backlog: number;
  let split: Awaited<ReturnType<typeof breakdown>>;
  try {
    backlog = await notificationBacklog(db);
    split = await breakdown(db, samples, measuredFrom);
  } finally {
    await db.end();
  }

  out();
  out('## results');
  out(
    table(
      ['', 'samples', 'p50', 'p99', 'max', 'mean'],
      [
        [`push: APPROVE response → applicant socket (${SOCKETS} sockets)`, String(push.count), ms(push.p50), ms(push.p99), ms(push.max), ms(push.mean)],
        ['bare socket.io emit-with-ack round trip, 1 client', String(bare.count), ms(bare.p50), ms(bare.p99), ms(bare.max), ms(bare.mean)],
        [`bare socket.io emit-with-ack round trip, +${SOCKETS} idle clients`, String(bareLoaded.count), ms(bareLoaded.p50), ms(bareLoaded.p99), ms(bareLoaded.max), ms(bareLoaded.mean)],
        ['(context) APPROVE command latency', String(approve.count), ms(approve.p50), ms(approve.p99), ms(approve.max), ms(approve.mean)],
        ['(context) submit command latency', String(submit.count), ms(submit.p50), ms(submit.p99), ms(submit.max), ms(submit.mean)],
      ],
    ),
  );
  out(`approvals: ${samples.length} measured in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(1)}/s, ${IN_FLIGHT} in flight); failures: ${failures.total} (warm-up: ${warmupFailures})`);
  for (const [what, n] of failures.counts) out(`failure: ${n} × ${what}`);
  out(`push arrived before the approve response (counted as 0 ms): ${pushFirst} of ${samples.length}`);
  out(`sockets still connected at the end: ${connected} of ${sockets.length}; disconnects seen: ${disconnects}`);
  out(`notification subscriber backlog at the end: ${backlog} events`);
  out(`ratio push p50 / bare p50: ${(push.p50 / bare.p50).toFixed(1)}×; push p99 / bare p99: ${(push.p99 / bare.p99).toFixed(1)}×`);
  out();
  out(`target: push p99 ≤ ${TARGET_P99_MS} ms with ${SOCKETS} sockets → ${push.p99 <= TARGET_P99_MS && failures.total === 0 ? 'MET' : 'NOT MET'} (p99 ${ms(push.p99)})`);
  out();
  out('## where the time goes');
  out(
    `server side (PostgreSQL timestamps): the subscriber's batch holding the APPROVE began ${ms(split.toBatch.p50)} p50 / ${ms(split.toBatch.p99)} p99 after the response ` +
      `(negative: before it); from that batch's start to the push at the socket ${ms(split.batchToPush.p50)} p50 / ${ms(split.batchToPush.p99)} p99; ` +
      `batches of ${split.batchEvents.p50} events p50 / ${split.batchEvents.p99} p99 (${split.batches} batches)`,
  );
  out(formatCpu('push run', cpu0, cpu1, { unit: 'approval (submit + approve)', count: samples.length }));
}

/**
 * Where a push waits, from the database: push_log.created_at is now() of the subscriber's batch transaction (its
 * start), so (batch start − approve response) is the wait for the subscriber and (push − batch start) is the
 * batch's processing, its commit, the emit and the delivery.
 */
async function breakdown(db: pg.Client, samples: Sample[], fromWall: number): Promise<{ toBatch: Summary; batchToPush: Summary; batchEvents: Summary; batches: number }> {
  const ids = samples.map((s) => s.id);
  const rows = (
    await db.query<{ id: string; batch_ms: number }>(
      `SELECT w.id::text AS id, extract(epoch FROM p.created_at) * 1000 AS batch_ms
         FROM wf_instance w JOIN push_log p ON p.user_id = w.applicant_id AND p.event = 'workflow.transitioned'
          AND p.payload->>'id' = w.id::text AND (p.payload->>'version')::int = 2
        WHERE w.id = ANY($1::uuid[])`,
      [ids],
    )
  ).rows;
  const batchAt = new Map(rows.map((r) => [r.id, Number(r.batch_ms)]));
  const toBatch: number[] = [];
  const batchToPush: number[] = [];
  for (const s of samples) {
    const b = batchAt.get(s.id);
    if (b === undefined) continue;
    toBatch.push(b - s.responseWall);
    batchToPush.push(s.pushWall - b);
  }
  const sizes = (
    await db.query<{ n: number }>(
      `SELECT count(DISTINCT split_part(source_key, ':', 2))::int AS n FROM push_log
        WHERE created_at >= to_timestamp($1::double precision / 1000) AND source_key LIKE 'ev:%' GROUP BY created_at`,
      [fromWall],
    )
  ).rows.map((r) => r.n);
  return { toBatch: summarise(toBatch), batchToPush: summarise(batchToPush), batchEvents: summarise(sizes), batches: sizes.length };
}

runMain(() => withBenchServer(bench));
