import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { type AlsoWrite, ConcurrencyError, EventStore, GroupAppender, type GroupAppendOptions, type RecordedEvent } from '@schoolflow/event-store';

// Group commit (docs/adr/0012): many appends per statement, each with its own outcome.
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 10 });
});
afterAll(async () => {
  await pool.end();
});

const type = () => `group-${randomUUID().slice(0, 8)}`;
const event = (i: number) => ({ type: 'E', data: { i } });

async function transactionsOf(t: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ tx: string; n: number }>(
    `SELECT transaction_id::text AS tx, count(*)::int AS n FROM events WHERE stream_type = $1 GROUP BY transaction_id`,
    [t],
  );
  return new Map(rows.map((r) => [r.tx, r.n]));
}

describe('group commit of appends', () => {
  it('concurrent appends to many streams share statements (one transaction holds several) and each gets its own events', async () => {
    const t = type();
    const appender = new GroupAppender(pool, { lanes: 1 });
    try {
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => appender.append({ streamId: `${t}-${i}`, streamType: t, events: [event(i), event(i + 100)], expectedVersion: 0 })));
      results.forEach((recorded, i) => {
        expect(recorded.map((e) => [e.streamId, e.version, e.data.i])).toEqual([[`${t}-${i}`, 1, i], [`${t}-${i}`, 2, i + 100]]);
      });
      const txs = await transactionsOf(t);
      expect([...txs.values()].reduce((a, b) => a + b, 0)).toBe(60);
      expect(txs.size).toBeLessThan(30); // some statements carried several appends
      for (let i = 0; i < 30; i++) {
        expect((await EventStore.readStream(pool, `${t}-${i}`)).map((e) => e.data.i)).toEqual([i, i + 100]);
      }
    } finally {
      await appender.close();
    }
  });

  it('a stale append in a group answers ConcurrencyError and writes nothing, while the others commit', async () => {
    const t = type();
    await EventStore.append(pool, `${t}-stale`, t, [event(0)], 0);
    const appender = new GroupAppender(pool, { lanes: 1 });
    try {
      // the first occupies the lane; the next three wait and go as one statement
      const first = appender.append({ streamId: `${t}-first`, streamType: t, events: [event(1)], expectedVersion: 0 });
      const grouped = Promise.allSettled([
        appender.append({ streamId: `${t}-a`, streamType: t, events: [event(2)], expectedVersion: 0 }),
        appender.append({ streamId: `${t}-stale`, streamType: t, events: [event(3)], expectedVersion: 0 }),
        appender.append({ streamId: `${t}-b`, streamType: t, events: [event(4)], expectedVersion: 0 }),
      ]);
      await first;
      const [a, stale, b] = await grouped;
      expect(a?.status).toBe('fulfilled');
      expect(b?.status).toBe('fulfilled');
      expect(stale?.status).toBe('rejected');
      expect((stale as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await EventStore.readStream(pool, `${t}-stale`)).map((e) => e.data.i)).toEqual([0]);
      const txA = (a as PromiseFulfilledResult<RecordedEvent[]>).value[0]?.transactionId;
      expect(txA).toBe((b as PromiseFulfilledResult<RecordedEvent[]>).value[0]?.transactionId);
    } finally {
      await appender.close();
    }
  });

  it('appends to one stream never share a statement: of ten at the same version exactly one wins', async () => {
    const t = type();
    const appender = new GroupAppender(pool, { lanes: 2 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => appender.append({ streamId: `${t}-1`, streamType: t, events: [event(i)], expectedVersion: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof ConcurrencyError)).toBe(true);
      expect(await EventStore.streamVersion(pool, `${t}-1`)).toBe(1);
    } finally {
      await appender.close();
    }
  });

  it('when the group statement fails as a whole, each append runs alone: only the faulty one fails', async () => {
    const t = type();
    await pool.query(`CREATE TABLE IF NOT EXISTS group_append_probe (id text PRIMARY KEY, n int NOT NULL CHECK (n >= 0))`);
    // an `also` write that violates a constraint when n < 0
    const probe = (id: string, n: number): AlsoWrite => (param, cte) => [
      `${cte('probe')} AS (INSERT INTO group_append_probe (id, n) SELECT ${param(id, 'text')}, ${param(n, 'int')} WHERE EXISTS (SELECT 1 FROM ${cte('ev')}))`,
    ];
    const appender = new GroupAppender(pool, { lanes: 1 });
    try {
      const first = appender.append({ streamId: `${t}-0`, streamType: t, events: [event(0)], expectedVersion: 0, also: probe(`${t}-0`, 0) });
      const grouped = Promise.allSettled([1, -1, 2].map((n, i) => appender.append({ streamId: `${t}-${i + 1}`, streamType: t, events: [event(n)], expectedVersion: 0, also: probe(`${t}-${i + 1}`, n) })));
      await first;
      const outcomes = await grouped;
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/check constraint/);
      expect(await EventStore.streamVersion(pool, `${t}-2`)).toBe(0); // its events did not go in either
      const { rows } = await pool.query<{ id: string }>(`SELECT id FROM group_append_probe WHERE id LIKE $1 ORDER BY id`, [`${t}-%`]);
      expect(rows.map((r) => r.id)).toEqual([`${t}-0`, `${t}-1`, `${t}-3`]);
    } finally {
      await appender.close();
      await pool.query(`DROP TABLE IF EXISTS group_append_probe`);
    }
  });

  it("goes on after the database ended a lane's connection (no append fails for it)", async () => {
    const t = type();
    const named = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 4, application_name: `lane-${t}` });
    named.on('error', () => undefined);
    const appender = new GroupAppender(named, { lanes: 1 });
    try {
      await appender.append({ streamId: `${t}-1`, streamType: t, events: [event(1)], expectedVersion: 0 });
      const ended = await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`lane-${t}`]);
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300)); // the lane hears of it
      const after = await Promise.all([2, 3, 4].map((i) => appender.append({ streamId: `${t}-${i}`, streamType: t, events: [event(i)], expectedVersion: 0 })));
      expect(after.map((r) => r[0]?.version)).toEqual([1, 1, 1]);
    } finally {
      await appender.close();
      await named.end();
    }
  });

  it('a writer outside the group racing on one of its streams (unique key) costs only that append a ConcurrencyError', async () => {
    const t = type();
    const appender = new GroupAppender(pool, { lanes: 1 });
    const other = await pool.connect();
    try {
      await other.query('BEGIN');
      await EventStore.append(other, `${t}-raced`, t, [event(-1)], 0); // holds version 1 of the stream, not committed
      const first = appender.append({ streamId: `${t}-first`, streamType: t, events: [event(0)], expectedVersion: 0 });
      await first;
      const grouped = Promise.allSettled([
        appender.append({ streamId: `${t}-a`, streamType: t, events: [event(1)], expectedVersion: 0 }),
        appender.append({ streamId: `${t}-raced`, streamType: t, events: [event(2)], expectedVersion: 0 }),
      ]);
      await new Promise((r) => setTimeout(r, 200)); // the group now waits on the other writer's key
      await other.query('COMMIT');
      const [a, raced] = await grouped;
      expect(a?.status).toBe('fulfilled');
      expect(raced?.status).toBe('rejected');
      expect((raced as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await EventStore.readStream(pool, `${t}-raced`)).map((e) => e.data.i)).toEqual([-1]);
    } finally {
      other.release();
      await appender.close();
    }
  });
});

/** What `p` settled as within `ms`, or 'pending'. */
async function within<T>(p: Promise<T>, ms: number): Promise<PromiseSettledResult<T> | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'pending'>((resolve) => {
    timer = setTimeout(() => resolve('pending'), ms);
  });
  const settled = Promise.allSettled([p]).then(([r]) => r as PromiseSettledResult<T>);
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

// One lane carries the groups; a further one only for a lane stuck past spareAfterMs or a full group (docs/adr/0075).
// A writer outside the appender holds a stream's next version uncommitted, so the append to it waits on the key: a
// lane stuck on a lock, on purpose and for as long as the test wants.
describe('the spare lane', () => {
  interface StuckLane {
    t: string;
    appender: GroupAppender;
    /** The outside writer, holding version 1 of `${t}-held` uncommitted. */
    other: pg.PoolClient;
    /** The append to `${t}-held`, which took the first lane and waits on that key. */
    stuck: Promise<RecordedEvent[]>;
    /** Appends of one event each to `${t}-${i}`, sent now. */
    appendTo: (ids: number[]) => Promise<RecordedEvent[][]>;
  }

  /** An appender of `options` whose first lane is stuck on a lock, for `body`; the lock and the appender end after it. */
  async function withStuckLane(options: GroupAppendOptions, body: (s: StuckLane) => Promise<void>): Promise<void> {
    const t = type();
    const appender = new GroupAppender(pool, options);
    const other = await pool.connect();
    try {
      await other.query('BEGIN');
      await EventStore.append(other, `${t}-held`, t, [event(-1)], 0);
      const stuck = appender.append({ streamId: `${t}-held`, streamType: t, events: [event(0)], expectedVersion: 0 });
      const appendTo = (ids: number[]) => Promise.all(ids.map((i) => appender.append({ streamId: `${t}-${i}`, streamType: t, events: [event(i)], expectedVersion: 0 })));
      await body({ t, appender, other, stuck, appendTo });
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      other.release();
      await appender.close();
    }
  }

  it('is not taken while the busy lane is young: what arrives waits and then goes as one statement', async () => {
    await withStuckLane({ lanes: 2, spareAfterMs: 60_000 }, async ({ t, other, stuck, appendTo }) => {
      const waiting = appendTo([1, 2, 3, 4, 5]);
      expect(await within(waiting, 400)).toBe('pending');
      await other.query('COMMIT');
      await expect(stuck).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await waiting).map((r) => r[0]?.version)).toEqual([1, 1, 1, 1, 1]);
      // the held event's transaction, and the five in one statement
      expect([...(await transactionsOf(t)).values()].sort()).toEqual([1, 5]);
    });
  });

  it('takes what waits once the busy lane has been stuck spareAfterMs, while the stuck one still waits', async () => {
    await withStuckLane({ lanes: 2, spareAfterMs: 150 }, async ({ t, other, stuck, appendTo }) => {
      const started = Date.now();
      const waiting = appendTo([1, 2, 3]);
      const spared = await within(waiting, 10_000);
      expect(spared).toEqual({ status: 'fulfilled', value: expect.any(Array) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      expect(await within(stuck, 0)).toBe('pending');
      await other.query('ROLLBACK');
      expect((await stuck).map((e) => e.version)).toEqual([1]);
      // the three in one statement on the spare lane, the stuck one in its own
      expect([...(await transactionsOf(t)).values()].sort()).toEqual([1, 3]);
    });
  });

  it('is taken at once when the appender closes, whatever the spare time', async () => {
    await withStuckLane({ lanes: 2, spareAfterMs: 60_000 }, async ({ appender, other, stuck, appendTo }) => {
      const waiting = appendTo([1, 2]);
      expect(await within(waiting, 300)).toBe('pending');
      const closing = appender.close();
      expect(await within(waiting, 10_000)).toEqual({ status: 'fulfilled', value: expect.any(Array) });
      expect(await within(closing, 0)).toBe('pending'); // the stuck lane still holds its connection
      await other.query('ROLLBACK');
      await stuck;
      await closing;
    });
  });

  it('is taken at once by a full group', async () => {
    await withStuckLane({ lanes: 2, spareAfterMs: 60_000, maxGroup: 4 }, async ({ t, other, stuck, appendTo }) => {
      const full = appendTo([1, 2, 3, 4]);
      expect(await within(full, 10_000)).toEqual({ status: 'fulfilled', value: expect.any(Array) });
      await other.query('ROLLBACK');
      await stuck;
      expect([...(await transactionsOf(t)).values()].sort()).toEqual([1, 4]);
    });
  });
});
