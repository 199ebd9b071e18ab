import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { AppendAnnouncer, ConcurrencyError, EVENTS_CHANNEL, EventStore, PgListener, type RecordedEvent, Subscription } from '@schoolflow/event-store';

let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 10 });
});
afterAll(async () => {
  await pool.end();
});

const type = () => `test-${randomUUID().slice(0, 8)}`;

describe('event store', () => {
  it('appends with an expected version, reads the stream back in order, refuses a stale version writing nothing', async () => {
    const t = type();
    const stream = `${t}-1`;
    await EventStore.append(pool, stream, t, [{ type: 'A', data: { n: 1 } }, { type: 'B', data: { n: 2 } }], 0);
    await expect(EventStore.append(pool, stream, t, [{ type: 'C', data: {} }], 1)).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(EventStore.append(pool, stream, t, [{ type: 'C', data: {} }], 0)).rejects.toBeInstanceOf(ConcurrencyError);
    await EventStore.append(pool, stream, t, [{ type: 'C', data: { n: 3 } }], 2);
    const read = await EventStore.readStream(pool, stream);
    expect(read.map((e) => [e.version, e.type, e.data.n])).toEqual([[1, 'A', 1], [2, 'B', 2], [3, 'C', 3]]);
  });

  it('concurrent appends at the same version: exactly one wins', async () => {
    const t = type();
    const stream = `${t}-1`;
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => EventStore.append(pool, stream, t, [{ type: 'X', data: { i } }], 0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof ConcurrencyError)).toBe(true);
    expect(await EventStore.streamVersion(pool, stream)).toBe(1);
  });
});

describe('announcements of appends (docs/adr/0011)', () => {
  /** What a listening connection (another instance) hears on the events channel about streams of type `t`. */
  async function hearing(t: string): Promise<{ heard: string[]; stop: () => Promise<void> }> {
    const listener = new PgListener(pool);
    const heard: string[] = [];
    await listener.on(EVENTS_CHANNEL, (payload) => heard.push(...payload.split(',').filter((item) => item.startsWith(t))));
    await listener.start();
    return { heard, stop: () => listener.stop() };
  }
  const until = async (done: () => boolean): Promise<void> => {
    const deadline = Date.now() + 5_000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };

  it('the trigger announces an append at its commit; a caller-announced append is announced by the caller only, once, batched', async () => {
    const t = type();
    const other = await hearing(t);
    try {
      // any writer (a tool, hand-written SQL): the trigger announces it
      await EventStore.append(pool, `${t}-1`, t, [{ type: 'A', data: {} }, { type: 'B', data: {} }], 0);
      await until(() => other.heard.length >= 2);
      expect(other.heard).toEqual([`${t}-1:1`, `${t}-1:2`]);

      // the engine's way: no trigger notification; its own process is told at once, the others by one batched NOTIFY
      const local: string[] = [];
      // (a long batching interval here, to see that the NOTIFY comes from the announcer and not from the trigger)
      const announcer = new AppendAnnouncer(pool, (payload) => local.push(payload), undefined, 60_000);
      for (let i = 2; i <= 4; i++) {
        await EventStore.append(pool, `${t}-${i}`, t, [{ type: 'A', data: {} }], 0, undefined, { announcedByCaller: true });
        announcer.appended(`${t}-${i}`, 1);
      }
      expect(local).toEqual([`${t}-2:1`, `${t}-3:1`, `${t}-4:1`]);
      await new Promise((r) => setTimeout(r, 200));
      expect(other.heard).toHaveLength(2); // nothing from the trigger
      await announcer.flush();
      await until(() => other.heard.length >= 5);
      expect(other.heard.slice(2)).toEqual([`${t}-2:1`, `${t}-3:1`, `${t}-4:1`]);
      // with its default interval an announcer sends by itself, soon after the append
      const soon = new AppendAnnouncer(pool, () => undefined);
      await EventStore.append(pool, `${t}-5`, t, [{ type: 'A', data: {} }], 0, undefined, { announcedByCaller: true });
      soon.appended(`${t}-5`, 1);
      await until(() => other.heard.length >= 6);
      expect(other.heard.slice(5)).toEqual([`${t}-5:1`]);

      // a rolled-back caller-announced append is never announced (the caller only announces what committed)
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await EventStore.append(client, `${t}-9`, t, [{ type: 'A', data: {} }], 0, undefined, { announcedByCaller: true });
        await client.query('ROLLBACK');
        // the setting was local to that transaction: this connection's next plain append is announced by the trigger
        await EventStore.append(client, `${t}-10`, t, [{ type: 'A', data: {} }], 0);
      } finally {
        client.release();
      }
      await until(() => other.heard.length >= 7);
      await new Promise((r) => setTimeout(r, 100));
      expect(other.heard.slice(6)).toEqual([`${t}-10:1`]);
    } finally {
      await other.stop();
    }
  });
});

describe('subscriptions', () => {
  function collector(name: string, t: string, seen: RecordedEvent[], fail?: () => boolean): Subscription {
    return new Subscription(pool, {
      name,
      streamTypes: [t],
      handle: async (events) => {
        if (fail?.()) throw new Error('handler failed');
        seen.push(...events);
      },
    });
  }

  it('does not skip an event whose transaction was still in flight when a later one committed', async () => {
    const t = type();
    const seen: RecordedEvent[] = [];
    const sub = collector(`sub-${t}`, t, seen);
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [`sub-${t}`]);

    const slow = await pool.connect();
    try {
      await slow.query('BEGIN');
      await EventStore.append(slow, `${t}-slow`, t, [{ type: 'FIRST', data: {} }], 0); // takes the lower position, not committed
      await EventStore.append(pool, `${t}-fast`, t, [{ type: 'SECOND', data: {} }], 0); // committed
      expect(await sub.drain()).toBe(0); // the committed one waits behind the in-flight transaction
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) await sub.drain();
    expect(seen.map((e) => e.type)).toEqual(['FIRST', 'SECOND']);
    expect(await sub.drain()).toBe(0);
  });

  it('keeps numeric order when positions cross a digit boundary (9999 → 10000)', async () => {
    const t = type();
    const seen: RecordedEvent[] = [];
    const sub = collector(`sub-${t}`, t, seen);
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [`sub-${t}`]);
    // jump the sequence so that one append takes positions 10^k - 1 and 10^k
    const { rows } = await pool.query<{ last: string }>(`SELECT last_value::text AS last FROM events_position_seq`);
    const next = 10 ** String(Number(rows[0]?.last ?? 0) + 2).length;
    await pool.query(`SELECT setval('events_position_seq', $1)`, [next - 2]);
    await EventStore.append(pool, `${t}-1`, t, [{ type: 'FIRST', data: {} }, { type: 'SECOND', data: {} }, { type: 'THIRD', data: {} }], 0);
    const deadline = Date.now() + 10_000;
    while (seen.length < 3 && Date.now() < deadline) await sub.drain();
    expect(seen.map((e) => [e.type, e.position])).toEqual([['FIRST', String(next - 1)], ['SECOND', String(next)], ['THIRD', String(next + 1)]]);
  });

  it('delivers each event once across restarts (durable checkpoint), and again after a failed batch', async () => {
    const t = type();
    const name = `sub-${t}`;
    const seen: RecordedEvent[] = [];
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
    const appended: RecordedEvent[] = [];
    for (let i = 0; i < 5; i++) appended.push(...(await EventStore.append(pool, `${t}-${i}`, t, [{ type: 'E', data: { i } }], 0)));
    // a transaction anywhere on the server (another test's database too) holds the horizon back: wait until all five show
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await pool.query<{ past: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS past`, [appended[4]?.transactionId])).rows[0]?.past) {
      await new Promise((r) => setTimeout(r, 20));
    }
    let failNext = true;
    const failing = collector(name, t, seen, () => {
      const f = failNext;
      failNext = false;
      return f;
    });
    await expect(failing.drain()).rejects.toThrow('handler failed');
    expect(seen).toHaveLength(0);
    expect(await failing.drain()).toBe(5);
    // a new subscriber object with the same name (a restart) has nothing left to do
    expect(await collector(name, t, seen).drain()).toBe(0);
    expect(seen.map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4]);
  });

  it('lingering (docs/adr/0071): the first event after a quiet spell goes at once, the ones announced while it lingers go together', async () => {
    const t = type();
    const name = `sub-${t}`;
    const batches: number[][] = [];
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
    const sub = new Subscription(pool, { name, streamTypes: [t], lingerMs: 400, idleMs: 100, handle: async (events) => void batches.push(events.map((e) => Number(e.data.i))) });
    await sub.start();
    try {
      await EventStore.append(pool, `${t}-0`, t, [{ type: 'E', data: { i: 0 } }], 0);
      // a transaction of another worker's database may hold the horizon back at the wake: the idle poll then takes it
      const first = Date.now() + 10_000;
      while (batches.length === 0 && Date.now() < first) await new Promise((r) => setTimeout(r, 10));
      expect(batches).toEqual([[0]]);
      // five more, 40 ms apart, each announced at its commit: one wake each, all inside the linger
      for (let i = 1; i <= 5; i++) {
        await EventStore.append(pool, `${t}-${i}`, t, [{ type: 'E', data: { i } }], 0);
        await new Promise((r) => setTimeout(r, 40));
      }
      const deadline = Date.now() + 10_000;
      while (batches.flat().length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(batches.flat()).toEqual([0, 1, 2, 3, 4, 5]);
      // one batch, or two when another database's transaction held the horizon back at the claim — not one per wake
      expect(batches.length - 1).toBeLessThanOrEqual(2);
    } finally {
      await sub.stop();
    }
  });

  it('two processes on one subscription handle every event exactly once', async () => {
    const t = type();
    const name = `sub-${t}`;
    const seen: RecordedEvent[] = [];
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
    const a = collector(name, t, seen);
    const b = collector(name, t, seen);
    const writes = Promise.all(Array.from({ length: 40 }, (_, i) => EventStore.append(pool, `${t}-${i}`, t, [{ type: 'E', data: { i } }], 0)));
    const drains = (async () => {
      for (let k = 0; k < 30; k++) await Promise.all([a.drain().catch(() => 0), b.drain().catch(() => 0)]);
    })();
    await Promise.all([writes, drains]);
    // other transactions of the database (the app under test) may hold the horizon back for a moment
    const deadline = Date.now() + 10_000;
    while (seen.length < 40 && Date.now() < deadline) {
      await a.drain();
      await b.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.map((e) => e.data.i).sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
