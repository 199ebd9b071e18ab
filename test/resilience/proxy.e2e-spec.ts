import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, ApiPath } from '@schoolflow/contracts';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { randomIp } from '../support/api.js';
import { callAt, loginAt } from '../support/instances.js';
import { ownRedis, type OwnRedis } from '../support/own-redis.js';
import { COMPOSE_HAPROXY, haproxy503, startTopology, type Topology } from '../support/topology.js';
import { trackingSocket } from '../support/tracking-socket.js';
import { caughtUp, connectSocket, leaveForm, until } from '../support/workflow.js';

/**
 * The platform behind a real proxy (hardening): two instances on one PostgreSQL database and one Redis, behind
 * HAProxy, everything through the proxy as a browser would. Pushes reach a socket on either instance, sessions and
 * sign-out hold across instances, a reminder is sent once; an instance killed with SIGKILL costs its clients a
 * reconnect through the proxy and nothing else; and under 8 clients' load a kill loses no acknowledged event,
 * leaves no version gap and sends no message twice.
 */
const adminUrl = (): string => process.env.E2E_ADMIN_DATABASE_URL as string;
let redis: OwnRedis;
let topo: Topology;
let db: pg.Client;

beforeAll(async () => {
  redis = await ownRedis();
  // Reminders 3 s after a step is assigned (both instances run BullMQ's worker), swept every second.
  // Every client of this test is one machine (the proxy passes its real address on): the sign-in limit per address
  // would count them all as one.
  topo = await startTopology({ adminUrl: adminUrl(), redisUrl: redis.url, env: { REMINDER_DELAY_MINUTES: '0.05', REMINDER_SWEEP_SECONDS: '1', LOGIN_RATE_LIMIT: '1000000' } });
  db = new pg.Client({ connectionString: topo.database.url });
  db.on('error', () => undefined);
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await topo?.stop();
  await redis?.kill();
}, 60_000);

const count = async (sql: string, params: unknown[] = []): Promise<number> => (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0;
const monitorSockets = async (base: string, token: string): Promise<number> => ((await callAt<{ realtime: { sockets: number } }>(base, AdminPath.monitor, { token })).body.data?.realtime.sockets ?? -1);

describe('two instances behind HAProxy', () => {
  it('docker-compose runs the same proxy configuration (deploy/haproxy.cfg is the one the tests generate)', () => {
    expect(readFileSync('deploy/haproxy.cfg', 'utf8')).toBe(COMPOSE_HAPROXY);
    expect(readFileSync('deploy/haproxy-503.http', 'utf8')).toBe(haproxy503());
  });

  it('pushes reach sockets on either instance; sign-out holds on both; a reminder is sent once', async () => {
    const proxy = topo.url;
    const [student, head, office] = [await loginAt(proxy, 'student'), await loginAt(proxy, 'headteacher'), await loginAt(proxy, 'office')];
    // Four sockets of the student through the proxy: round-robin puts them on both instances.
    const sockets = await Promise.all([0, 1, 2, 3].map(() => connectSocket(student, proxy)));
    const adminA = await loginAt(topo.instances.a.url, 'admin');
    const adminB = await loginAt(topo.instances.b.url, 'admin');
    const [onA, onB] = [await monitorSockets(topo.instances.a.url, adminA), await monitorSockets(topo.instances.b.url, adminB)];
    expect(onA).toBeGreaterThanOrEqual(1);
    expect(onB).toBeGreaterThanOrEqual(1);

    const got = sockets.map(() => [] as string[]);
    sockets.forEach((s, i) => s.on('workflow.transitioned', (p: { id: string; event: string }) => got[i]?.push(`${p.id}:${p.event}`)));
    const started = await callAt<{ id: string }>(proxy, '/api/workflows/leave', { token: student, json: leaveForm(1) });
    const id = started.body.data?.id as string;
    expect((await callAt(proxy, `/api/workflows/leave/${id}/events`, { token: head, json: { type: 'APPROVE' } })).status).toBe(200);
    await until(async () => got.map((g) => g.filter((x) => x.startsWith(id)).length), (n) => n.every((x) => x >= 2), 10_000);

    // The reviewer's reminder (3 s): exactly one, whichever instance's worker runs the job.
    await until(() => count(`SELECT count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = 'office' AND m.type = '4' AND m.link LIKE $1`, [`%${id}%`]), (n) => n >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await count(`SELECT count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = 'office' AND m.type = '4' AND m.link LIKE $1`, [`%${id}%`])).toBe(1);
    expect((await callAt(proxy, `/api/workflows/leave/${id}/events`, { token: office, json: { type: 'APPROVE' } })).status).toBe(200);

    // A session works on both instances, and its sign-out holds on both: every later call through the proxy refused,
    // every socket of it (on either instance) ended.
    const session = await loginAt(proxy, 'teacher');
    const its = await Promise.all([0, 1, 2, 3].map(() => connectSocket(session, proxy)));
    for (let i = 0; i < 6; i++) expect((await callAt(proxy, ApiPath.getExpires, { token: session })).status).toBe(200);
    expect((await callAt(proxy, ApiPath.logout, { token: session })).status).toBe(200);
    // The other instance hears of the sign-out from the database's notification (milliseconds; ADR 0010): a call
    // that reaches it first may still pass. Once refused, every later call on either instance is refused.
    await until(async () => (await callAt(proxy, ApiPath.getExpires, { token: session })).body.code, (c) => c === 50008, 5_000, 50);
    for (let i = 0; i < 6; i++) expect((await callAt(proxy, ApiPath.getExpires, { token: session })).body.code).toBe(50008);
    await until(async () => its.filter((s) => s.connected).length, (n) => n === 0, 3_000);
    for (const s of sockets) s.close();
  });

  it('an instance killed with SIGKILL: its sockets reconnect through the proxy and catch up, nothing lost or twice', async () => {
    const proxy = topo.url;
    const [student, head, office] = [await loginAt(proxy, 'student'), await loginAt(proxy, 'headteacher'), await loginAt(proxy, 'office')];
    const screens = await Promise.all([0, 1, 2, 3].map(() => trackingSocket(proxy, student)));
    try {
      const firstSeq = await count(`SELECT coalesce(max(user_seq), 0)::int AS n FROM push_log WHERE user_id = (SELECT id FROM sys_user WHERE account = 'student')`);

      // Pushes keep coming for the student while instance A is killed: leaves submitted and decided in a loop.
      let running = true;
      const load = (async () => {
        while (running) {
          const s = await callAt<{ id: string }>(proxy, '/api/workflows/leave', { token: student, json: leaveForm(1) }).catch(() => null);
          const id = s?.body.data?.id;
          if (id) {
            await callAt(proxy, `/api/workflows/leave/${id}/events`, { token: head, json: { type: 'APPROVE' } }).catch(() => null);
            await callAt(proxy, `/api/workflows/leave/${id}/events`, { token: office, json: { type: 'APPROVE' } }).catch(() => null);
          }
        }
      })();
      await new Promise((r) => setTimeout(r, 2000));
      await topo.kill('a');
      await new Promise((r) => setTimeout(r, 5000));
      running = false;
      await load;
      await topo.restart('a');

      // Every screen ends with exactly the student's pushes since it connected: in order, none missing, none twice.
      const expected = async () => (await db.query<{ seq: string }>(`SELECT p.user_seq::text AS seq FROM push_log p WHERE p.user_id = (SELECT id FROM sys_user WHERE account = 'student') AND p.user_seq > $1 ORDER BY p.user_seq`, [firstSeq])).rows.map((r) => r.seq);
      const all = await until(expected, (e) => e.length > 0, 10_000);
      // every committed event's pushes written (the push log is the expectation); then the screens are waited for
      await caughtUp('workflow-notifications', (sql, params) => db.query(sql, params), 20_000);
      const want = await expected();
      await until(async () => screens.map((s) => s.seqs[s.seqs.length - 1]), (lasts) => lasts.every((l) => l === want[want.length - 1]), 20_000).catch(() => undefined);
      const report = screens.map((s, i) => ({ screen: i, connects: s.connects, missing: want.filter((q) => !s.seqs.includes(q)).slice(0, 10), extra: s.seqs.filter((q) => !want.includes(q)).slice(0, 10) }));
      expect(report.filter((r) => r.missing.length || r.extra.length)).toEqual([]);
      for (const screen of screens) expect(screen.seqs).toEqual(want);
      const reconnected = screens.filter((s) => s.connects > 1).length;
      process.stdout.write(`instance killed: ${reconnected} of ${screens.length} sockets reconnected through the proxy; ${all.length} pushes, each seen once by every screen\n`);
      expect(reconnected).toBeGreaterThanOrEqual(1);
    } finally {
      for (const s of screens) s.close();
    }
  });

  it('kill -9 under the load of 8 clients loses no acknowledged event, leaves no version gap, sends no message twice', async () => {
    const proxy = topo.url;
    const students = ['202511002', '202511003', '202511004', '202511005', '202511006', '202511007', '202511008', '202511009'];
    const [head, office] = [await loginAt(proxy, 'headteacher'), await loginAt(proxy, 'office')];
    const acknowledged: { stream: string; version: number }[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    const note = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const step = async (token: string, path: string, json: unknown): Promise<string | null> => {
      try {
        const res = await callAt<{ id: string; version: number }>(proxy, path, { token, json, headers: { 'X-Forwarded-For': randomIp() } });
        note(res.status);
        if (res.status !== 200 || !res.body.data) return null;
        acknowledged.push({ stream: `leave-${res.body.data.id}`, version: res.body.data.version });
        return res.body.data.id;
      } catch {
        note(-1);
        return null;
      }
    };
    const client = async (account: string): Promise<void> => {
      const token = await loginAt(proxy, account);
      while (running) {
        const id = await step(token, '/api/workflows/leave', leaveForm(1));
        if (!id) continue;
        if (await step(head, `/api/workflows/leave/${id}/events`, { type: 'APPROVE' })) await step(office, `/api/workflows/leave/${id}/events`, { type: 'APPROVE' });
      }
    };
    const clients = students.map(client);
    await new Promise((r) => setTimeout(r, 3000));
    await topo.kill('b');
    await new Promise((r) => setTimeout(r, 6000));
    running = false;
    await Promise.all(clients);
    await topo.restart('b');

    // 1. Every acknowledged event is there.
    const present = await db.query<{ stream_id: string; version: number }>(`SELECT stream_id, version FROM events WHERE stream_id = ANY($1::text[])`, [[...new Set(acknowledged.map((a) => a.stream))]]);
    const have = new Set(present.rows.map((r) => `${r.stream_id}@${r.version}`));
    expect(acknowledged.filter((a) => !have.has(`${a.stream}@${a.version}`))).toEqual([]);
    // 2. No stream has a gap: its versions are exactly 1..n.
    expect(await count(`SELECT count(*)::int AS n FROM (SELECT stream_id FROM events WHERE stream_type = 'leave' GROUP BY stream_id HAVING count(*) <> max(version) OR min(version) <> 1) g`)).toBe(0);
    // 3. Every event's messages arrive (whichever instance dispatched them), once: each event has its messages, and
    //    no recipient got the same message of an event twice.
    const positions = async () => count(`SELECT count(*)::int AS n FROM events e WHERE e.stream_type = 'leave' AND NOT EXISTS (SELECT 1 FROM message m WHERE m.source_key LIKE 'ev:' || e.position || ':%')`);
    await until(positions, (n) => n === 0, 30_000);
    expect(await count(`SELECT count(*)::int AS n FROM (SELECT split_part(source_key, ':', 2), recipient_id, title_key FROM message WHERE source_key LIKE 'ev:%' GROUP BY 1, 2, 3 HAVING count(*) > 1) d`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM (SELECT source_key FROM push_log GROUP BY 1 HAVING count(*) > 1) d`)).toBe(0);
    process.stdout.write(`kill -9 under load: ${acknowledged.length} acknowledged events, answers ${JSON.stringify([...statuses].sort((a, b) => a[0] - b[0]))}\n`);
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(statuses.get(500)).toBeUndefined();
  });
});
