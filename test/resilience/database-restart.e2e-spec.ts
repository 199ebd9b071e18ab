import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { createFreshDatabase } from '../support/e2e-environment.js';
import { callAt, type Instance, loginAt, startInstance, stopInstance } from '../support/instances.js';
import { ownPostgres, type OwnPostgres } from '../support/own-postgres.js';
import { connectSocket, leaveForm, until } from '../support/workflow.js';

/**
 * Hardening, finding 0: a PostgreSQL restart under load made the process exit on an 'error' event of a connection
 * held outside the pool. Here the test's own PostgreSQL is restarted under a light load of leave submissions: the
 * app must stay up, answer 503 with a clear message meanwhile, and afterwards serve again with every held connection
 * back (LISTEN, subscriptions, group-commit lanes) and no acknowledged event lost.
 */
let server: OwnPostgres;
let app: Instance;
let dbUrl: string;

beforeAll(async () => {
  server = await ownPostgres();
  const db = await createFreshDatabase(server.adminUrl);
  dbUrl = db.url;
  app = await startInstance(db.url, db.name, { REDIS_URL: '', ROLE_QUERY_DATABASE_URL: db.roleQueryUrl });
}, 180_000);

afterAll(async () => {
  await stopInstance(app);
  await server.destroy();
}, 60_000);

describe('a PostgreSQL restart under load', () => {
  it('keeps the process up, answers 503 meanwhile, and then serves with nothing acknowledged lost', async () => {
    const base = app.url;
    const [student, head, office] = [await loginAt(base, 'student'), await loginAt(base, 'headteacher'), await loginAt(base, 'office')];
    const socket: Socket = await connectSocket(student, base);
    const pushes: string[] = [];
    socket.on('workflow.transitioned', (p: { id: string; event: string }) => pushes.push(`${p.id}:${p.event}`));

    // Light load: two clients submitting leaves in a loop; every acknowledged id is kept.
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const messages = new Set<string>();
    let loading = true;
    const client = async (): Promise<void> => {
      while (loading) {
        try {
          const res = await callAt<{ id: string }>(base, '/api/workflows/leave', { token: student, json: leaveForm(1) });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200 && res.body.data) acknowledged.push(res.body.data.id);
          else messages.add(`${res.status} ${res.body.msg}`);
        } catch {
          statuses.set(-1, (statuses.get(-1) ?? 0) + 1); // a refused connection: the process is gone
          if (app.child.exitCode !== null) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const clients = [client(), client()];
    let during: Awaited<ReturnType<typeof callAt>>;
    let secondsToServe: number;
    try {
      await until(async () => acknowledged.length, (n) => n >= 5, 20_000);
      await server.stop();
      await new Promise((r) => setTimeout(r, 2000));
      during = await callAt(base, '/api/getExpires', { token: student });
      await server.start();
      const back = Date.now();
      await until(async () => (await callAt(base, '/api/getExpires', { token: student })).status, (s) => s === 200, 30_000);
      secondsToServe = (Date.now() - back) / 1000;
      const countAtReturn = acknowledged.length;
      await until(async () => acknowledged.length, (n) => n >= countAtReturn + 5, 20_000);
    } finally {
      // Whatever failed above, the load stops (else its loop would outlive the test).
      loading = false;
      await Promise.all(clients);
    }

    expect(app.child.exitCode).toBeNull();
    process.stdout.write(`database restart: served again ${secondsToServe.toFixed(1)} s after PostgreSQL was back; answers ${JSON.stringify([...statuses])}\n`);
    expect(secondsToServe).toBeLessThan(15);
    // During the outage: the envelope, 503, with a clear message — never a 500, never a dropped connection.
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ code: 503, result: false, msg: '数据库暂时不可用，请稍后再试' });
    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(-1)).toBeUndefined();
    expect([...messages].filter((m) => !m.startsWith('503 '))).toEqual([]);

    // No acknowledged event lost: every id answered 200 has its stream.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const found = await db.query<{ n: number }>(`SELECT count(DISTINCT stream_id)::int AS n FROM events WHERE stream_id = ANY($1::text[])`, [acknowledged.map((id) => `leave-${id}`)]);
      expect(found.rows[0]?.n).toBe(acknowledged.length);
      // An outage is transient: the subscriptions waited it out and parked nothing (docs/adr/0027).
      expect((await db.query(`SELECT subscription, event_type, error_code FROM subscription_parked_events`)).rows).toEqual([]);

      // The LISTEN connection is back: a session ended by hand in the database is refused at once (not after the
      // cache's 30 s), which only its notification can do.
      const victim = await loginAt(base, 'teacher');
      expect((await callAt(base, '/api/getExpires', { token: victim })).status).toBe(200);
      await db.query(`UPDATE sys_session SET revoked_at = now(), revoke_reason = 'admin' WHERE user_id = (SELECT id FROM sys_user WHERE account = 'teacher') AND revoked_at IS NULL`);
      await until(async () => (await callAt(base, '/api/getExpires', { token: victim })).status, (s) => s === 401, 5_000);
    } finally {
      await db.end();
    }

    // The subscription is back: a decision after the restart reaches the student's socket, which stayed connected.
    const last = acknowledged[acknowledged.length - 1] as string;
    expect((await callAt(base, `/api/workflows/leave/${last}/events`, { token: head, json: { type: 'APPROVE' } })).status).toBe(200);
    expect((await callAt(base, `/api/workflows/leave/${last}/events`, { token: office, json: { type: 'APPROVE' } })).status).toBe(200);
    await until(async () => pushes.filter((p) => p.startsWith(last)).length, (n) => n >= 2, 15_000);
    socket.close();
  });
});
