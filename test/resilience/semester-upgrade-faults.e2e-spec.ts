import { afterAll, describe, expect, it } from '@jest/globals';
import { ApiPath, type WorkflowCommandResult } from '@schoolflow/contracts';
import pg from 'pg';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';
import { ownRedis, type OwnRedis } from '../support/own-redis.js';
import { until } from '../support/workflow.js';

/**
 * 学期升级's job under faults (issue 11, docs/adr/0025), each on a database of its own: the process running it is
 * killed with SIGKILL mid-run and a restarted instance finishes it — with Redis (BullMQ) and without (in-process) —
 * and Redis (the test's own) goes away mid-run: the run pauses and completes once it is back. Every time: every class
 * promoted exactly once, the last grade graduated once, the engine's events and the messages once.
 */
const FLOW = '/api/workflows/semester-upgrade';
const DELAY = { UPGRADE_CLASS_DELAY_MS: '700', LOG_LEVEL: 'info' };

interface ClassRow {
  id: string;
  grade: number;
  in_school: boolean;
  enrolled: number;
  graduated: number;
}

/** A test database with a client of its own, and the instances started on it (each stopped at the end). */
async function world() {
  const db = await isolatedDatabase();
  const sql = new pg.Client({ connectionString: db.url });
  sql.on('error', () => undefined);
  const started: Instance[] = [];
  let connected = false;
  return {
    db,
    sql,
    async start(env: Record<string, string>): Promise<Instance> {
      const i = await startInstance(db.url, db.name, { ...DELAY, ...env });
      started.push(i);
      if (!connected) {
        await sql.connect();
        connected = true;
      }
      return i;
    },
    async close() {
      // one that ended already (killed, or stopped by the test) is not stopped again: a child ended by a signal has no
      // exit code, and stopping it would wait for an exit that happened
      for (const i of started) if (i.child.exitCode === null && i.child.signalCode === null) await stopInstance(i);
      await sql.end().catch(() => undefined);
      await db.drop();
    },
  };
}
type World = Awaited<ReturnType<typeof world>>;

const q = async <T>(w: World, text: string, params: unknown[] = []): Promise<T[]> => (await w.sql.query(text, params)).rows as T[];
const classes = (w: World) =>
  q<ClassRow>(
    w,
    `SELECT c.id, c.grade, c.in_school,
            (SELECT count(*)::int FROM student s WHERE s.class_id = c.id AND s.status = 'enrolled') AS enrolled,
            (SELECT count(*)::int FROM student s WHERE s.class_id = c.id AND s.status = 'graduated') AS graduated
       FROM admin_class c ORDER BY c.id`,
  );
const stepsDone = async (w: World, id: string) => (await q<{ n: number }>(w, `SELECT count(done_at)::int AS n FROM semester_upgrade_step WHERE instance_id = $1`, [id]))[0]?.n ?? 0;
const stateOf = async (w: World, id: string) => (await q<{ state: string }>(w, `SELECT state FROM wf_instance WHERE id = $1`, [id]))[0]?.state ?? '';

/** Starts an upgrade to `code` and confirms it twice; answers its id. */
/** Next school year's first semester (the demo is dated from the day it is seeded: docs/adr/0030). */
async function nextYearsFirst(w: World): Promise<{ code: string; year: number }> {
  const [row] = await q<{ year: number }>(w, `SELECT y.year FROM semester s JOIN school_year y ON y.id = s.school_year_id WHERE s.is_current`);
  const year = (row?.year as number) + 1;
  return { code: `${year}-1`, year };
}

async function upgrade(app: Instance, w: World, code: string): Promise<string> {
  const admin = await loginAt(app.url, 'admin');
  const semesterId = (await q<{ id: string }>(w, `SELECT id FROM semester WHERE code = $1`, [code]))[0]?.id;
  const started = await callAt<WorkflowCommandResult>(app.url, FLOW, { token: admin, json: { semesterId } });
  expect(started.body.data?.state).toBe('firstConfirmation');
  const id = started.body.data?.id as string;
  expect((await callAt<WorkflowCommandResult>(app.url, `${FLOW}/${id}/events`, { token: admin, json: { type: 'CONFIRM' } })).body.data?.state).toBe('secondConfirmation');
  expect((await callAt<WorkflowCommandResult>(app.url, `${FLOW}/${id}/events`, { token: admin, json: { type: 'CONFIRM' } })).body.data?.state).toBe('running');
  return id;
}

/** Kills an instance as a crash would (no shutdown hook runs). */
async function kill(i: Instance): Promise<void> {
  if (i.child.exitCode !== null || i.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    i.child.once('exit', () => resolve());
    i.child.kill('SIGKILL');
  });
}

/** What must hold once an upgrade into a new school year is over, against the classes before it. */
async function expectExactlyOnce(w: World, id: string, before: ClassRow[]): Promise<void> {
  const after = await classes(w);
  const inSchool = before.filter((b) => b.in_school);
  for (const b of before) {
    const a = after.find((x) => x.id === b.id) as ClassRow;
    if (!b.in_school) expect(a).toEqual(b);
    else if (b.grade < 12) expect(a).toEqual({ ...b, grade: b.grade + 1 });
    else expect(a).toEqual({ ...b, in_school: false, enrolled: 0, graduated: b.graduated + b.enrolled });
  }
  const steps = await q<{ n: number; done: number; graduated: number }>(w, `SELECT count(*)::int AS n, count(done_at)::int AS done, sum(graduated)::int AS graduated FROM semester_upgrade_step WHERE instance_id = $1`, [id]);
  expect(steps[0]).toEqual({ n: inSchool.length, done: inSchool.length, graduated: inSchool.filter((b) => b.grade >= 12).reduce((s, b) => s + b.enrolled, 0) });
  const events = await q<{ type: string; n: number }>(w, `SELECT type, count(*)::int AS n FROM events WHERE stream_id = $1 GROUP BY type ORDER BY type`, [`semester-upgrade-${id}`]);
  expect(events).toEqual([
    { type: 'BEGIN', n: 1 },
    { type: 'CHOOSE', n: 1 },
    { type: 'COMPLETE', n: 1 },
    { type: 'CONFIRM', n: 2 },
  ]);
  const job = await q<{ state: string; done: number; total: number }>(w, `SELECT j.state, j.done, j.total FROM sys_job j JOIN semester_upgrade u ON u.job_id = j.id WHERE u.instance_id = $1`, [id]);
  expect(job[0]).toEqual({ state: 'completed', done: inSchool.length, total: inSchool.length });
  // the bell: one message per administrator and head teacher, none twice
  const messages = await until(
    () => q<{ recipient_id: string; n: number }>(w, `SELECT recipient_id, count(*)::int AS n FROM message WHERE link LIKE $1 AND title_key LIKE 'messages.semesterUpgrade%' GROUP BY recipient_id`, [`%${id}%`]),
    (m) => m.length >= 7,
    20_000,
  );
  expect(messages.every((m) => m.n === 1)).toBe(true);
  expect((await q<{ n: number }>(w, `SELECT count(*)::int AS n FROM semester WHERE is_current`))[0]).toEqual({ n: 1 });
}

let opened: World[] = [];
let redis: OwnRedis | undefined;
afterAll(async () => {
  for (const w of opened) await w.close();
  opened = [];
  await redis?.kill();
}, 120_000);

describe('semester upgrade under faults', () => {
  it('SIGKILL of the process running the job, with Redis (BullMQ) and then without (in-process): a restarted instance finishes it, every class exactly once', async () => {
    const w = await world();
    opened.push(w);

    // with Redis: the job is BullMQ's; the killed worker's job is seen stalled and taken up by the new instance
    const a = await w.start({});
    const before = await classes(w);
    const next = await nextYearsFirst(w);
    const id = await upgrade(a, w, next.code);
    await until(() => stepsDone(w, id), (n) => n >= 2, 30_000, 100);
    await kill(a);
    const cut = await stepsDone(w, id);
    expect(cut).toBeLessThan(6);
    expect(await stateOf(w, id)).toBe('running');
    const b = await w.start({});
    await until(() => stateOf(w, id), (s) => s === 'completed', 90_000, 500);
    await expectExactlyOnce(w, id, before);
    expect((await q<{ code: string }>(w, `SELECT code FROM semester WHERE is_current`))[0]?.code).toBe(next.code);
    await stopInstance(b);

    // without Redis: the job runs in-process; a restarted instance takes it up at start
    // a school year after the demo's last: its first semester begins after every other one ends
    const y = next.year + 1;
    await w.sql.query(`INSERT INTO school_year (code, name, name_en, year, sort) VALUES ($1, $2, $3, $4, 3)`, [String(y), `${y}-${y + 1}学年`, `${y}-${y + 1}`, y]);
    await w.sql.query(
      `INSERT INTO semester (school_year_id, code, name, name_en, work_start, work_end, teaching_start, teaching_end, work_weeks, teaching_weeks)
       SELECT y.id, $2, $3, $4, m.d + 28, m.d + 168, m.d + 28, m.d + 154, 20, 18 FROM school_year y, (SELECT max(work_end) AS d FROM semester) m WHERE y.code = $1`,
      [String(y), `${y}-1`, `${y}-${y + 1}学年第一学期`, `${y}-${y + 1} semester 1`],
    );
    const c = await w.start({ REDIS_URL: '' });
    const before2 = await classes(w);
    const id2 = await upgrade(c, w, `${y}-1`);
    await until(() => stepsDone(w, id2), (n) => n >= 1, 30_000, 100);
    await kill(c);
    expect(await stepsDone(w, id2)).toBeLessThan(4);
    await w.start({ REDIS_URL: '' });
    await until(() => stateOf(w, id2), (s) => s === 'completed', 60_000, 500);
    await expectExactlyOnce(w, id2, before2);
  }, 400_000);

  it('Redis (the test’s own) away during a run: the run pauses, and completes once it is back', async () => {
    redis = await ownRedis();
    const w = await world();
    opened.push(w);
    const app = await w.start({ REDIS_URL: redis.url });
    const health = async () => (await callAt<{ redis: string }>(app.url, ApiPath.health)).body.data?.redis;
    const before = await classes(w);
    const id = await upgrade(app, w, (await nextYearsFirst(w)).code);
    await until(() => stepsDone(w, id), (n) => n >= 1, 30_000, 100);
    await redis.kill();
    await until(health, (r) => r === 'down', 15_000);
    // a class under way may still finish; then nothing moves while Redis is away
    await new Promise((r) => setTimeout(r, 1500));
    const paused = await stepsDone(w, id);
    await new Promise((r) => setTimeout(r, 4000));
    expect(await stepsDone(w, id)).toBe(paused);
    expect(paused).toBeLessThan(6);
    expect(await stateOf(w, id)).toBe('running');
    expect(app.logs()).toMatch(/semester upgrade paused until Redis is back/);

    await redis.start();
    await until(() => stateOf(w, id), (s) => s === 'completed', 60_000, 500);
    await expectExactlyOnce(w, id, before);
  }, 300_000);
});
