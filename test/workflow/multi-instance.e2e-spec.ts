import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import pg from 'pg';
import type { MessageRow } from '@schoolflow/contracts';
import { connectSocket, leaveForm, nextPush, until } from '../support/workflow.js';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';

/** Two app instances on one PostgreSQL and one Redis: what one causes reaches a user connected to the other. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let a: Instance | undefined;
let b: Instance | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await isolatedDatabase();
  const env = { REDIS_URL, REMINDER_DELAY_MINUTES: '0.05', REMINDER_SWEEP_SECONDS: '1' };
  a = await startInstance(db.url, db.name, env);
  b = await startInstance(db.url, db.name, env);
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await stopInstance(a);
  await stopInstance(b);
  await db.drop();
}, 60_000);

describe('two instances, one Redis', () => {
  it('both instances run with Redis (BullMQ queue, socket.io Redis adapter)', async () => {
    for (const i of [a, b]) {
      const h = await callAt<{ redis: string; queue: string }>((i as Instance).url, '/health');
      expect(h.body.data).toMatchObject({ redis: 'up', queue: 'redis' });
    }
  });

  it('the sign-in limit per address counts the attempts made on both instances (12 per minute in the tests)', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const at = (i % 2 === 0 ? a : b) as Instance;
      statuses.push((await callAt(at.url, '/api/login/v3', { form: { username: 'nobody', password: 'whatever1' }, headers: { 'X-Forwarded-For': ip } })).status);
    }
    // each instance saw only 7: without a shared count neither would refuse
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
  });

  it('a push caused on instance A reaches a client connected to instance B', async () => {
    const A = (a as Instance).url;
    const B = (b as Instance).url;
    const headOnB = await connectSocket(await loginAt(B, 'headteacher'), B);
    const studentOnB = await connectSocket(await loginAt(B, 'student'), B);
    sockets.push(headOnB, studentOnB);
    const added = nextPush<{ id: string; action: string }>(headOnB, 'task.changed', (p) => p.action === 'added');
    const bell = nextPush<MessageRow>(headOnB, 'message.created', (m) => m.MESSAGE_TYPE === '2');
    const started = await callAt<{ id: string }>(A, '/api/workflows/leave', { token: await loginAt(A, 'student'), json: leaveForm(1) });
    const id = started.body.data?.id as string;
    expect((await added).id).toBe(id);
    expect((await bell).MESSAGE_LINK).toContain(id);

    const moved = nextPush<{ id: string; state: string }>(studentOnB, 'workflow.transitioned', (p) => p.id === id && p.state === 'officeReview');
    await callAt(A, `/api/workflows/leave/${id}/events`, { token: await loginAt(A, 'headteacher'), json: { type: 'APPROVE' } });
    expect((await moved).state).toBe('officeReview');
  });

  it('BullMQ reminds the waiting reviewer once, whichever instance runs the job', async () => {
    const A = (a as Instance).url;
    const started = await callAt<{ id: string }>(A, '/api/workflows/leave', { token: await loginAt(A, 'student'), json: leaveForm(1) });
    const id = started.body.data?.id as string;
    const client = new pg.Client({ connectionString: db.url });
    client.on('error', () => undefined); // the database is dropped in afterAll
    await client.connect();
    try {
      const reminders = () => client.query(`SELECT u.account FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.type = '4' AND m.link LIKE $1`, [`%${id}`]);
      await until(reminders, (r) => r.rows.length > 0, 20_000);
      await new Promise((r) => setTimeout(r, 4000));
      expect((await reminders()).rows).toEqual([{ account: 'headteacher' }]);
    } finally {
      await client.end();
    }
  });
});
