/**
 * npm run bench:electives
 *
 * Issue 27's rush, on the built server over a fresh database (the demo school grown to BENCH_STUDENTS more students):
 *
 * 1. First come: BENCH_COURSES (40) courses of BENCH_SEATS (40) seats in one batch; BENCH_STUDENTS (2,000) students,
 *    each with a socket connected and watching the batch before it opens; at the opening every student sends their
 *    selection at a random moment within one second (a course drawn at random; told "class size full", they try
 *    another until one holds them or every course is full — skipping, as the page does, courses their live seat
 *    counts already show full). Measured: the selection's latency (p50/p99/max), how the
 *    answers split, and — from each socket's `elective.seats` pushes — how long after a selection's answer every
 *    socket saw its course's count (p50/p99 over every socket × selection). Checked in the database afterwards:
 *    oversubscribed courses (rows or `taken` beyond capacity), lost selections (answered 200 but no row), duplicated
 *    ones (a student with two rows, or rows nobody was answered for).
 * 2. Baseline in the same run: as many guarded single-row UPDATEs (`SET taken = taken + 1 WHERE taken < capacity`) on
 *    a 40-row table from 16 connections, per statement latency; the ratio of the selection's p99 to it printed.
 * 3. Lottery: a preference batch with every student ranking 3 courses (written by SQL: the ranking is not what is
 *    measured), drawn through `POST /draw` with a seed, twice: the draw's time (target ≤ 2 s) and the same digest.
 *
 * Sessions are made in SQL as sign-in makes them (a token's SHA-256): signing 2,000 students in is not the rush.
 * Targets (issue 27): zero oversubscribed, zero lost or duplicated; selection p99 ≤ 500 ms; pushes p99 ≤ 1 s; draw ≤ 2 s.
 */
import type { ElectiveBatch, ElectiveDrawResult, ElectiveSeatsPush } from '@schoolflow/contracts';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { call, login } from '../test/support/api.js';
import { onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { cpuBetween, describeContext, sampleCpu } from './support/machine.js';
import { scaleSchool } from './support/scale-school.js';
import { mapLimit, ms, ratio, summarise, table } from './support/stats.js';
import { poster } from './support/lean-http.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const COURSES = Number(process.env.BENCH_COURSES ?? 40);
const SEATS = Number(process.env.BENCH_SEATS ?? 40);
const SPREAD_MS = 1000;
const out = (line = ''): void => void process.stdout.write(`${line}\n`);


async function bench(server: { url: string; pid: number; databaseUrl: string; databaseName: string }): Promise<void> {
  out(`# bench:electives — ${STUDENTS} students, ${COURSES} courses × ${SEATS} seats (the machine is shared with other work: figures are of this run)`);
  for (const line of await describeContext(server.databaseUrl)) out(line);
  const db = await openDb(server.databaseUrl);
  onCleanup(() => db.end());

  // — the school, the courses, the sessions —
  const demo = (await db.query<{ classes: number; students: number }>(`SELECT (SELECT count(*)::int FROM admin_class) AS classes, (SELECT count(*)::int FROM student) AS students`)).rows[0] ?? { classes: 0, students: 0 };
  await scaleSchool(db, { classes: demo.classes + Math.ceil(STUDENTS / 40), students: demo.students + STUDENTS, studentAccounts: true });
  const semesterId = (await db.query<{ id: string }>(`SELECT id FROM semester WHERE is_current`)).rows[0]?.id as string;
  const teacher = (await db.query<{ id: string }>(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0]?.id as string;
  const courseIds = (
    await db.query<{ id: string }>(
      `WITH cat AS (INSERT INTO course (code, name, short_name, sort, type, category) SELECT 'XKB' || i, '基准选修' || i, '基准' || i, 9000, 'elective', 'expanded' FROM generate_series(1, $1::int) i RETURNING id, name)
       INSERT INTO elective_course (course_id, semester_id, name, description, grades, capacity, min_size, slots, teacher_id)
       SELECT id, $2, name, '基准课程', '{10,11,12}', $3, 0, '[{"weekday": 7, "period": 1}]', $4 FROM cat RETURNING id`,
      [COURSES, semesterId, SEATS, teacher],
    )
  ).rows.map((r) => r.id);
  const users = (await db.query<{ id: string; student_id: string }>(`SELECT u.id, s.id AS student_id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.student_no LIKE '9%' ORDER BY s.student_no LIMIT $1`, [STUDENTS])).rows;
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `INSERT INTO sys_session (user_id, token_hash, expires_at, ip, user_agent) SELECT u, h, now() + interval '2 hours', '127.0.0.1', 'bench' FROM unnest($1::uuid[], $2::bytea[]) AS x(u, h)`,
    [users.map((u) => u.id), tokens.map((t) => createHash('sha256').update(t).digest())],
  );
  const admin = await login('admin');

  // — the batch opens in a few seconds: every socket connects and watches first —
  const openAt = Date.now() + 20_000 + STUDENTS * 4;
  const created = await call<ElectiveBatch>('/api/electives/batches', {
    token: admin,
    json: { name: '基准抢课', semesterId, grades: [10, 11, 12], start: new Date(openAt).toISOString(), end: new Date(openAt + 10 * 60_000).toISOString(), maxPerStudent: 1, mode: 'first-come', courseIds },
  });
  const batch = created.body.data;
  if (!batch) throw new Error(`batch not created: ${created.body.msg}`);
  const sockets: Socket[] = [];
  onCleanup(async () => {
    for (const s of sockets) s.disconnect();
  });
  /** Per socket: every course's pushed counts in arrival order. */
  const seen: { at: number; courseId: string; remaining: number }[][] = [];
  /** Per socket: the courses its pushes showed full — the page disables their button, so the student picks another. */
  const fullSeen: Set<string>[] = [];
  const t0 = Date.now();
  await mapLimit(tokens.length, 50, async (i) => {
    const s = io(server.url, { path: '/server/socket.io', auth: { token: tokens[i] }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets[i] = s;
    const mine: { at: number; courseId: string; remaining: number }[] = [];
    seen[i] = mine;
    const full = new Set<string>();
    fullSeen[i] = full;
    s.on('elective.seats', (p: ElectiveSeatsPush) => {
      const at = Date.now();
      for (const c of p.courses) {
        mine.push({ at, courseId: c.courseId, remaining: c.remaining });
        if (c.remaining <= 0) full.add(c.courseId);
      }
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    await s.emitWithAck('elective.watch', { batchId: batch.id });
  });
  out(`${sockets.length} sockets connected and watching in ${((Date.now() - t0) / 1000).toFixed(1)} s; opening in ${((openAt - Date.now()) / 1000).toFixed(1)} s`);
  if (Date.now() > openAt) throw new Error('the sockets took longer than the wait before the opening: raise the wait');
  await new Promise((r) => setTimeout(r, openAt - Date.now() + 50));

  // — the rush —
  const post = poster(server.url);
  const latencies: number[] = [];
  const answers = { ok: 0, full: 0, other: 0 };
  /** Every successful selection: which course, the remaining it answered, when its answer arrived. */
  const won: { student: number; courseId: string; remaining: number; at: number }[] = [];
  const cpu0 = sampleCpu(server.pid, server.databaseName);
  const rushStart = Date.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * SPREAD_MS));
      const order = [...courseIds].sort(() => Math.random() - 0.5);
      for (const courseId of order) {
        if (fullSeen[i]?.has(courseId)) continue; // shown full on the page: not clickable
        const sent = performance.now();
        const res = await post(`/api/electives/batches/${batch.id}/selections`, token, { courseId });
        latencies.push(performance.now() - sent);
        if (res.status === 200) {
          answers.ok++;
          won.push({ student: i, courseId, remaining: (JSON.parse(res.text) as { data: { remaining: number } }).data.remaining, at: Date.now() });
          return;
        }
        if (res.status === 409) {
          answers.full++;
          continue;
        }
        answers.other++;
        out(`unexpected answer ${res.status}: ${res.text.slice(0, 200)}`);
        return;
      }
    }),
  );
  const rushS = (Date.now() - rushStart) / 1000;
  const cpu1 = sampleCpu(server.pid, server.databaseName);
  // the last beat of pushes
  await new Promise((r) => setTimeout(r, 1500));

  // — pushes: for every socket and every selection, when that socket first saw the course at or below its count —
  const pushLag: number[] = [];
  let missing = 0;
  for (const mine of seen) {
    const byCourse = new Map<string, { at: number; remaining: number }[]>();
    for (const p of mine ?? []) {
      let list = byCourse.get(p.courseId);
      if (!list) byCourse.set(p.courseId, (list = []));
      list.push(p);
    }
    for (const w of won) {
      const hit = byCourse.get(w.courseId)?.find((p) => p.remaining <= w.remaining);
      if (!hit) missing++;
      else pushLag.push(Math.max(0, hit.at - w.at));
    }
  }

  // — the database's word —
  const check = (
    await db.query<{ over: number; stored: number; students: number; twice: number; mismatched: number }>(
      `SELECT (SELECT count(*)::int FROM elective_offer o WHERE o.batch_id = $1 AND (o.taken > o.capacity OR (SELECT count(*) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id) > o.capacity)) AS over,
              (SELECT count(*)::int FROM elective_selection WHERE batch_id = $1) AS stored,
              (SELECT count(DISTINCT student_id)::int FROM elective_selection WHERE batch_id = $1) AS students,
              (SELECT count(*)::int FROM (SELECT student_id FROM elective_selection WHERE batch_id = $1 GROUP BY student_id HAVING count(*) > 1) t) AS twice,
              (SELECT count(*)::int FROM elective_offer o WHERE o.batch_id = $1 AND o.taken <> (SELECT count(*) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id)) AS mismatched`,
      [batch.id],
    )
  ).rows[0] ?? { over: -1, stored: -1, students: -1, twice: -1, mismatched: -1 };
  const wonStudents = new Set(won.map((w) => users[w.student]?.student_id));
  const storedStudents = new Set((await db.query<{ student_id: string }>(`SELECT student_id FROM elective_selection WHERE batch_id = $1`, [batch.id])).rows.map((r) => r.student_id));
  const lost = [...wonStudents].filter((s) => !storedStudents.has(s as string)).length;
  const unanswered = [...storedStudents].filter((s) => !wonStudents.has(s)).length;
  for (const s of sockets) s.disconnect();

  // — the baseline: the same number of guarded single-row UPDATEs from 16 connections —
  await db.query(`CREATE TABLE bench_seat (id int PRIMARY KEY, capacity int NOT NULL, taken int NOT NULL DEFAULT 0 CHECK (taken <= capacity))`);
  await db.query(`INSERT INTO bench_seat (id, capacity) SELECT i, $2 FROM generate_series(1, $1::int) i`, [COURSES, SEATS]);
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 16 });
  onCleanup(() => pool.end());
  await Promise.all(Array.from({ length: 16 }, () => pool.query('SELECT 1')));
  const baseline: number[] = [];
  const attempts = latencies.length;
  const b0 = Date.now();
  await mapLimit(attempts, 16, async () => {
    const sent = performance.now();
    await pool.query(`UPDATE bench_seat SET taken = taken + 1 WHERE id = $1 AND taken < capacity`, [1 + Math.floor(Math.random() * COURSES)]);
    baseline.push(performance.now() - sent);
  });
  const baselineS = (Date.now() - b0) / 1000;

  // — the lottery: every student ranks 3 courses; the draw twice with one seed —
  const lottery = await call<ElectiveBatch>('/api/electives/batches', {
    token: admin,
    json: { name: '基准抽签', semesterId, grades: [10, 11, 12], start: new Date(Date.now() + 60_000).toISOString(), end: new Date(Date.now() + 120_000).toISOString(), maxPerStudent: 1, mode: 'lottery', courseIds, priorityGrades: [12] },
  });
  const lotteryId = lottery.body.data?.id as string;
  await db.query(
    `INSERT INTO elective_preference (batch_id, student_id, rank, course_id)
     SELECT $1, s.student_id, r, ($3::uuid[])[1 + ((abs(hashtext(s.student_id::text || r)) ) % cardinality($3::uuid[]))]
       FROM unnest($2::uuid[]) AS s(student_id), generate_series(1, 3) r
     ON CONFLICT DO NOTHING`,
    [lotteryId, users.map((u) => u.student_id), courseIds],
  );
  const prefs = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM elective_preference WHERE batch_id = $1`, [lotteryId])).rows[0]?.n ?? 0;
  await db.query(`UPDATE elective_batch SET start_at = now() - interval '1 hour', end_at = now() - interval '1 second', opened_at = now() WHERE id = $1`, [lotteryId]);
  const d1t = performance.now();
  const d1 = await call<ElectiveDrawResult>(`/api/electives/batches/${lotteryId}/draw`, { token: admin, json: { seed: 'bench-2026' } });
  const d1ms = performance.now() - d1t;
  const d2 = await call<ElectiveDrawResult>(`/api/electives/batches/${lotteryId}/draw`, { token: admin, json: { seed: 'bench-2026' } });

  const sel = summarise(latencies);
  const base = summarise(baseline);
  const push = summarise(pushLag);
  const cpu = cpuBetween(cpu0, cpu1);
  out('');
  out(
    table(
      ['measure', 'n', 'p50', 'p99', 'max'],
      [
        ['POST /selections (HTTP, the rush)', String(latencies.length), ms(sel.p50), ms(sel.p99), ms(sel.max)],
        ['guarded UPDATE, 16 connections (baseline)', String(baseline.length), ms(base.p50), ms(base.p99), ms(base.max)],
        ['elective.seats: answer → every socket sees it', String(pushLag.length), ms(push.p50), ms(push.p99), ms(push.max)],
      ],
    ),
  );
  out(`rush: ${rushS.toFixed(2)} s for ${latencies.length} requests (${answers.ok} seats, ${answers.full} "class size full", ${answers.other} other); baseline ${baselineS.toFixed(2)} s`);
  out(`CPU during the rush (s): server ${cpu.server.toFixed(1)}, postgres ${cpu.postgres.toFixed(1)}, bench client ${cpu.client.toFixed(1)}, other ${cpu.other.toFixed(1)} of ${cpu.wallS.toFixed(1)} s wall`);
  out(`ratio: selection p99 / guarded-UPDATE p99 = ${ratio(sel.p99 / base.p99)}`);
  out(`database: oversubscribed courses ${check.over}, stored ${check.stored} for ${check.students} students, students with two ${check.twice}, taken ≠ rows ${check.mismatched}, lost (answered, not stored) ${lost}, unanswered rows ${unanswered}; seats ${COURSES * SEATS}`);
  out(`pushes: ${pushLag.length} socket × selection deliveries measured, ${missing} never seen`);
  out(`lottery: ${prefs} preferences of ${users.length} students; draw ${d1.body.data?.ms ?? 'n/a'} ms in the server (${ms(d1ms)} HTTP), ${d1.body.data?.byPreference ?? 0} placed, ${d1.body.data?.leftover ?? 0} left; same seed again → same digest: ${d1.body.data?.digest === d2.body.data?.digest ? 'yes' : 'NO'}`);
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  out(`targets: zero oversubscribed/lost/duplicated → ${met(check.over === 0 && lost === 0 && check.twice === 0 && unanswered === 0 && check.mismatched === 0)}; selection p99 ≤ 500 ms → ${met(sel.p99 <= 500)}; push p99 ≤ 1 s → ${met(push.p99 <= 1000 && missing === 0)}; draw ≤ 2 s → ${met((d1.body.data?.ms ?? Infinity) <= 2000)}`);
}

runMain(() => withBenchServer(bench));
