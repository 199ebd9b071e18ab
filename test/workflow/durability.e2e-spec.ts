import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { caughtUp, leaveForm, until } from '../support/workflow.js';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';

/**
 * Messages come from committed events through a durable subscription. Here the dispatcher is stopped after the
 * commit (an instance started with NOTIFICATIONS_DISABLED=1 commits events but dispatches nothing, as if it
 * crashed right after each commit); a restarted instance delivers every message exactly once, and a replay of
 * already-dispatched events (checkpoint rewound) creates no duplicate.
 */
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let instance: Instance | undefined;
let client: pg.Client;

/**
 * The messages of this test's requests: the demo school (its grades, its work tasks, whatever a demo adds next) brings
 * messages of its own, all older than the test's first request.
 */
let since = '';
/** The leave this test applies for: its messages link to it (others — a demo's sweep on start — do not count). */
let leaveId = '00000000-0000-0000-0000-000000000000';
/** The reminder test's instance: no Redis (in-process jobs), and a step's reminder due after ~2 s, swept twice a second. */
const REMINDING = { REDIS_URL: '', REMINDER_DELAY_MINUTES: '0.03', REMINDER_SWEEP_SECONDS: '0.5' };
const ours = (m: string): string => `${m}.type <> '4' AND ${m}.created_at >= '${since}' AND ${m}.link LIKE '%${leaveId}'`;

async function counts(): Promise<{ messages: number; pushes: number; perRecipient: { account: string; n: number }[] }> {
  const m = await client.query(`SELECT count(*)::int AS n FROM message m WHERE ${ours('m')}`);
  const p = await client.query(`SELECT count(*)::int AS n FROM push_log WHERE payload::text LIKE '%${leaveId}%'`);
  const r = await client.query(`SELECT u.account, count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE ${ours('m')} GROUP BY u.account ORDER BY u.account`);
  return { messages: (m.rows[0] as { n: number }).n, pushes: (p.rows[0] as { n: number }).n, perRecipient: r.rows as { account: string; n: number }[] };
}

beforeAll(async () => {
  db = await isolatedDatabase();
  client = new pg.Client({ connectionString: db.url });
  client.on('error', () => undefined); // the database is dropped in afterAll
}, 120_000);
afterAll(async () => {
  await stopInstance(instance);
  await client.end().catch(() => undefined);
  await db.drop();
}, 60_000);

describe('durable dispatch of messages', () => {
  it('a crash between commit and dispatch loses no message; a restart or a replay makes no duplicate', async () => {
    // 1. commits happen, dispatch does not
    instance = await startInstance(db.url, db.name, { NOTIFICATIONS_DISABLED: '1', REDIS_URL: '' });
    await client.connect();
    since = ((await client.query(`SELECT now()::text AS t`)).rows[0] as { t: string }).t;
    const base = instance.url;
    const [student, head, office] = [await loginAt(base, 'student'), await loginAt(base, 'headteacher'), await loginAt(base, 'office')];
    const started = await callAt<{ id: string }>(base, '/api/workflows/leave', { token: student, json: leaveForm(1) });
    const id = started.body.data?.id as string;
    leaveId = id;
    await callAt(base, `/api/workflows/leave/${id}/events`, { token: head, json: { type: 'APPROVE' } });
    await callAt(base, `/api/workflows/leave/${id}/events`, { token: office, json: { type: 'APPROVE' } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await counts()).messages).toBe(0);
    await stopInstance(instance);

    // 2. restart: every message arrives, once
    instance = await startInstance(db.url, db.name, { REDIS_URL: '' });
    const expected = [
      { account: 'headteacher', n: 1 }, // task
      { account: 'jz202511001', n: 2 }, // step approved, approved
      { account: 'office', n: 1 }, // task
      { account: 'student', n: 2 },
    ];
    const after = await until(counts, (c) => c.messages === 6, 60_000);
    expect(after.perRecipient).toEqual(expected);
    const pushesAfterFirstDelivery = after.pushes;

    // 3. a replay (checkpoint rewound, as after a crash before the checkpoint was written): nothing new. (A plain restart
    // before it proved nothing this one does not: each restart costs a server's start, ~7 CPU s — docs/adr/0062.)
    await stopInstance(instance);
    await client.query(`UPDATE subscription_checkpoints SET transaction_id = '0', position = 0 WHERE name = 'workflow-notifications'`);
    instance = await startInstance(db.url, db.name, { REDIS_URL: '' });
    await caughtUp('workflow-notifications', (sql, params) => client.query(sql, params));
    expect(await counts()).toEqual({ messages: 6, pushes: pushesAfterFirstDelivery, perRecipient: expected });
  }, 240_000);

  it('reminds the reviewer of a step that waited too long, once per step (in-process jobs, no Redis)', async () => {
    // an instance of its own settings: reminders it sends for the demo's waiting steps would count among the pushes above
    await stopInstance(instance);
    instance = await startInstance(db.url, db.name, REMINDING);
    const base = instance.url;
    const student = await loginAt(base, 'student');
    const head = await loginAt(base, 'headteacher');
    const started = await callAt<{ id: string }>(base, '/api/workflows/leave', { token: student, json: leaveForm(1) });
    const id = started.body.data?.id as string;
    const reminders = () => client.query(`SELECT m.link, u.account FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.type = '4' AND m.link LIKE $1`, [`%${id}`]);
    const first = await until(reminders, (r) => r.rows.length > 0, 60_000);
    expect(first.rows).toEqual([{ link: `/apply/leave/detail?id=${id}`, account: 'headteacher' }]);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await reminders()).rows).toHaveLength(1); // once per step
    // the next step gets its own reminder
    await callAt(base, `/api/workflows/leave/${id}/events`, { token: head, json: { type: 'APPROVE' } });
    const second = await until(reminders, (r) => r.rows.length === 2, 60_000);
    expect(second.rows.map((r) => r.account).sort()).toEqual(['headteacher', 'office']);
  });
});
