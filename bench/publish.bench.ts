/**
 * npm run bench:publish
 *
 * Issue 24's measurements, on the built server over a fresh database with the demo school scaled by SQL to
 * BENCH_STUDENTS (3,000) students in BENCH_CLASSES (60) classes, each generated student with an account, and
 * BENCH_PARENTS (3,000) parent accounts linked as guardians (bench/support/scale-school.ts):
 *
 * 1. The administrator publishes a notice to the whole school with parents (created as a draft first; the timed
 *    command is `POST /posts/{id}/publish`) while BENCH_CONNECTED (1,000) recipients — students and parents, half each,
 *    spread over the classes — have a socket connected: per connected recipient, the time from the publish request
 *    to its socket receiving the bell's message (`message.created` for the post: what the bell counts) and
 *    `post.published`; p50/p99/max (the last), and each against the command's response. The server emits the pushes
 *    at commit, before it answers (it writes the operation log in between), so "from the response" is negative for
 *    every push: the figures are taken from the request, the response printed beside them. The snapshot's size.
 * 2. Each connected recipient then opens the post (`GET /posts/{id}`, which records the read), the reads started
 *    evenly over BENCH_READ_S (10) s: per read, the time from the read sent (and from its response) to the author's
 *    socket receiving a `post.receipt` whose read count includes it — the count that read's own receipt carried, from
 *    push_log; a later, larger count includes it too. p50/p99/max, and the GET's own latency.
 * 3. Baseline, in the same run: one INSERT … SELECT of the same recipient rows into post_recipient (for a copy of the
 *    post, in a transaction rolled back), median of 3; the ratios of publish → last bell and of the server's own
 *    statements (the snapshot; the bell messages and pushes through the outbox), run once by the bench on a copy of
 *    the post, rolled back, each statement timed (BENCH_EXPLAIN=1 also writes the plans of those over 500 ms).
 *
 * Targets (issue 24): last connected recipient's bell p99 ≤ 2 s; receipts reach the author's counts p99 ≤ 1 s.
 */
import type { CreatePostAnswer, MessageRow, PostDetail, PostPublishedPush, PostReceiptPush } from '@schoolflow/contracts';
import { writeFileSync } from 'node:fs';
import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { ServerConfig } from '../apps/api/src/config/app-config.js';
import { audiencePlan } from '../apps/api/src/publishing/domain/audience-plan.js';
import { PostNotifier } from '../apps/api/src/publishing/domain/post-notifier.js';
import { kindOf } from '../apps/api/src/publishing/domain/post-kinds.js';
import { type Db, PostsRepository } from '../apps/api/src/publishing/domain/posts.repository.js';
import { call, login } from '../test/support/api.js';
import { connectSocket } from '../test/support/workflow.js';
import { type BenchServer, onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { signIn } from './support/demo-school.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { giveDemoPassword, scaleSchool } from './support/scale-school.js';
import { mapLimit, ms, ratio, summarise, table } from './support/stats.js';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 60);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 3000);
const PARENTS = Number(process.env.BENCH_PARENTS ?? 3000);
const CONNECTED = Number(process.env.BENCH_CONNECTED ?? 1000);
const READ_S = Number(process.env.BENCH_READ_S ?? 10);
const PUSH_TIMEOUT_MS = 60_000;
const TARGET_BELL_P99_MS = 2000;
const TARGET_RECEIPT_P99_MS = 1000;

const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const sleep = (millis: number): Promise<void> => new Promise((r) => setTimeout(r, millis));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

/** `n` of `all`, evenly spaced (the generated accounts run class by class, so this spreads them over the classes). */
function stride<T>(all: T[], n: number): T[] {
  if (all.length < n) throw new Error(`only ${all.length} available, ${n} needed`);
  return Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)] as T);
}

/** Resolves once `done()` holds (checked on every push and every 50 ms), or after the timeout; answers whether it held. */
async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > until) return false;
    await sleep(20);
  }
  return true;
}

async function bench(server: BenchServer): Promise<void> {
  out('# bench:publish — a notice to the whole school with parents: publish → recipients\' bells; reads → the author\'s live counts');
  for (const line of await describeContext(server.databaseUrl)) out(line);
  const db = await openDb(server.databaseUrl);
  onCleanup(() => db.end());

  const g0 = performance.now();
  const scaled = await scaleSchool(db, { classes: CLASSES, students: STUDENTS, studentAccounts: true, parents: PARENTS });
  const parentsNow = (await db.query<{ n: number }>(`SELECT count(DISTINCT user_id)::int AS n FROM guardian`)).rows[0]?.n ?? 0;
  out(`school:     ${scaled.classes} classes, ${scaled.students} students, ${parentsNow} parent accounts (generated by SQL: ${scaled.studentAccounts} student and ${scaled.parentAccounts} parent accounts, ${((performance.now() - g0) / 1000).toFixed(1)} s)`);

  // the connected recipients: generated students and parents, half each, spread over the classes
  const studentAccounts = (await db.query<{ account: string }>(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.student_no LIKE '9%' ORDER BY s.student_no`)).rows.map((r) => r.account);
  const parentAccounts = (await db.query<{ account: string }>(`SELECT account FROM sys_user WHERE account LIKE 'jz9%' AND user_type = '4' ORDER BY account`)).rows.map((r) => r.account);
  const half = Math.floor(CONNECTED / 2);
  const plan = [...stride(studentAccounts, CONNECTED - half), ...stride(parentAccounts, half)];

  const hashS = await giveDemoPassword(db, plan);
  const s0 = performance.now();
  const tokens = await signIn(plan, 4);
  const admin = await login('admin');
  const signInS = (performance.now() - s0) / 1000;
  const sockets: Socket[] = [];
  onCleanup(async () => {
    for (const s of sockets) s.disconnect();
  });
  const c0 = performance.now();
  const recipientSockets = await mapLimit(plan.length, 25, async (i) => {
    const s = await connectSocket(tokens.get(plan[i] as string) as string, server.url);
    sockets.push(s);
    return s;
  });
  const authorSocket = await connectSocket(admin, server.url);
  sockets.push(authorSocket);
  out(`setup:      ${tokens.size + 1} accounts signed in (${signInS.toFixed(1)} s; their passwords hashed by the bench first, argon2 at the tests' cost: ${hashS.toFixed(1)} s), ${sockets.length} sockets connected (${((performance.now() - c0) / 1000).toFixed(1)} s)`);
  let disconnects = 0;
  for (const s of sockets) s.on('disconnect', () => disconnects++);
  await sleep(2000); // the connections settle

  // the draft (not timed)
  const title = `全校通知 ${Date.now()}`;
  const created = await call<CreatePostAnswer>('/api/posts', {
    token: admin,
    json: { kind: 'notice', title, body: '<p>本周五下午召开全校家长会，请各位家长准时参加。</p>', audience: { school: true, parents: true }, attachments: [], requireConfirm: true },
  });
  if (!created.body.data) throw new Error(`draft not created: ${created.status} ${created.body.msg}`);
  const postId = created.body.data.id;
  const link = `id=${postId}`;

  // 1. publish → each connected recipient's bell message and post.published
  const bellAt: (number | undefined)[] = new Array(plan.length);
  const publishedAt: (number | undefined)[] = new Array(plan.length);
  let bells = 0;
  let published = 0;
  recipientSockets.forEach((s, i) => {
    s.on('message.created', (m: MessageRow) => {
      if (bellAt[i] === undefined && m.MESSAGE_LINK?.endsWith(link)) {
        bellAt[i] = performance.now();
        bells++;
      }
    });
    s.on('post.published', (p: PostPublishedPush) => {
      if (publishedAt[i] === undefined && p.id === postId) {
        publishedAt[i] = performance.now();
        published++;
      }
    });
  });
  const cpu0 = sampleCpu(server.pid, server.databaseName);
  const p0 = performance.now();
  const sentWall = Date.now();
  const res = await call<CreatePostAnswer>(`/api/posts/${postId}/publish`, { token: admin, json: {} });
  const respondedAt = performance.now();
  if (res.body.data?.state !== 'published') throw new Error(`not published: ${res.status} ${res.body.msg}`);
  const allArrived = await waitFor(() => bells === plan.length && published === plan.length, PUSH_TIMEOUT_MS);
  const cpu1 = sampleCpu(server.pid, server.databaseName);
  const snapshot = (await db.query<{ n: number; students: number; parents: number; staff: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE role = 'student')::int AS students, count(*) FILTER (WHERE role = 'parent')::int AS parents,
            count(*) FILTER (WHERE role NOT IN ('student', 'parent'))::int AS staff FROM post_recipient WHERE post_id = $1`,
    [postId],
  )).rows[0];
  // from the publish request sent (the pushes are emitted at commit, before the command's answer: see the output)
  const since = (xs: (number | undefined)[], from: number): number[] => xs.filter((x): x is number => x !== undefined).map((x) => x - from);
  const bell = summarise(since(bellAt, p0));
  const pub = summarise(since(publishedAt, p0));
  const bellVsResponse = summarise(since(bellAt, respondedAt));
  const firstBell = Math.min(...since(bellAt, p0));
  const beforeResponse = since(bellAt, respondedAt).filter((x) => x < 0).length;

  // where the publish's time went, from the database: the transaction's start (now() of published_at and the pushes)
  const server1 = (await db.query<{ started: number }>(`SELECT extract(epoch FROM published_at) * 1000 AS started FROM post WHERE id = $1`, [postId])).rows[0];

  // 2. reads spread over READ_S seconds → the author's post.receipt including each
  const receipts: { at: number; read: number }[] = [];
  authorSocket.on('post.receipt', (r: PostReceiptPush) => {
    if (r.id === postId) receipts.push({ at: performance.now(), read: r.read });
  });
  const readResponded: (number | undefined)[] = new Array(plan.length);
  const readSent: number[] = new Array<number>(plan.length).fill(0);
  const readFailures = new Map<string, number>();
  const cpu2 = sampleCpu(server.pid, server.databaseName);
  const r0 = performance.now();
  const spacing = (READ_S * 1000) / plan.length;
  await Promise.all(
    plan.map(async (account, i) => {
      const wait = r0 + i * spacing - performance.now();
      if (wait > 0) await sleep(wait);
      readSent[i] = performance.now();
      const r = await call<PostDetail>(`/api/posts/${postId}`, { token: tokens.get(account) as string });
      if (r.status === 200 && r.body.data) readResponded[i] = performance.now();
      else readFailures.set(`${r.status} ${r.body.msg}`, (readFailures.get(`${r.status} ${r.body.msg}`) ?? 0) + 1);
    }),
  );
  const readSpan = (performance.now() - r0) / 1000;
  const okReads = readResponded.filter((x) => x !== undefined).length;
  const allReceipts = await waitFor(() => receipts.some((r) => r.read >= (snapshot?.n ?? 0) || r.read >= okReads), PUSH_TIMEOUT_MS);
  const cpu3 = sampleCpu(server.pid, server.databaseName);
  // each read's own receipt count, as written to the author's push log in that read's transaction
  const own = new Map(
    (await db.query<{ account: string; read: number }>(
      `SELECT u.account, (p.payload->>'read')::int AS read FROM push_log p JOIN sys_user u ON u.id = split_part(p.source_key, ':', 4)::uuid
        WHERE p.source_key LIKE $1 AND p.event = 'post.receipt'`,
      [`post:${postId}:read:%`],
    )).rows.map((r) => [r.account, r.read]),
  );
  const receiptLat: number[] = [];
  const receiptSinceSent: number[] = [];
  const readLat: number[] = [];
  let receiptFirst = 0;
  let receiptMissing = 0;
  plan.forEach((account, i) => {
    const at = readResponded[i];
    const n = own.get(account);
    if (at === undefined) return;
    readLat.push(at - (readSent[i] as number));
    const seen = n === undefined ? undefined : receipts.find((r) => r.read >= n);
    if (!seen) {
      receiptMissing++;
      return;
    }
    if (seen.at < at) receiptFirst++;
    receiptLat.push(Math.max(0, seen.at - at));
    receiptSinceSent.push(seen.at - (readSent[i] as number));
  });
  const receipt = summarise(receiptLat);
  const receiptSent = summarise(receiptSinceSent);
  const read = summarise(readLat);

  // 3. baseline: the same recipient rows by one INSERT … SELECT (for a copy of the post), rolled back
  const baseline: number[] = [];
  for (let i = 0; i < 3; i++) {
    await db.query('BEGIN');
    try {
      const copy = (await db.query<{ id: string }>(`INSERT INTO post (kind, title, body, audience, author_id) SELECT kind, title, body, audience, author_id FROM post WHERE id = $1 RETURNING id`, [postId])).rows[0]?.id;
      const t = performance.now();
      const r = await db.query(`INSERT INTO post_recipient (post_id, user_id, role, student_id, class_id) SELECT $2, user_id, role, student_id, class_id FROM post_recipient WHERE post_id = $1`, [postId, copy]);
      baseline.push(performance.now() - t);
      if (r.rowCount !== snapshot?.n) throw new Error(`baseline wrote ${r.rowCount} rows, the snapshot has ${snapshot?.n}`);
    } finally {
      await db.query('ROLLBACK');
    }
  }
  const base = median(baseline);
  const publishMs = respondedAt - p0;
  const steps = await serverStatements(db, postId);

  out();
  out('## 1. publish → connected recipients');
  out(`snapshot: ${snapshot?.n} recipients (${snapshot?.students} students, ${snapshot?.parents} parents, ${snapshot?.staff} other); ${plan.length} of them connected (${CONNECTED - half} students, ${half} parents)`);
  out(
    table(
      ['from the publish request sent', 'arrived', 'p50', 'p99', 'max (the last)', 'mean'],
      [
        ['bell: message.created for the post (what the bell counts)', `${bell.count}/${plan.length}`, ms(bell.p50), ms(bell.p99), ms(bell.max), ms(bell.mean)],
        ['post.published', `${pub.count}/${plan.length}`, ms(pub.p50), ms(pub.p99), ms(pub.max), ms(pub.mean)],
        ['(context) the publish command answered', '1', ms(publishMs), ms(publishMs), ms(publishMs), ms(publishMs)],
      ],
    ),
  );
  out(
    `the pushes are emitted at commit, before the command answers (it then writes the operation log): ${beforeResponse} of ${bell.count} bells came before the response; ` +
      `bell − response: p50 ${ms(bellVsResponse.p50)}, last ${ms(bellVsResponse.max)} (negative: before). First bell ${ms(firstBell)} after the request; its transaction began ${server1 ? ms(server1.started - sentWall) : 'n/a'} after it (PostgreSQL's clock); all arrived: ${allArrived ? 'yes' : `NO (within ${PUSH_TIMEOUT_MS / 1000} s)`}`,
  );
  out(formatCpu('publish → last push', cpu0, cpu1, { unit: 'recipient', count: snapshot?.n ?? 0 }));
  out();
  out("## 2. reads → the author's live counts");
  out(
    table(
      [`${plan.length} reads (GET /posts/{id}) over ${READ_S} s`, 'reads', 'p50', 'p99', 'max', 'mean'],
      [
        ["read sent → author's post.receipt including it", `${receiptSent.count}/${plan.length}`, ms(receiptSent.p50), ms(receiptSent.p99), ms(receiptSent.max), ms(receiptSent.mean)],
        ["read's response → that receipt (0 when it came first)", `${receipt.count}/${plan.length}`, ms(receipt.p50), ms(receipt.p99), ms(receipt.max), ms(receipt.mean)],
        ['(context) GET /posts/{id} latency', String(read.count), ms(read.p50), ms(read.p99), ms(read.max), ms(read.mean)],
      ],
    ),
  );
  out(`reads answered over ${readSpan.toFixed(1)} s; 200: ${okReads}; refused or failed: ${[...readFailures].map(([k, n]) => `${k} ×${n}`).join('; ') || 'none'}; receipts at the author: ${receipts.length} (last read count ${receipts.at(-1)?.read ?? 'n/a'}, all in: ${allReceipts ? 'yes' : 'NO'}); receipt before the read's response: ${receiptFirst}; no receipt including it: ${receiptMissing}`);
  out(formatCpu('reads', cpu2, cpu3, { unit: 'read', count: okReads }));
  out();
  out('## 3. baseline, and the publish transaction\'s own statements');
  out(
    table(
      ['what', 'time', 'ratio to the INSERT … SELECT'],
      [
        [`one INSERT … SELECT of the same ${snapshot?.n} recipient rows, rolled back (median of 3)`, ms(base), '1.000×'],
        ['publish sent → last connected bell', ms(bell.max), ratio(bell.max / base)],
        ['publish sent → command answered', ms(publishMs), ratio(publishMs / base)],
        ['  the server\'s snapshot statement (PostsRepository.snapshotRecipients), run by the bench, rolled back', ms(steps.snapshot), ratio(steps.snapshot / base)],
        ['  its bell messages and pushes (PostNotifier.published → Outbox), run by the bench, rolled back', ms(steps.outbox), ratio(steps.outbox / base)],
      ],
    ),
  );
  out(`baseline runs: ${baseline.map(ms).join(', ')}; the statements wrote ${steps.recipients} recipients and ${steps.pushes} pushes, each statement:`);
  for (const line of steps.statements) out(`  ${line}`);
  if (steps.plans.length > 0) {
    const file = `/tmp/bench-publish-plans-${Date.now()}.txt`;
    writeFileSync(file, steps.plans.join('\n\n'));
    out(`plans of the statements over 500 ms (BENCH_EXPLAIN): ${file}`);
  }
  const dbErrors = server.logs().split('\n').filter((l) => /timeout|unavailable|ECONN/i.test(l));
  if (dbErrors.length > 0) out(`server log: ${dbErrors.length} lines about the database, first: ${dbErrors[0]?.slice(0, 400)}`);
  out(`sockets still connected at the end: ${sockets.filter((s) => s.connected).length} of ${sockets.length}; disconnects seen: ${disconnects}`);
  out();
  out(`target: publish → last connected recipient's bell ≤ ${TARGET_BELL_P99_MS} ms → ${bell.max <= TARGET_BELL_P99_MS && allArrived ? 'MET' : 'NOT MET'} (last ${ms(bell.max)}; one publish per run, so its p99 is its last)`);
  out(`target: read → the author's counts p99 ≤ ${TARGET_RECEIPT_P99_MS} ms → ${receiptSent.p99 <= TARGET_RECEIPT_P99_MS && receiptMissing === 0 ? 'MET' : 'NOT MET'} (p99 ${ms(receiptSent.p99)} from the read sent; ${ms(receipt.p99)} from its response)`);
}

/**
 * Where a publish's time goes in the database: the server's own snapshot statement and outbox writes (the same
 * module code, on the bench's connection) for a copy of the post, in a transaction rolled back — no commit, no
 * emit, nothing left behind. Each once; the machine is the run's.
 */
async function serverStatements(db: pg.Client, postId: string): Promise<{ snapshot: number; outbox: number; recipients: number; pushes: number; statements: string[]; plans: string[] }> {
  // The repository and notifier use only `query(sql, params)` of their Db; a pg client answers it ({ rows }, which
  // rowsOf reads), here through a wrapper that times each statement. The realtime gateway is not reached by `published`.
  const statements: string[] = [];
  // BENCH_EXPLAIN=1: the plans of the statements slower than 500 ms
  const plans: string[] = [];
  const timed = {
    query: async (sql: string, params?: unknown[]): Promise<unknown> => {
      const t = performance.now();
      const r = await db.query(sql, params);
      const took = performance.now() - t;
      statements.push(`${ms(took)} ${r.rowCount ?? 0} rows: ${sql.replace(/\s+/g, ' ').trim().slice(0, 90)}…`);
      // its plan as the planner chose it (estimates, not executed again)
      if (process.env.BENCH_EXPLAIN && took > 500) {
        const plan = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
        plans.push(`-- ${ms(took)}\n${sql}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
      }
      return r;
    },
  };
  const tx = timed as unknown as Db;
  const posts = new PostsRepository(undefined as never);
  const notifier = new PostNotifier(posts, undefined as never, { timeZone: process.env.TZ_SCHOOL ?? 'Asia/Shanghai' } as ServerConfig);
  await db.query('BEGIN');
  try {
    const copy = (await db.query<{ id: string }>(`INSERT INTO post (kind, title, body, audience, author_id) SELECT kind, title || ' (bench copy)', body, audience, author_id FROM post WHERE id = $1 RETURNING id`, [postId])).rows[0]?.id as string;
    const post = await posts.get(tx, copy, true);
    if (!post) throw new Error('copy of the post not found');
    const planned = audiencePlan(post.audience, kindOf(post.kind));
    if (!('plan' in planned)) throw new Error('audience not allowed');
    statements.length = 0;
    const t0 = performance.now();
    const recipients = await posts.snapshotRecipients(tx, copy, planned.plan, post.author_id);
    const t1 = performance.now();
    const pushes = await notifier.published(tx, { id: copy, kind: post.kind, title: post.title, authorName: post.author_name }, recipients);
    const t2 = performance.now();
    return { snapshot: t1 - t0, outbox: t2 - t1, recipients: recipients.length, pushes: pushes.length, statements, plans };
  } finally {
    await db.query('ROLLBACK');
  }
}

runMain(() => withBenchServer(bench));
