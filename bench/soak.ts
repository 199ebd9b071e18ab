/**
 * npm run soak — the platform over time (not in CI): 50 simulated users of mixed traffic against the built server for
 * SOAK_MINUTES (30), each with a socket, as a school's day would have them: students applying for leave, withdrawing
 * some, reading their lists, messages and permissions; head teachers and the office working their queues, approving
 * and rejecting; the principal and an administrator browsing lists, the operation log, users, uploading a picture,
 * exporting users. Each user waits 0.5–3 s between actions.
 *
 * Every SOAK_SAMPLE_SECONDS (60) it prints one line: requests, p50/p95/p99 of the interval, errors, the server's
 * resident memory, and its live heap — the heap in use right after the interval's last full collection (the server
 * runs with --trace-gc): resident memory swings with the collector; the live heap is what a leak would grow. At the
 * end: p50/p95/p99 per action, errors by kind, and both series with the live heap's slope over the second half.
 *
 * Errors are answers of 5xx and requests that got no answer; 4xx answers are the platform refusing what it should
 * (a withdrawal that lost to an approval, say) and are counted apart.
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { call, login } from '../test/support/api.js';
import { connectSocket, leaveForm } from '../test/support/workflow.js';
import { type BenchServer, onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { demoStudents } from './support/demo-school.js';
import { percentile, table } from './support/stats.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
const USERS = 50;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');

interface Sample {
  at: number;
  action: string;
  ms: number;
  status: number;
}

/** `--trace-gc` lines of full collections: the heap in use right after one (MB) — live memory, not garbage. */
const MARK_COMPACT = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/g;
function liveHeapsAfterGc(logs: string): number[] {
  return [...logs.matchAll(MARK_COMPACT)].map((m) => Number(m[1]));
}

function memory(pid: number): { rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024 };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => pause(500 + Math.random() * 2500);

async function soak(server: BenchServer): Promise<void> {
  const out = (line = ''): void => void process.stdout.write(`${line}\n`);
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const refusals = new Map<string, number>();
  const timed = async (action: string, fn: () => Promise<{ status: number; body: { msg?: string } }>): Promise<{ status: number; body: { msg?: string; data?: unknown } } | null> => {
    const t0 = performance.now();
    try {
      const res = await fn();
      samples.push({ at: Date.now(), action, ms: performance.now() - t0, status: res.status });
      if (res.status >= 500) {
        const key = `${action} ${res.status} ${res.body.msg ?? ''}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      else if (res.status >= 400) refusals.set(`${action} ${res.status}`, (refusals.get(`${action} ${res.status}`) ?? 0) + 1);
      return res;
    } catch (err) {
      samples.push({ at: Date.now(), action, ms: performance.now() - t0, status: -1 });
      const key = `${action} no answer: ${String(err instanceof Error ? err.message : err).slice(0, 80)}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      return null;
    }
  };

  const students = await demoStudents(server.databaseUrl);
  const heads = [...new Set(students.map((s) => s.headTeacher))];
  // 50 users: the 6 head teachers, the office, the principal, a parent, an administrator, the teachers who are not head
  // teachers, and students (the rest of the 50) taken class by class in turn.
  type Role = 'student' | 'reviewer' | 'parent' | 'admin' | 'teacher';
  const staff: { account: string; role: Role }[] = [
    ...heads.map((h) => ({ account: h, role: 'reviewer' as const })),
    { account: 'office', role: 'reviewer' },
    { account: 'principal', role: 'reviewer' },
    { account: 'jz202511001', role: 'parent' },
    { account: 'admin', role: 'admin' },
    ...['teacher', 'teacher01', 'teacher02', 'teacher03'].filter((t) => !heads.includes(t)).map((t) => ({ account: t, role: 'teacher' as const })),
  ];
  const byClass = heads.map((h) => students.filter((s) => s.headTeacher === h));
  const applicants: string[] = [];
  for (let i = 0; applicants.length < USERS - staff.length; i++) {
    const s = byClass[i % byClass.length]?.[Math.floor(i / byClass.length)];
    if (s) applicants.push(s.account);
  }
  const cast: { account: string; role: Role }[] = [...applicants.map((account) => ({ account, role: 'student' as const })), ...staff];

  out(`# npm run soak — ${cast.length} users of mixed traffic for ${MINUTES} min (sample every ${SAMPLE_SECONDS} s)`);
  const tokens = new Map<string, string>();
  for (const u of cast) tokens.set(u.account, await login(u.account));
  const sockets: Socket[] = [];
  onCleanup(async () => {
    for (const s of sockets) s.disconnect();
  });
  let pushes = 0;
  for (const u of cast) {
    const s = await connectSocket(tokens.get(u.account) as string, server.url);
    s.onAny(() => pushes++);
    sockets.push(s);
  }

  const until = Date.now() + MINUTES * 60_000;
  const token = (account: string) => tokens.get(account) as string;
  const open: string[] = []; // leaves a student may withdraw

  const studentDay = async (account: string): Promise<void> => {
    while (Date.now() < until) {
      const r = Math.random();
      if (r < 0.25) {
        const res = await timed('submit leave', () => call<{ id: string }>('/api/workflows/leave', { token: token(account), json: leaveForm(1) }));
        const id = (res?.body.data as { id?: string } | undefined)?.id;
        if (id && Math.random() < 0.2) open.push(`${account}|${id}`);
      } else if (r < 0.3 && open.length > 0) {
        const i = open.findIndex((o) => o.startsWith(`${account}|`));
        if (i >= 0) {
          const [, id] = (open.splice(i, 1)[0] as string).split('|');
          await timed('withdraw', () => call(`/api/workflows/leave/${id}/events`, { token: token(account), json: { type: 'WITHDRAW' } }));
        }
      } else if (r < 0.55) await timed('my leaves', () => call('/api/workflows/leave?scope=mine&current=1&size=10', { token: token(account) }));
      else if (r < 0.8) await timed('messages', () => call('/api/message/info/getInfoByRecipient', { token: token(account), json: { page: 1, size: 10, status: '0' } }));
      else await timed('permissions', () => call('/ms/getPermission', { token: token(account) }));
      await think();
    }
  };

  const reviewerDay = async (account: string): Promise<void> => {
    while (Date.now() < until) {
      const res = await timed('review queue', () => call<{ list: { id: string; version: number }[] }>('/api/workflows/tasks?current=1&size=20', { token: token(account) }));
      const list = (res?.body.data as { list?: { id: string; version: number }[] } | undefined)?.list ?? [];
      for (const task of list.slice(0, 3)) {
        const reject = Math.random() < 0.1;
        await timed(reject ? 'reject' : 'approve', () =>
          call(`/api/workflows/leave/${task.id}/events`, { token: token(account), json: reject ? { type: 'REJECT', comment: '请补充材料' } : { type: 'APPROVE' }, headers: { 'If-Match': String(task.version) } }),
        );
        await pause(200);
      }
      if (Math.random() < 0.3) await timed('messages', () => call('/api/message/info/getInfoByRecipient', { token: token(account), json: { page: 1, size: 10 } }));
      await think();
    }
  };

  const adminDay = async (account: string): Promise<void> => {
    while (Date.now() < until) {
      const r = Math.random();
      if (r < 0.3) await timed('user list', () => call('/ms/user/list', { token: token(account), json: { current: 1 + Math.floor(Math.random() * 5), size: 20 } }));
      else if (r < 0.55) await timed('operation log', () => call('/ms/logs/list', { token: token(account), json: { current: 1, size: 20 } }));
      else if (r < 0.7) await timed('role list', () => call('/ms/role/list', { token: token(account), json: { current: 1, size: 20 } }));
      else if (r < 0.85) {
        await timed('upload', async () => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(PNG)]), 'soak.png');
          const res = await fetch(`${server.url}/server/file/upload?maxSize=2048&types=.png`, { method: 'POST', headers: { 'X-Access-Token': token(account) }, body: form });
          return { status: res.status, body: (await res.json()) as { msg?: string } };
        });
      } else {
        await timed('export users', async () => {
          const res = await fetch(`${server.url}/server/ms/user/export`, { method: 'POST', headers: { 'X-Access-Token': token(account), 'Content-Type': 'application/json' }, body: '{}' });
          await res.arrayBuffer();
          return { status: res.status, body: {} };
        });
      }
      await think();
    }
  };

  const otherDay = async (account: string): Promise<void> => {
    while (Date.now() < until) {
      if (Math.random() < 0.5) await timed('messages', () => call('/api/message/info/getInfoByRecipient', { token: token(account), json: { page: 1, size: 10 } }));
      else await timed('permissions', () => call('/ms/getPermission', { token: token(account) }));
      await think();
    }
  };

  // The monitor: one line per interval, and the memory series.
  const series: { minute: number; rssMb: number; liveMb: number | null }[] = [];
  let gcSeen = 0;
  const started = Date.now();
  let from = 0;
  out();
  out(table(['minute', 'requests', 'p50', 'p95', 'p99', 'errors', 'RSS', 'live heap'], []).split('\n')[0] ?? '');
  const monitor = (async () => {
    while (Date.now() < until) {
      await pause(SAMPLE_SECONDS * 1000);
      const window = samples.slice(from);
      from = samples.length;
      const sorted = window.map((s) => s.ms).sort((a, b) => a - b);
      const m = memory(server.pid);
      const minute = (Date.now() - started) / 60_000;
      const gcs = liveHeapsAfterGc(server.logs());
      const live = gcs.length > gcSeen ? (gcs[gcs.length - 1] as number) : null;
      gcSeen = gcs.length;
      series.push({ minute, rssMb: m.rssMb, liveMb: live });
      const errs = window.filter((s) => s.status >= 500 || s.status === -1).length;
      out(`${minute.toFixed(1).padStart(6)}  ${String(window.length).padStart(8)}  ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  ${percentile(sorted, 95).toFixed(1).padStart(6)} ms  ${percentile(sorted, 99).toFixed(1).padStart(6)} ms  ${String(errs).padStart(6)}  ${m.rssMb.toFixed(0)} MB  ${live === null ? '—' : `${live.toFixed(1)} MB`}`);
    }
  })();

  series.push({ minute: 0, rssMb: memory(server.pid).rssMb, liveMb: null });
  await Promise.all([
    ...cast.map((u) => (u.role === 'student' ? studentDay(u.account) : u.role === 'reviewer' ? reviewerDay(u.account) : u.role === 'admin' ? adminDay(u.account) : otherDay(u.account))),
    monitor,
  ]);

  // The summary.
  const actions = [...new Set(samples.map((s) => s.action))].sort();
  const rows = actions.map((a) => {
    const sorted = samples.filter((s) => s.action === a).map((s) => s.ms).sort((x, y) => x - y);
    return [a, String(sorted.length), `${percentile(sorted, 50).toFixed(1)} ms`, `${percentile(sorted, 95).toFixed(1)} ms`, `${percentile(sorted, 99).toFixed(1)} ms`];
  });
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  rows.push(['all', String(all.length), `${percentile(all, 50).toFixed(1)} ms`, `${percentile(all, 95).toFixed(1)} ms`, `${percentile(all, 99).toFixed(1)} ms`]);
  out();
  out('## latency per action');
  out(table(['action', 'requests', 'p50', 'p95', 'p99'], rows));
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  out();
  out(`errors (5xx or no answer): ${errorCount} of ${samples.length}`);
  for (const [k, n] of errors) out(`  ${n} × ${k}`);
  out(`refusals (4xx, expected ones such as a withdrawal that lost to an approval): ${[...refusals.values()].reduce((a, b) => a + b, 0)}`);
  for (const [k, n] of refusals) out(`  ${n} × ${k}`);
  out(`pushes received by the 50 sockets: ${pushes}; sockets still connected: ${sockets.filter((s) => s.connected).length}`);
  // Memory: the slope of a least-squares line over the second half (after warm-up), in MB per hour.
  const slopeOf = (points: { x: number; y: number }[]): number => {
    const n = points.length;
    if (n < 2) return Number.NaN;
    const mx = points.reduce((s, p) => s + p.x, 0) / n;
    const my = points.reduce((s, p) => s + p.y, 0) / n;
    return (points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / points.reduce((s, p) => s + (p.x - mx) ** 2, 0)) * 60;
  };
  const half = series.filter((p) => p.minute >= MINUTES / 2);
  const rss = series.map((p) => p.rssMb);
  const live = series.flatMap((p) => (p.liveMb === null ? [] : [p.liveMb]));
  out(`server RSS: start ${rss[0]?.toFixed(0)} MB, min ${Math.min(...rss).toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB, end ${rss[rss.length - 1]?.toFixed(0)} MB; slope over the second half ${slopeOf(half.map((p) => ({ x: p.minute, y: p.rssMb }))).toFixed(1)} MB/hour`);
  out(`live heap after full collections: first ${live[0]?.toFixed(1)} MB, min ${Math.min(...live).toFixed(1)} MB, max ${Math.max(...live).toFixed(1)} MB, last ${live[live.length - 1]?.toFixed(1)} MB; slope over the second half ${slopeOf(half.flatMap((p) => (p.liveMb === null ? [] : [{ x: p.minute, y: p.liveMb }]))).toFixed(1)} MB/hour`);
}

// The server reports every collection, so the live heap can be read after each full one.
process.env.SERVER_NODE_ARGS = `${process.env.SERVER_NODE_ARGS ?? ''} --trace-gc`.trim();
runMain(() => withBenchServer(soak));
