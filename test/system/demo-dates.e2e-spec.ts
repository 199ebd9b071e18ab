import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TimetableAnswer, weekOfDate, type WorkflowCommandResult } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { createFreshDatabase, startServer, stopServer } from '../support/e2e-environment.js';
import { type OwnPostgres, ownPostgres } from '../support/own-postgres.js';
import { type DemoIds, demoTimetable, findDate, freePeriods, walkedBy, weekDates } from '../support/timetable.js';

/**
 * The demo school is dated from the day it is seeded (issue 22, docs/adr/0030): seeded as if today were 15 March,
 * 1 August (the summer break) and 20 December, it has a current semester holding that day, a timetable week with
 * lessons, and takes a leave and a make-up class for the next teaching week. Each day is the next one of its kind from
 * the real today, so what is asked for is still to come whatever day the suite runs. Each needs a seed of its own (not
 * the run's template): three fresh databases, started together — on a PostgreSQL of the test's own, as a seed is one
 * long transaction, and a subscription delivers only events older than every transaction in flight on its server
 * (docs/adr/0005): seeding beside the run's servers would hold back their messages.
 */
const DAYS = ['03-15', '08-01', '12-20'] as const;

/** The next date with this month and day after today (UTC; a day's margin either way does not matter here). */
function next(monthDay: string): string {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  return `${year}-${monthDay}` > today ? `${year}-${monthDay}` : `${year + 1}-${monthDay}`;
}

interface Seeded {
  day: string;
  url: string;
  db: { url: string; name: string };
  stop: () => Promise<void>;
}

const shared = { base: process.env.E2E_BASE_URL, db: process.env.E2E_DATABASE_URL };
const seeded: Seeded[] = [];
let server: OwnPostgres;

beforeAll(async () => {
  server = await ownPostgres();
  const admin = server.adminUrl;
  // provisioned one after another (their roles are the server's, altered by each), then started together
  const dbs: Awaited<ReturnType<typeof createFreshDatabase>>[] = [];
  for (const _ of DAYS) dbs.push(await createFreshDatabase(admin));
  await Promise.all(
    DAYS.map(async (monthDay, i) => {
      const day = next(monthDay);
      const db = dbs[i] as (typeof dbs)[number];
      // three servers at once on one small PostgreSQL: a small pool each
      const app = await startServer({ DATABASE_URL: db.url, REDIS_PREFIX: db.name, DEMO_TODAY: day, DATABASE_POOL_MAX: '5' });
      seeded.push({ day, url: app.url, db, stop: () => stopServer(app.child) });
    }),
  );
}, 240_000);

afterAll(async () => {
  process.env.E2E_BASE_URL = shared.base;
  process.env.E2E_DATABASE_URL = shared.db;
  for (const s of seeded) await s.stop();
  await server?.destroy();
}, 60_000);

/** Points the support helpers at the server seeded as of that month and day. */
function use(monthDay: string): Seeded {
  const s = seeded.find((x) => x.day.endsWith(monthDay)) as Seeded;
  process.env.E2E_BASE_URL = s.url;
  process.env.E2E_DATABASE_URL = s.db.url;
  return s;
}

describe.each(DAYS)('the demo seeded as if today were %s', (monthDay) => {
  let s: Seeded;
  let ids: DemoIds;
  beforeAll(async () => {
    s = use(monthDay);
    ids = await demoTimetable(true);
  });

  it('has a current semester holding that day, teaching weeks behind and ahead, and a published mid-term', async () => {
    expect(ids.semester.teachingStart <= s.day && s.day <= ids.semester.teachingEnd).toBe(true);
    const week = weekOfDate(ids.semester.teachingStart, s.day);
    expect(week).toBeGreaterThan(1);
    expect(weekDates(ids, week + 2)[4] as string <= ids.semester.teachingEnd).toBe(true);
    const published = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM grade_batch b JOIN semester s ON s.id = b.semester_id WHERE s.is_current AND b.published`)).rows[0].n as number);
    expect(published).toBe(3);
  });

  it('shows that day\'s timetable week with its lessons', async () => {
    const admin = await login('admin');
    const week = weekOfDate(ids.semester.teachingStart, s.day);
    const t = (await call<TimetableAnswer>(`/api/timetable?week=${week}`, { token: admin })).body.data as TimetableAnswer;
    expect(t.dates).toContain(s.day);
    expect(t.lessons.length).toBe(180);
  });

  it('takes a leave and a make-up class for the next teaching week', async () => {
    const week = weekOfDate(ids.semester.teachingStart, s.day) + 1;
    const monday = weekDates(ids, week)[0] as string;
    const leave = await call<WorkflowCommandResult>('/api/workflows/leave', {
      token: await login('student'),
      json: { type: 'personal', start: `${monday} 08:00`, end: `${monday} 17:00`, reason: '家中有事' },
    });
    expect([leave.status, leave.body.data?.state]).toEqual([200, 'headTeacherReview']);
    let periods: number[] = [];
    const walked = await walkedBy(ids.class1);
    const date = await findDate(ids, week, (lessons, all) => (periods = freePeriods(lessons, all, { classId: ids.class1, shared: walked, teacherId: ids.teacher, roomId: ids.homeRoom })).length > 0);
    const makeUp = await call<WorkflowCommandResult>('/api/workflows/make-up-class', {
      token: await login('teacher'),
      json: { classId: ids.class1, courseId: ids.maths, date, periods: periods.slice(0, 1), reason: '运动会占用的数学课' },
    });
    expect([makeUp.status, makeUp.body.msg]).toEqual([200, expect.any(String)]);
    expect(weekOfDate(ids.semester.teachingStart, date)).toBe(week);
  });
});
