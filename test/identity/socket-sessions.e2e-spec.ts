import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, ApiPath, legacyPasswordDigest, SESSION_ENDED, utf8ToBase64 } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, DEMO_PASSWORD, login, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';
import { connectSocket } from '../support/workflow.js';

/**
 * Hardening, finding 4: after logout, and after an administrator disabled the account, the user's sockets stayed
 * connected and kept receiving pushes. Ending a session — logout, password change, disable, end other sessions,
 * expiry — must disconnect its sockets on every instance within a second, telling the client why.
 */
interface Ended {
  reason: string;
  code: number | null;
  ms: number;
}

/** Resolves when the socket is disconnected by the server, with the `session.ended` code it was sent first. */
function endOf(socket: Socket, within = 1000): Promise<Ended> {
  const started = Date.now();
  let code: number | null = null;
  socket.on(SESSION_ENDED, (p: { code: number }) => (code = p.code));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${within} ms`)), within);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, code, ms: Date.now() - started });
    });
  });
}

async function changeForm(account: string, oldPassword: string, next: string): Promise<Record<string, string>> {
  return {
    username: account,
    newPassword: utf8ToBase64(next),
    oldPassword: await legacyPasswordDigest('schoolflow:', account, oldPassword),
    sign: await legacyPasswordDigest('schoolflow:', account, next),
  };
}

describe('a socket lives no longer than its session', () => {
  it('logout disconnects that session\'s sockets within a second (the other session keeps its own)', async () => {
    const token = await login('202311021');
    const other = await login('202311021');
    const [a, b, kept] = [await connectSocket(token), await connectSocket(token), await connectSocket(other)];
    const ends = [endOf(a), endOf(b)];
    expect((await call(ApiPath.logout, { token })).status).toBe(200);
    for (const e of await Promise.all(ends)) expect(e).toMatchObject({ reason: 'io server disconnect', code: 50008 });
    expect(kept.connected).toBe(true);
    kept.close();
  });

  it('an administrator disabling the account disconnects every socket of the user; a new one is refused', async () => {
    const token = await login('202311022');
    const socket = await connectSocket(token);
    // what the administrator needs first (an id, a sign-in with its password hash): the second starts at their change
    const id = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = '202311022'`)).rows[0].id as string);
    const adminToken = await admin();
    const ended = endOf(socket);
    const res = await call(AdminPath.userEnable, { token: adminToken, json: { ids: [id], enabled: false } });
    expect(res.body.result).toBe(true);
    expect(await ended).toMatchObject({ reason: 'io server disconnect', code: 50008 });
    await expect(connectSocket(token)).rejects.toThrow('session.invalid');
    await call(AdminPath.userEnable, { token: await admin(), json: { ids: [id], enabled: true } });
  });

  it('a password change disconnects the sockets of the other sessions, not the current one', async () => {
    const current = await login('202321023');
    const elsewhere = await login('202321023');
    const [mine, theirs] = [await connectSocket(current), await connectSocket(elsewhere)];
    const ended = endOf(theirs);
    const res = await call(ApiPath.updatePwd, { token: current, form: await changeForm('202321023', DEMO_PASSWORD, 'N3w-Passw0rd!') });
    expect(res.body.result).toBe(true);
    expect(await ended).toMatchObject({ reason: 'io server disconnect', code: 50012 });
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.connected).toBe(true);
    mine.close();
  });

  it('ending my other sessions, or an administrator ending all of them, disconnects their sockets', async () => {
    const laptop = await login('202321024');
    const phone = await login('202321024');
    const phoneSocket = await connectSocket(phone);
    const ended = endOf(phoneSocket);
    expect((await call(ApiPath.endMyOtherSessions, { token: laptop, method: 'POST' })).body.result).toBe(true);
    expect(await ended).toMatchObject({ code: 50012 });

    const laptopSocket = await connectSocket(laptop);
    const id = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = '202321024'`)).rows[0].id as string);
    const adminToken = await admin();
    const laptopEnded = endOf(laptopSocket);
    expect((await call(AdminPath.userEndSessions, { token: adminToken, json: { id } })).body.result).toBe(true);
    expect(await laptopEnded).toMatchObject({ code: 50012 });
  });

  it('a session ended in the database by hand (or shortened to the past) ends its sockets too', async () => {
    const token = await login('202311025');
    const socket = await connectSocket(token);
    const ended = endOf(socket);
    await withDb((c) => c.query(`UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM sys_user WHERE account = '202311025')`));
    expect(await ended).toMatchObject({ code: 50014 });
  });
});

describe('sockets and sessions across instances, and expiry', () => {
  let db: Awaited<ReturnType<typeof isolatedDatabase>>;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    db = await isolatedDatabase();
    // A session that lives 8 s unless a request extends it: long enough that the keep-alive below, one request a
    // second, still extends it when the machine is loaded (at 4 s a fresh clone's run once answered one of them 401)
    a = await startInstance(db.url, db.name, { SESSION_TTL_SECONDS: '8' });
    b = await startInstance(db.url, db.name, { SESSION_TTL_SECONDS: '8' });
  }, 120_000);
  afterAll(async () => {
    await stopInstance(a);
    await stopInstance(b);
    await db.drop();
  }, 60_000);

  it('a logout on instance A disconnects the socket held by instance B within a second', async () => {
    const token = await loginAt((a as Instance).url, 'student');
    const socket = await connectSocket(token, (b as Instance).url);
    const ended = endOf(socket);
    expect((await callAt((a as Instance).url, ApiPath.logout, { token })).status).toBe(200);
    expect(await ended).toMatchObject({ reason: 'io server disconnect', code: 50008 });
  });

  it('a session that expires (no request for its lifetime) disconnects its socket; one kept alive by requests does not', async () => {
    const idle = await loginAt((a as Instance).url, 'teacher');
    const busy = await loginAt((a as Instance).url, 'headteacher');
    const idleSocket = await connectSocket(idle, (b as Instance).url);
    const busySocket = await connectSocket(busy, (b as Instance).url);
    const ended = endOf(idleSocket, 16_000);
    // every request keeps the session alive; each is awaited before the test ends (one still in flight when the
    // instances stop would fail unobserved)
    const pings: Promise<number>[] = [];
    const keepAlive = setInterval(() => pings.push(callAt((a as Instance).url, ApiPath.getExpires, { token: busy }).then((r) => r.status)), 1000);
    try {
      expect(await ended).toMatchObject({ reason: 'io server disconnect', code: 50014 });
      await new Promise((r) => setTimeout(r, 2000));
      expect(busySocket.connected).toBe(true);
    } finally {
      clearInterval(keepAlive);
      busySocket.close();
    }
    expect(new Set(await Promise.all(pings))).toEqual(new Set([200]));
  });
});
