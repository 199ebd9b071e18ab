/**
 * npm run bench:upgrade
 *
 * Issue 11's two measurements, on the built server over a fresh database with the demo school plus generated classes —
 * BENCH_CLASSES (170) classes with BENCH_STUDENTS (5,000) students in all, a third in each of 高一/高二/高三:
 *
 * 1. The semester upgrade into the next school year through the API (start, two confirmations), from the second
 *    confirmation's answer until the instance is completed — the job moving every class, one transaction each —
 *    beside, in the same run, one transaction of plain UPDATEs doing the same to the same rows (grades + 1, the last
 *    grade out of school and its students graduated, the semester switched), committed; both with nothing else running.
 *    Median of BENCH_RUNS (3), the school put back as it was between runs. Target ≤ 3×.
 * 2. Interactive use while it runs: BENCH_CLIENTS (4) clients each looping a leave — the student submits, the head
 *    teacher and the office approve — p99 of the commands sent while an upgrade ran (BENCH_LOADED_RUNS, 10 upgrades)
 *    beside the same load without it (BENCH_DURATION_S, 10 s). Target ≤ 2×.
 */
import type { Envelope, WorkflowCommandResult } from '@schoolflow/contracts';
import type pg from 'pg';
import { login } from '../test/support/api.js';
import { leaveForm } from '../test/support/workflow.js';
import { type BenchServer, runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { type DemoStudent, demoStudents, OFFICE, spreadOverClasses } from './support/demo-school.js';
import { LeanClient } from './support/lean-http.js';
import { scaleSchool } from './support/scale-school.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { ms, ratio, summarise, table } from './support/stats.js';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 170);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Upgrades under the load: each is short (a few hundred ms), so several give the p99 enough commands. */
const LOADED_RUNS = Number(process.env.BENCH_LOADED_RUNS ?? 10);
const FLOW = 'semester-upgrade';

const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const sleep = (millis: number): Promise<void> => new Promise((r) => setTimeout(r, millis));

/** Classes beside the demo's six, and their students, in bulk (bench/support/scale-school.ts): grades 10, 11, 12 in turn. */
async function generate(db: pg.Client): Promise<void> {
  await scaleSchool(db, { classes: CLASSES, students: STUDENTS });
  // the school as it is before an upgrade, to put back between runs
  await db.query(`CREATE TABLE bench_class_before AS SELECT id, grade, in_school FROM admin_class`);
  await db.query(`CREATE TABLE bench_student_before AS SELECT id, status FROM student`);
  await db.query(`VACUUM ANALYZE admin_class, student`);
}

/** Puts the school back: grades, in school, statuses, the current semester (not timed). */
async function restore(db: pg.Client, current: string): Promise<void> {
  await db.query(`UPDATE admin_class c SET grade = b.grade, in_school = b.in_school FROM bench_class_before b WHERE b.id = c.id AND (c.grade, c.in_school) IS DISTINCT FROM (b.grade, b.in_school)`);
  await db.query(`UPDATE student s SET status = b.status FROM bench_student_before b WHERE b.id = s.id AND s.status IS DISTINCT FROM b.status`);
  await db.query(`UPDATE semester SET is_current = false WHERE is_current AND code <> $1`, [current]);
  await db.query(`UPDATE semester SET is_current = true WHERE code = $1`, [current]);
  await db.query(`UPDATE teaching_class SET closed = false`);
  await db.query(`VACUUM ANALYZE admin_class, student, semester_upgrade_step, sys_job`);
}

/** The same change to the same rows as one transaction of plain UPDATEs, committed; answers its milliseconds. */
async function singleTransaction(db: pg.Client, from: string, to: string): Promise<number> {
  const t0 = performance.now();
  await db.query('BEGIN');
  await db.query(`UPDATE student SET status = 'graduated' WHERE status = 'enrolled' AND class_id IN (SELECT id FROM admin_class WHERE in_school AND grade >= 12)`);
  await db.query(`UPDATE admin_class SET in_school = false WHERE in_school AND grade >= 12`);
  await db.query(`UPDATE admin_class SET grade = grade + 1 WHERE in_school AND grade < 12`);
  await db.query(`UPDATE teaching_class SET closed = true WHERE semester_id = (SELECT id FROM semester WHERE code = $1) AND NOT closed`, [from]);
  await db.query(`UPDATE semester SET is_current = false WHERE is_current`);
  await db.query(`UPDATE semester SET is_current = true WHERE code = $1`, [to]);
  await db.query('COMMIT');
  return performance.now() - t0;
}

interface LoadClient {
  student: DemoStudent;
  studentToken: string;
  headToken: string;
  officeToken: string;
  studentHttp: LeanClient;
  headHttp: LeanClient;
  officeHttp: LeanClient;
}

/** A command's latency, when it was sent (ms since the epoch of performance.now), and whether it was answered 200. */
interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** Clients loop leaves (submit, head teacher approves, office approves) until `stop()` says so. */
async function loadUntil(clients: LoadClient[], stop: () => boolean, samples: Sample[], failures: Map<string, number>): Promise<void> {
  const timed = async (send: () => Promise<{ status: number; body: Envelope<WorkflowCommandResult> }>): Promise<WorkflowCommandResult | null> => {
    const at = performance.now();
    const res = await send();
    const ok = res.status === 200 && res.body.result && res.body.data !== undefined;
    samples.push({ at, ms: performance.now() - at, ok });
    if (!ok) failures.set(`${res.status} ${res.body.msg}`, (failures.get(`${res.status} ${res.body.msg}`) ?? 0) + 1);
    return ok ? (res.body.data as WorkflowCommandResult) : null;
  };
  await Promise.all(
    clients.map(async (c) => {
      while (!stop()) {
        const started = await timed(() => c.studentHttp.submit('leave', c.studentToken, leaveForm(1)));
        if (!started) continue;
        const head = await timed(() => c.headHttp.act('leave', c.headToken, started.id, { type: 'APPROVE' }, started.version));
        if (!head) continue;
        await timed(() => c.officeHttp.act('leave', c.officeToken, started.id, { type: 'APPROVE' }, head.version));
      }
    }),
  );
}

/** Each upgrade's phases (ms): effect, taken (queue, plan), classes, finish, complete, job. */
const phases: Record<string, number>[] = [];

/** An upgrade to `code` through the API; answers when it completed, with its times. */
async function upgrade(server: BenchServer, db: pg.Client, admin: string, code: string): Promise<{ confirmedAt: number; completedAt: number; jobMs: number }> {
  const http = new LeanClient(server.url);
  const semesterId = (await db.query<{ id: string }>(`SELECT id FROM semester WHERE code = $1`, [code])).rows[0]?.id;
  const started = await http.submit(FLOW, admin, { semesterId });
  if (!started.body.data) throw new Error(`upgrade not started: ${started.status} ${started.body.msg}`);
  const id = started.body.data.id;
  const first = await http.act(FLOW, admin, id, { type: 'CONFIRM' }, 1);
  if (first.body.data?.state !== 'secondConfirmation') throw new Error(`first confirmation: ${first.body.msg}`);
  const confirmedAt = performance.now();
  const second = await http.act(FLOW, admin, id, { type: 'CONFIRM' }, 2);
  if (second.body.data?.state !== 'running') throw new Error(`second confirmation: ${second.body.msg}`);
  for (;;) {
    const state = (await db.query<{ state: string }>(`SELECT state FROM wf_instance WHERE id = $1`, [id])).rows[0]?.state;
    if (state === 'completed') break;
    await sleep(10);
  }
  const completedAt = performance.now();
  http.close();
  // where the time went, from the records: the second CONFIRM, the job recorded by its effect, BEGIN, the last class's
  // step, the end's transaction, COMPLETE
  const t = (
    await db.query<Record<string, number>>(
      `SELECT extract(epoch FROM j.created_at - e.confirm) * 1000 AS effect, extract(epoch FROM e.begin_at - j.created_at) * 1000 AS taken,
              extract(epoch FROM s.last - e.begin_at) * 1000 AS classes, extract(epoch FROM j.finished_at - s.last) * 1000 AS finish,
              extract(epoch FROM e.complete - j.finished_at) * 1000 AS complete, extract(epoch FROM e.complete - e.begin_at) * 1000 AS job
         FROM (SELECT max(recorded_at) FILTER (WHERE type = 'CONFIRM') AS confirm, max(recorded_at) FILTER (WHERE type = 'BEGIN') AS begin_at,
                      max(recorded_at) FILTER (WHERE type = 'COMPLETE') AS complete FROM events WHERE stream_id = $1) e,
              (SELECT max(done_at) AS last FROM semester_upgrade_step WHERE instance_id = $2) s,
              semester_upgrade u JOIN sys_job j ON j.id = u.job_id WHERE u.instance_id = $2`,
      [`${FLOW}-${id}`, id],
    )
  ).rows[0];
  phases.push(Object.fromEntries(Object.entries(t ?? {}).map(([k, v]) => [k, Number(v)])));
  return { confirmedAt, completedAt, jobMs: Number(t?.job ?? NaN) };
}

runMain(async () => {
  await withBenchServer(async (server) => {
    for (const line of await describeContext(server.databaseUrl)) out(line);
    const db = await openDb(server.databaseUrl);
    await generate(db);
    const counts = (await db.query<{ classes: number; students: number; last: number }>(
      `SELECT count(*)::int AS classes, (SELECT count(*)::int FROM student) AS students, count(*) FILTER (WHERE grade = 12)::int AS last FROM admin_class`,
    )).rows[0];
    out(`\n${counts?.classes} classes (${counts?.last} in the last grade), ${counts?.students} students`);

    // the load's people: students of 高一 and 高二 (the last grade graduates: its students could not apply after)
    const students = (await demoStudents(server.databaseUrl)).filter((s) => !s.className.startsWith('高三'));
    const chosen = spreadOverClasses(students, CLIENTS);
    const officeToken = await login(OFFICE);
    const clients: LoadClient[] = [];
    for (const s of chosen) {
      clients.push({
        student: s,
        studentToken: await login(s.account),
        headToken: await login(s.headTeacher),
        officeToken,
        studentHttp: new LeanClient(server.url),
        headHttp: new LeanClient(server.url),
        officeHttp: new LeanClient(server.url),
      });
    }
    const admin = await login('admin');

    // warm-up, then the interactive load alone
    const failures = new Map<string, number>();
    let until = performance.now() + 3000;
    await loadUntil(clients, () => performance.now() > until, [], failures);
    const alone: Sample[] = [];
    const cpuAlone0 = sampleCpu(server.pid, server.databaseName);
    until = performance.now() + DURATION_S * 1000;
    await loadUntil(clients, () => performance.now() > until, alone, failures);
    const cpuAlone1 = sampleCpu(server.pid, server.databaseName);

    const baseline: number[] = [];
    const upgrades: { total: number; job: number }[] = [];
    const loaded: { total: number; job: number }[] = [];
    const during: Sample[] = [];
    const expectMoved = async (what: string): Promise<void> => {
      const moved = (await db.query<{ up: number; grad: number }>(
        `SELECT count(*) FILTER (WHERE c.grade = b.grade + 1)::int AS up, count(*) FILTER (WHERE NOT c.in_school AND b.in_school)::int AS grad FROM admin_class c JOIN bench_class_before b ON b.id = c.id`,
      )).rows[0];
      if (moved?.up !== (counts?.classes ?? 0) - (counts?.last ?? 0) || moved?.grad !== counts?.last) throw new Error(`${what} moved ${JSON.stringify(moved)}`);
    };
    for (let run = 0; run < RUNS; run++) {
      // 1. the same change as one transaction, then the upgrade alone: the same machine, nothing else running
      baseline.push(await singleTransaction(db, '2026-1', '2027-1'));
      await restore(db, '2026-1');
      const alone1 = await upgrade(server, db, admin, '2027-1');
      upgrades.push({ total: alone1.completedAt - alone1.confirmedAt, job: alone1.jobMs });
      await expectMoved(`upgrade ${run + 1}`);
      await restore(db, '2026-1');
    }

    // 2. upgrades under the interactive load: only the commands sent while one ran count
    for (let run = 0; run < LOADED_RUNS; run++) {
      const samples: Sample[] = [];
      let stopped = false;
      const load = loadUntil(clients, () => stopped, samples, failures);
      await sleep(500);
      const u = await upgrade(server, db, admin, '2027-1');
      await sleep(300);
      stopped = true;
      await load;
      during.push(...samples.filter((x) => x.at >= u.confirmedAt && x.at <= u.completedAt));
      loaded.push({ total: u.completedAt - u.confirmedAt, job: u.jobMs });
      await expectMoved(`loaded upgrade ${run + 1}`);
      await restore(db, '2026-1');
    }

    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
    const base = median(baseline);
    const total = median(upgrades.map((u) => u.total));
    const job = median(upgrades.map((u) => u.job));
    const loadedTotal = median(loaded.map((u) => u.total));
    out(
      `\n${table(
        ['what', 'time', 'ratio to one transaction'],
        [
          [`one transaction of UPDATEs, committed (median of ${RUNS})`, ms(base), '1.000×'],
          ['upgrade: second confirmation → completed', ms(total), ratio(total / base)],
          ['  of which the job: BEGIN → COMPLETE recorded', ms(job), ratio(job / base)],
          [`upgrade under the load of ${CLIENTS} clients`, ms(loadedTotal), ratio(loadedTotal / base)],
        ],
      )}`,
    );
    out(`phases (ms; confirm → job recorded by the effect → BEGIN → last class → end's transaction → COMPLETE), alone: ${phases.slice(0, RUNS).map((p) => [p.effect, p.taken, p.classes, p.finish, p.complete].map((v) => (v ?? NaN).toFixed(0)).join(' / ')).join('; ')}`);
    out(`runs: ${upgrades.map((u) => `${ms(u.total)} (job ${ms(u.job)})`).join(', ')}; under load ${loaded.map((u) => ms(u.total)).join(', ')}; one transaction: ${baseline.map(ms).join(', ')}`);

    const a = summarise(alone.filter((s) => s.ok).map((s) => s.ms));
    const d = summarise(during.filter((s) => s.ok).map((s) => s.ms));
    out(
      `\n${table(
        [`leave commands, ${CLIENTS} clients`, 'commands', 'p50', 'p99', 'max', 'p99 ratio'],
        [
          [`without an upgrade (${DURATION_S} s)`, String(a.count), ms(a.p50), ms(a.p99), ms(a.max), '1.000×'],
          [`during the upgrades (${LOADED_RUNS} runs)`, String(d.count), ms(d.p50), ms(d.p99), ms(d.max), ratio(d.p99 / a.p99)],
        ],
      )}`,
    );
    out(formatCpu('load alone', cpuAlone0, cpuAlone1, { unit: 'command', count: alone.length }));
    if (failures.size > 0) out(`refused or failed: ${[...failures].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    for (const c of clients) for (const h of [c.studentHttp, c.headHttp, c.officeHttp]) h.close();
    await db.end();
  });
});
