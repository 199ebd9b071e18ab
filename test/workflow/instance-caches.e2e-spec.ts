import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { AdminPath, ErrorCode, type WorkflowCommandResult } from '@schoolflow/contracts';
import { leaveForm, until } from '../support/workflow.js';
import { callAt, type Instance, isolatedDatabase, loginAt, startInstance, stopInstance } from '../support/instances.js';

/**
 * Each instance caches sessions (with grants) and the folded state of workflow streams (docs/adr/0010). Two
 * instances on one database: a change made on one, or by hand in the database, must reach the other's caches, and
 * a cached state must never decide a command wrongly.
 */
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let a: Instance | undefined;
let b: Instance | undefined;
const A = (): string => (a as Instance).url;
const B = (): string => (b as Instance).url;

beforeAll(async () => {
  db = await isolatedDatabase();
  a = await startInstance(db.url, db.name);
  b = await startInstance(db.url, db.name);
}, 180_000);
afterAll(async () => {
  await stopInstance(a);
  await stopInstance(b);
  await db.drop();
}, 60_000);

async function sql(text: string, params: unknown[] = []): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query(text, params);
  } finally {
    await c.end();
  }
}

const expires = (base: string, token: string) => callAt<unknown>(base, '/api/getExpires', { token });
const act = (base: string, token: string, id: string, ifMatch?: number) =>
  callAt<WorkflowCommandResult>(base, `/api/workflows/leave/${id}/events`, { token, json: { type: 'APPROVE' }, headers: ifMatch === undefined ? {} : { 'If-Match': String(ifMatch) } });

describe('session cache', () => {
  it('a session signed out on A is refused on B, which had it cached', async () => {
    const token = await loginAt(A(), 'teacher');
    expect((await expires(B(), token)).body.result).toBe(true); // now cached on B
    expect((await callAt(A(), '/logout', { token })).body.result).toBe(true);
    const after = await until(() => expires(B(), token), (r) => !r.body.result, 5_000, 50);
    expect(after.body.code).toBe(ErrorCode.ILLEGAL_TOKEN);
  });

  it('a session ended by hand in the database is refused by both instances', async () => {
    const token = await loginAt(A(), 'principal');
    for (const base of [A(), B()]) expect((await expires(base, token)).body.result).toBe(true);
    await sql(`UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM sys_user WHERE account = 'principal')`);
    for (const base of [A(), B()]) {
      const r = await until(() => expires(base, token), (x) => !x.body.result, 5_000, 50);
      expect(r.body.code).toBe(ErrorCode.TOKEN_EXPIRED);
    }
  });

  it('roles taken away in the database take their permissions away on both instances', async () => {
    const token = await loginAt(B(), 'admin');
    const list = (base: string) => callAt<unknown>(base, AdminPath.userList, { token, json: { pageNo: 1, pageSize: 1 } });
    for (const base of [A(), B()]) expect((await list(base)).status).toBe(200); // cached on both, with the grant
    await sql(`CREATE TABLE admin_roles_saved AS SELECT * FROM sys_user_role WHERE user_id = (SELECT id FROM sys_user WHERE account = 'admin')`);
    await sql(`DELETE FROM sys_user_role WHERE user_id = (SELECT id FROM sys_user WHERE account = 'admin')`);
    try {
      for (const base of [A(), B()]) {
        const r = await until(() => list(base), (x) => x.status !== 200, 5_000, 50);
        expect(r.status).toBe(403);
      }
    } finally {
      await sql(`INSERT INTO sys_user_role SELECT * FROM admin_roles_saved`);
      await sql(`DROP TABLE admin_roles_saved`);
    }
    for (const base of [A(), B()]) expect((await until(() => list(base), (x) => x.status === 200, 5_000, 50)).status).toBe(200);
  });
});

/** The student submits on A (A caches version 1); answers the instance id. */
async function submitOnA(): Promise<string> {
  const started = await callAt<WorkflowCommandResult>(A(), '/api/workflows/leave', { token: await loginAt(A(), 'student'), json: leaveForm(1) });
  expect(started.body.data?.version).toBe(1);
  return started.body.data?.id as string;
}

function expectApproved(r: Awaited<ReturnType<typeof act>>): void {
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ version: 3 });
  expect(r.body.data?.state).toMatch(/^approved/);
}

describe('stream cache', () => {
  it('commands on either instance decide on the latest state: If-Match newer than a cached state reads the stream', async () => {
    const id = await submitOnA();
    expect((await act(B(), await loginAt(B(), 'headteacher'), id, 1)).body.data?.version).toBe(2);
    // A's cached state (version 1) is behind: the user's If-Match 2 proves it, whatever the notification timing.
    expectApproved(await act(A(), await loginAt(A(), 'office'), id, 2));
  });

  it("another instance's append drops the cached state: a command without If-Match decides on the new state", async () => {
    const id = await submitOnA();
    expect((await act(B(), await loginAt(B(), 'headteacher'), id)).body.data?.version).toBe(2);
    // The events trigger announces version 2; A drops its version-1 state (were it kept, A would answer 409).
    await new Promise((r) => setTimeout(r, 1000));
    expectApproved(await act(A(), await loginAt(A(), 'office'), id));
  });

  it('a command right after another instance\'s append is never refused on the stale cached state (no wait for the announcement)', async () => {
    // Behind a round-robin proxy the next step often lands on the instance that has not yet heard of the last one
    // (announcements travel in 20 ms batches). A refusal decided on a cached state is decided again on the stream.
    const [headB, officeA] = [await loginAt(B(), 'headteacher'), await loginAt(A(), 'office')];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const id = await submitOnA(); // A caches version 1 (pending the head teacher)
      expect((await act(B(), headB, id)).status).toBe(200);
      statuses.push((await act(A(), officeA, id)).status); // at once: A may not know of version 2 yet
    }
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it('the same step approved on both instances at once (the version both saw): one 200, the others 409, one event', async () => {
    const headA = await loginAt(A(), 'headteacher');
    const headB = await loginAt(B(), 'headteacher');
    const id = await submitOnA();
    await callAt(B(), `/api/workflows/leave/${id}`, { token: headB }); // B caches it too
    const results = await Promise.all([...Array(5)].flatMap(() => [act(A(), headA, id, 1), act(B(), headB, id, 1)]));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const events = await c.query(`SELECT type FROM events WHERE stream_id = $1 ORDER BY version`, [`leave-${id}`]);
      expect(events.rows.map((e: { type: string }) => e.type)).toEqual(['SUBMIT', 'APPROVE']);
    } finally {
      await c.end();
    }
  });
});
