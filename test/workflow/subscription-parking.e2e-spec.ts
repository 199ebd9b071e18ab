import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { EventStore, ParkedEvents, type RecordedEvent, type ReplayOutcome, Subscription } from '@schoolflow/event-store';
import type { QueryRunner } from 'typeorm';
import { ParkedEvents1732000028000 } from '../../migrations/1732000028000-parked-events.js';

// The subscription's isolation of a failing event (docs/adr/0027) against real PostgreSQL: what fails is a real
// statement of the handler (a NOT NULL the poisoned event breaks), what is transient a real connection the database
// terminates.

let pool: pg.Pool;
const sink = `test_sink_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 10 });
  // a connection the database ends must not end the test process (as the app's GuardedClient, docs/adr/0017)
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  await pool.query(`CREATE TABLE ${sink} (position bigint NOT NULL, name text NOT NULL)`);
});
afterAll(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${sink}`);
  await pool.end();
});

const type = () => `test-${randomUUID().slice(0, 8)}`;
/** Fast tries: the policy's counts as in production, the pauses short (drain has none of its own). */
const RETRY = { batchAttempts: 3, eventAttempts: 3, backoffMs: 1, maxBackoffMs: 5 };

/**
 * A subscription writing each event's position to the sink in its transaction; an event whose data says `poison` (while
 * `poisoned()` says so) writes a NULL name, which the database refuses (23502) every time.
 */
function sinkSubscription(name: string, t: string, poisoned: () => boolean = () => true, after: RecordedEvent[][] = []) {
  return new Subscription<number>(pool, {
    name,
    streamTypes: [t],
    retry: RETRY,
    handle: async (events, tx) => {
      for (const e of events) await tx.query(`INSERT INTO ${sink} (position, name) VALUES ($1, $2)`, [e.position, e.data.poison && poisoned() ? null : name]);
      return events.length;
    },
    afterCommit: (events) => {
      after.push(events);
    },
  });
}

/** Drains until `done`, as the running loop would (a failure is thrown and tried again). */
async function drainUntil(sub: Subscription<number>, done: () => Promise<boolean>): Promise<{ failures: number }> {
  const deadline = Date.now() + 20_000;
  let failures = 0;
  while (Date.now() < deadline) {
    try {
      await sub.drain();
    } catch {
      failures++;
    }
    if (await done()) return { failures };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the subscription did not get there in time');
}

/** Waits until every transaction up to `last`'s has ended, so a batch sees all of them at once (docs/adr/0005). */
async function visible(last: RecordedEvent | undefined): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const r = await pool.query<{ past: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS past`, [last?.transactionId]);
    if (r.rows[0]?.past) return;
    await new Promise((res) => setTimeout(res, 20));
  }
}

const delivered = async (name: string): Promise<string[]> => (await pool.query<{ position: string }>(`SELECT position::text FROM ${sink} WHERE name = $1 ORDER BY position`, [name])).rows.map((r) => r.position);
const parkedOf = (name: string) => ParkedEvents.list(pool, { subscription: name });

describe('a subscription isolates a failing event (docs/adr/0027)', () => {
  it('parks an event that keeps failing — its error, place and tries recorded, the checkpoint past it — and delivers every event after it, once', async () => {
    const t = type();
    const name = `park-${t}`;
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1)`, [name]);
    const appended = [];
    for (let i = 0; i < 6; i++) appended.push(...(await EventStore.append(pool, `${t}-${i}`, t, [{ type: i === 2 ? 'POISON' : 'FINE', data: { i, poison: i === 2 } }], 0)));
    const poisoned = appended[2] as RecordedEvent;
    const sub = sinkSubscription(name, t);
    await visible(appended[5]);

    const { failures } = await drainUntil(sub, async () => (await delivered(name)).length === 5);
    // three tries of the batch, then the event alone three times
    expect(failures).toBe(RETRY.batchAttempts + RETRY.eventAttempts - 1);
    expect(await delivered(name)).toEqual(appended.filter((e) => e !== poisoned).map((e) => e.position));
    const [parked, ...more] = await parkedOf(name);
    expect(more).toEqual([]);
    expect(parked).toMatchObject({ subscription: name, position: poisoned.position, transactionId: poisoned.transactionId, streamId: `${t}-2`, streamType: t, eventType: 'POISON', errorCode: '23502', attempts: RETRY.eventAttempts });
    expect(parked?.error).toMatch(/null value in column "name"/);
    expect(parked?.firstFailedAt.getTime()).toBeLessThanOrEqual(parked?.lastFailedAt.getTime() ?? 0);
    // caught up: the checkpoint is past it, nothing is tried again
    expect(await sub.drain()).toBe(0);
    const cp = await pool.query<{ position: string }>(`SELECT position::text FROM subscription_checkpoints WHERE name = $1`, [name]);
    expect(cp.rows[0]?.position).toBe(appended[5]?.position);

    // events appended after it flow at once, in batches again
    const later = await EventStore.append(pool, `${t}-9`, t, [{ type: 'FINE', data: {} }, { type: 'FINE', data: {} }], 0);
    await drainUntil(sub, async () => (await delivered(name)).length === 7);
    expect((await delivered(name)).slice(5)).toEqual(later.map((e) => e.position));
  });

  it('a replay fails again while the cause remains (the new error and one more try recorded); once it is gone, it applies once and leaves the parked list', async () => {
    const t = type();
    const name = `replay-${t}`;
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1)`, [name]);
    const [bad] = await EventStore.append(pool, `${t}-1`, t, [{ type: 'POISON', data: { poison: true } }], 0);
    let cause = true;
    const after: RecordedEvent[][] = [];
    const sub = sinkSubscription(name, t, () => cause, after);
    await drainUntil(sub, async () => (await parkedOf(name)).length === 1);
    expect(after).toEqual([]);

    const again: ReplayOutcome = await sub.replay(bad?.position ?? '');
    expect(again).toMatchObject({ status: 'failed', errorCode: '23502', attempts: RETRY.eventAttempts + 1 });
    expect((await parkedOf(name))[0]?.attempts).toBe(RETRY.eventAttempts + 1);
    expect(await delivered(name)).toEqual([]);

    cause = false;
    const replayed = await sub.replay(bad?.position ?? '');
    expect(replayed.status).toBe('replayed');
    expect(await delivered(name)).toEqual([bad?.position]);
    expect(await parkedOf(name)).toEqual([]);
    expect(after.map((events) => events.map((e) => e.position))).toEqual([[bad?.position]]);
    // nothing is parked there any more: a second replay (another administrator's, a double click) does nothing
    expect(await sub.replay(bad?.position ?? '')).toEqual({ status: 'absent' });
    expect(await delivered(name)).toEqual([bad?.position]);
  });

  it('a transient error (the database ends the connection) is retried for as long as it lasts and parks nothing', async () => {
    const t = type();
    const name = `transient-${t}`;
    await pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1)`, [name]);
    const appended = [];
    for (let i = 0; i < 3; i++) appended.push(...(await EventStore.append(pool, `${t}-${i}`, t, [{ type: 'FINE', data: { i } }], 0)));
    // more terminated tries than a failing event is given before it is parked (batch and alone together)
    let terminations = RETRY.batchAttempts + RETRY.eventAttempts + 3;
    const errors: string[] = [];
    const sub = new Subscription<void>(pool, {
      name,
      streamTypes: [t],
      retry: RETRY,
      handle: async (events, tx) => {
        if (terminations > 0) {
          terminations--;
          await tx.query(`SELECT pg_terminate_backend(pg_backend_pid())`);
        }
        for (const e of events) await tx.query(`INSERT INTO ${sink} (position, name) VALUES ($1, $2)`, [e.position, name]);
      },
    });
    const deadline = Date.now() + 20_000;
    while ((await delivered(name)).length < 3 && Date.now() < deadline) {
      try {
        await sub.drain();
      } catch (err) {
        errors.push(String((err as { code?: string }).code ?? (err as Error).message));
      }
    }
    expect(terminations).toBe(0);
    expect(errors.length).toBeGreaterThanOrEqual(RETRY.batchAttempts + RETRY.eventAttempts + 3);
    expect(errors.every((e) => e === '57P01' || /Connection terminated/.test(e))).toBe(true);
    expect(await delivered(name)).toEqual(appended.map((e) => e.position));
    expect(await parkedOf(name)).toEqual([]);
  });

  it('a running subscription parks the failing event on its own, with backoff, and goes on with the events after it', async () => {
    const t = type();
    const name = `running-${t}`;
    const sub = sinkSubscription(name, t);
    await sub.start();
    try {
      const [, poisoned] = await EventStore.append(pool, `${t}-1`, t, [{ type: 'FINE', data: {} }, { type: 'POISON', data: { poison: true } }, { type: 'FINE', data: {} }], 0);
      const deadline = Date.now() + 20_000;
      while ((await delivered(name)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await delivered(name)).length).toBe(2);
      expect((await parkedOf(name)).map((p) => p.position)).toEqual([poisoned?.position]);
    } finally {
      await sub.stop();
    }
  });

  it('new events do not cut a backoff short: a failing batch poked every 10 ms for 1.5 s is still tried at the backoff\'s pace', async () => {
    const t = type();
    const name = `backoff-${t}`;
    let tries = 0;
    // always failing, never parked within the test (many tries allowed), backing off from 200 ms
    const sub = new Subscription<void>(pool, {
      name,
      streamTypes: [t],
      retry: { batchAttempts: 1000, eventAttempts: 1000, backoffMs: 200, maxBackoffMs: 400 },
      handle: async () => {
        tries++;
        throw Object.assign(new Error('refused'), { code: '23502' });
      },
    });
    const [appended] = await EventStore.append(pool, `${t}-1`, t, [{ type: 'E', data: {} }], 0);
    await visible(appended);
    await sub.start();
    try {
      // as appends announced elsewhere would: a poke every 10 ms for 1.5 s — of the clock, not 150 sleeps (on a loaded
      // machine each 10 ms sleep took ~30, so more backoff fitted and the tries passed the bound below)
      const pokedUntil = Date.now() + 1500;
      while (Date.now() < pokedUntil) {
        sub.poke();
        await new Promise((r) => setTimeout(r, 10));
      }
      // 200 + 400 + 400 + 400 ms of backoff fit in 1.5 s: a handful of tries, not one per poke
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(tries).toBeLessThanOrEqual(8);
    } finally {
      await sub.stop();
    }
  });

  it('the migration carries the effects’ old failures over as workflow-effects’ parked events, replayable: their applied mark is taken out', async () => {
    const t = type();
    const [event] = await EventStore.append(pool, `${t}-${randomUUID()}`, t, [{ type: 'APPROVE', data: {} }], 0);
    const client = await pool.connect();
    const migration = new ParkedEvents1732000028000();
    const runner = { query: (sql: string, params?: unknown[]) => client.query(sql, params) } as unknown as QueryRunner;
    try {
      // in a transaction rolled back at the end: the schema as it was before the migration, with one failure recorded
      await client.query('BEGIN');
      await migration.down(runner);
      await client.query(`INSERT INTO wf_effect_applied (position) VALUES ($1)`, [event?.position]);
      await client.query(`INSERT INTO wf_effect_failed (position, flow, instance_id, event_type, error_code, error, failed_at) VALUES ($1, $2, $3, 'APPROVE', '23503', 'violates foreign key constraint', now() - interval '1 day')`, [
        event?.position,
        t,
        event?.streamId.slice(t.length + 1),
      ]);
      await migration.up(runner);
      const parked = await ParkedEvents.list(client, { subscription: 'workflow-effects' });
      expect(parked.find((p) => p.position === event?.position)).toMatchObject({ transactionId: event?.transactionId, streamId: event?.streamId, streamType: t, eventType: 'APPROVE', errorCode: '23503', error: 'violates foreign key constraint', attempts: 1 });
      expect((await client.query(`SELECT 1 FROM wf_effect_applied WHERE position = $1`, [event?.position])).rows).toEqual([]);
      expect((await client.query(`SELECT to_regclass('wf_effect_failed') AS t`)).rows[0]?.t).toBeNull();
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
