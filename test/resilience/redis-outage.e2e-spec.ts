import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiPath } from '@schoolflow/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { randomIp } from '../support/api.js';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';
import { ownRedis, type OwnRedis } from '../support/own-redis.js';
import { leaveForm, until } from '../support/workflow.js';

/**
 * Hardening, finding 5: during a 30 s Redis outage every sign-in answered 500 (the rate limit's storage) while
 * /health said "redis": "up" (never probed); after Redis came back empty the reminder sweep's job scheduler was gone,
 * so a due reminder was not sent; clients without an error handler printed 66 stack traces in 30 s. Here the test's
 * own Redis is killed and started again empty.
 */
let redis: OwnRedis;
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let app: Instance;
let sql: pg.Client;

beforeAll(async () => {
  redis = await ownRedis();
  db = await isolatedDatabase();
  // Reminders 3 s after a step is assigned; the sweep every second.
  app = await startInstance(db.url, db.name, { REDIS_URL: redis.url, REMINDER_DELAY_MINUTES: '0.05', REMINDER_SWEEP_SECONDS: '1', LOG_LEVEL: 'info' });
  sql = new pg.Client({ connectionString: db.url });
  sql.on('error', () => undefined);
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await stopInstance(app);
  await sql.end().catch(() => undefined);
  await db.drop();
  await redis.kill();
}, 60_000);

const health = async () => (await callAt<{ redis: string; status: string }>(app.url, ApiPath.health)).body.data;
/** Reminders of one request (the demo's grade sheets waiting with their teachers are reminded too). */
const reminders = async (account: string, id: string) =>
  (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = $1 AND m.type = '4' AND m.link LIKE $2`, [account, `%${id}`])).rows[0]?.n ?? 0;

describe('a Redis outage', () => {
  it('sign-in degrades to a per-instance limit, health probes, one log line per outage, and schedulers come back with Redis', async () => {
    expect(await health()).toMatchObject({ redis: 'up', status: 'up' });
    const logsBefore = app.logs().length;
    await redis.kill();

    // Health probes Redis: it says so within seconds, and the instance still serves (degraded, not down).
    expect(await until(health, (h) => h?.redis === 'down', 10_000)).toMatchObject({ redis: 'down', status: 'degraded' });
    // Sign-in works without Redis; a wrong password is the usual refusal, not a 500.
    const student = await loginAt(app.url, 'student');
    expect(student).toBeTruthy();
    const wrong = await callAt(app.url, ApiPath.login, { form: { username: 'student', password: 'wrong-password' }, headers: { 'X-Forwarded-For': randomIp() } });
    expect(wrong.status).toBe(401);
    // The per-address limit still holds, counted by this instance alone (12 a minute in the tests).
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await callAt(app.url, ApiPath.login, { form: { username: 'nobody', password: 'wrong-password' }, headers: { 'X-Forwarded-For': ip } })).status);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);

    // Messages come from the database: a leave submitted now reaches its reviewer's bell all the same.
    const leave = await callAt<{ id: string }>(app.url, '/api/workflows/leave', { token: student, json: leaveForm(1) });
    expect(leave.status).toBe(200);
    const id = leave.body.data?.id as string;
    await until(async () => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = 'headteacher' AND m.link LIKE $1`, [`%${id}`])).rows[0]?.n ?? 0, (n) => n >= 1, 10_000);

    await new Promise((r) => setTimeout(r, 4000));
    const during = app.logs().slice(logsBefore);
    const redisLines = during.split('\n').filter((l) => /redis/i.test(l));
    expect(redisLines.length).toBeLessThanOrEqual(2);
    expect(during).not.toMatch(/Unhandled error event|^\s+at /m);

    // Redis comes back, empty: the reminder sweep's scheduler is there again, and the due reminder is sent, once.
    await redis.start();
    await until(health, (h) => h?.redis === 'up', 15_000);
    const probe = new Redis(redis.url);
    try {
      const schedulers = await until(async () => (await probe.keys(`${db.name}:schoolflow-reminders:repeat*`)).length, (n) => n > 0, 15_000);
      expect(schedulers).toBeGreaterThan(0);
    } finally {
      probe.disconnect();
    }
    await until(() => reminders('headteacher', id), (n) => n >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await reminders('headteacher', id)).toBe(1);
    expect(app.logs().slice(logsBefore)).toMatch(/Redis available again/);
  });
});
