import type pg from 'pg';
import { type EventRow as Row, toRecorded } from './event-store.js';
import type { PgListener } from './listener.js';
import { type ParkedEvent, PARKED_COLUMNS, toParked } from './parked-events.js';
import { describeError, isTransient } from './transient.js';
import type { RecordedEvent } from './types.js';

/**
 * How a subscription treats a handler that fails with an error that is not transient (docs/adr/0027): the batch is
 * tried again `batchAttempts` times, then its events one at a time; an event failing `eventAttempts` times alone is
 * parked. Every failure waits before the next try, `backoffMs` doubled each time up to `maxBackoffMs` (a transient
 * error is retried the same way, for ever).
 */
export interface RetryPolicy {
  batchAttempts: number;
  eventAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { batchAttempts: 3, eventAttempts: 3, backoffMs: 100, maxBackoffMs: 2_000 };

export interface SubscriptionOptions<T = void> {
  /** Durable name: the checkpoint row's key. */
  name: string;
  /** Only these stream types (all when absent). */
  streamTypes?: string[];
  batchSize?: number;
  /** Poll interval when no notification arrives (notifications make delivery immediate). */
  idleMs?: number;
  /**
   * After a batch smaller than `batchSize`, wait this long before the next one even when more is announced (default 0):
   * under load the events of that time go as one batch instead of a batch per announcement, and a batch's fixed cost
   * (its transaction, its reads, its commit) is paid once for them. A first event after a quiet spell is not delayed;
   * a full batch (a backlog) is followed at once.
   */
  lingerMs?: number;
  /**
   * Called with each batch inside the transaction that advances the checkpoint: database side effects written
   * through `tx` commit together with the checkpoint, so a crash delivers the batch again and nothing twice.
   * What it answers is given to `afterCommit`.
   */
  handle: (events: RecordedEvent[], tx: pg.PoolClient) => Promise<T>;
  /** Called after the batch committed, for effects outside the database (pushes). At most once per batch per process. */
  afterCommit?: (events: RecordedEvent[], handled: T) => Promise<void> | void;
  onError?: (err: unknown) => void;
  /** Told of each event parked. */
  onParked?: (parked: ParkedEvent) => void;
  /**
   * Whether an announcement (`stream:version` items, comma-separated; docs/adr/0011) is worth waking for (all when
   * absent). A subscription that acts on few streams skips the others' wake-ups and passes their events at its idle
   * poll instead, a large batch at a time (docs/adr/0034).
   */
  wakesFor?: (payload: string) => boolean;
  /** The process's shared LISTEN connection; without it the subscription opens its own. */
  listener?: PgListener;
  retry?: Partial<RetryPolicy>;
  /** Which errors are retried for ever instead of parking an event (default: `isTransient`). */
  isTransient?: (err: unknown) => boolean;
}

/** What replaying a parked event came to. */
export type ReplayOutcome =
  | { status: 'replayed'; event: RecordedEvent }
  | { status: 'absent' }
  | { status: 'failed'; errorCode: string; error: string; attempts: number };

export const EVENTS_CHANNEL = 'schoolflow_events';

/** The checkpoint's columns beside each event of a batch (`processBatch`); the event's are null when caught up. */
interface CheckpointColumns {
  cp_transaction_id: string;
  cp_position: string;
}

/** A place in the global order: (transaction id, position). */
interface Cursor {
  transactionId: string;
  position: string;
}

function compare(a: Cursor, b: Cursor): number {
  const tx = BigInt(a.transactionId) - BigInt(b.transactionId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(a.position) - BigInt(b.position);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
}

const PARK_SQL = `INSERT INTO subscription_parked_events
    (subscription, position, transaction_id, stream_id, stream_type, event_type, error_code, error, attempts, first_failed_at, last_failed_at)
  VALUES ($1, $2::bigint, $3::xid8, $4, $5, $6, $7, $8, $9, $10, now())
  ON CONFLICT (subscription, position) DO UPDATE SET error_code = EXCLUDED.error_code, error = EXCLUDED.error,
    attempts = subscription_parked_events.attempts + EXCLUDED.attempts, last_failed_at = EXCLUDED.last_failed_at
  RETURNING ${PARKED_COLUMNS}`;

/** An error of the handler's work (its statements, the checkpoint's move, the commit), not of reading the batch. */
class HandlerFailure {
  constructor(
    readonly error: unknown,
    readonly at: Cursor,
    readonly events: RecordedEvent[],
  ) {}
}

/**
 * A checkpointed subscription to the global event log.
 *
 * Order: events are delivered by (transaction id, position), and only events of transactions older than the
 * oldest transaction still in flight (`pg_snapshot_xmin`). Those transactions are all finished, so that set can
 * never grow below the checkpoint: a position read past an uncommitted append is not skipped; it is delivered once
 * its transaction ends. Within a stream the order is the version order (docs/adr/0005).
 *
 * Exclusivity: each batch locks the checkpoint row (`FOR UPDATE SKIP LOCKED`), so with several instances exactly one
 * processes a subscription at a time and a batch is handled once.
 *
 * No event can stop it (docs/adr/0027): a transient error (the database away, a deadlock) is retried for ever; any
 * other is retried as the retry policy says, then the failing event is found (one at a time) and parked — recorded in
 * `subscription_parked_events` with its error in the transaction that moves the checkpoint past it — and the events
 * after it flow on. `replay` runs the handler for a parked event again.
 */
export class Subscription<T = void> {
  private running = false;
  private wake: (() => void) | undefined;
  private listener: pg.PoolClient | undefined;
  private loop: Promise<void> | undefined;
  private pending = false;
  private backingOff = false;
  private unlisten: (() => void)[] = [];
  private readonly retry: RetryPolicy;
  private readonly transient: (err: unknown) => boolean;
  /** Consecutive failures at one checkpoint, and when the first of them happened. */
  private failure: { at: string; attempts: number; firstAt: Date } | undefined;
  /** Events up to this place are handled one at a time (a batch of them failed). */
  private singleUntil: Cursor | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: SubscriptionOptions<T>,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.transient = options.isTransient ?? isTransient;
  }

  get name(): string {
    return this.options.name;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [this.options.name]);
    const shared = this.options.listener;
    if (shared) {
      this.unlisten = [await shared.on(EVENTS_CHANNEL, (payload) => this.announced(payload)), shared.onReset(() => this.poke())];
    } else {
      this.listener = await this.pool.connect();
      this.listener.on('notification', (msg) => this.announced(msg.payload ?? ''));
      this.listener.on('error', (err) => this.options.onError?.(err));
      await this.listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    }
    this.loop = this.run();
  }

  /** Ask for an immediate poll (e.g. right after this process appended) — unless it is backing off after a failure. */
  poke(): void {
    this.pending = true;
    if (!this.backingOff) this.wake?.();
  }

  private announced(payload: string): void {
    if (!this.options.wakesFor || this.options.wakesFor(payload)) this.poke();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    for (const off of this.unlisten.splice(0)) off();
    if (this.listener) {
      const listener = this.listener;
      this.listener = undefined;
      try {
        await listener.query(`UNLISTEN ${EVENTS_CHANNEL}`);
        listener.release();
      } catch (err) {
        // The database may already be gone (it is shutting down too): drop the connection instead of reusing it.
        listener.release(err instanceof Error ? err : true);
      }
    }
  }

  /**
   * Processes everything available now; answers how many events were handled (a parked one counts). Used by tests and
   * tools. A failure is thrown (and counted toward parking, as in the running loop): call again to go on.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.processBatch();
      if (n <= 0) return total;
      total += n;
    }
  }

  /**
   * Runs the handler for one parked event of this subscription again, in a transaction that removes it from the parked
   * events when it succeeds (then `afterCommit`). A failure that is not transient is recorded on the parked event (its
   * error, one more attempt) and answered; a transient one is thrown. Absent: nothing parked at that position (replayed
   * meanwhile, or never parked). The handler must be idempotent, as for a batch delivered again.
   */
  async replay(position: string): Promise<ReplayOutcome> {
    const client = await this.pool.connect();
    let event: RecordedEvent;
    let handled: T;
    try {
      try {
        await client.query('BEGIN');
        // locked: two replays of one event at once run one after the other; the second finds it gone
        const parked = await client.query(`SELECT 1 FROM subscription_parked_events WHERE subscription = $1 AND position = $2::bigint FOR UPDATE`, [this.options.name, position]);
        const rows = parked.rows.length === 0 ? [] : (await client.query<Row>(
          `SELECT position::text AS position, transaction_id::text AS transaction_id, stream_id, stream_type, version, type, data, metadata, recorded_at
             FROM events WHERE position = $1::bigint`,
          [position],
        )).rows;
        const row = rows[0];
        if (!row) {
          await client.query('ROLLBACK');
          return { status: 'absent' };
        }
        event = toRecorded(row);
        handled = await this.options.handle([event], client);
        await client.query(`DELETE FROM subscription_parked_events WHERE subscription = $1 AND position = $2::bigint`, [this.options.name, position]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (this.transient(err)) throw err;
        const { code, message } = describeError(err);
        // in a statement of its own: the attempt's transaction is gone
        const updated = await client.query<{ attempts: number }>(
          `UPDATE subscription_parked_events SET error_code = $3, error = $4, attempts = attempts + 1, last_failed_at = now()
            WHERE subscription = $1 AND position = $2::bigint RETURNING attempts`,
          [this.options.name, position, code, message],
        );
        const attempts = updated.rows[0]?.attempts;
        return attempts === undefined ? { status: 'absent' } : { status: 'failed', errorCode: code, error: message, attempts };
      }
    } finally {
      client.release();
    }
    await this.after([event], handled);
    return { status: 'replayed', event };
  }

  private async run(): Promise<void> {
    let backoff = this.retry.backoffMs;
    while (this.running) {
      try {
        this.pending = false;
        const n = await this.processBatch();
        backoff = this.retry.backoffMs;
        const linger = this.options.lingerMs ?? 0;
        // not while a failed batch is taken apart one event at a time: those events are there already
        if (n > 0 && linger > 0 && !this.singleUntil && n < this.batchSize) {
          await this.sleep(linger, true);
          continue;
        }
        if (n > 0 || this.pending) continue;
        // -1: another instance holds the subscription; poll at the idle pace.
        await this.sleep(this.options.idleMs ?? 1000);
      } catch (err) {
        this.options.onError?.(err);
        // new events do not cut a backoff short (a failing batch would be retried as often as appends arrive); stop does
        this.backingOff = true;
        try {
          await this.sleep(backoff);
        } finally {
          this.backingOff = false;
        }
        // oxlint-disable-next-line eslint/no-useless-assignment -- false positive: the next batch can throw before the reset above, and its sleep reads this
        backoff = Math.min(backoff * 2, this.retry.maxBackoffMs);
      }
    }
  }

  /**
   * Waits `ms`, cut short by stop and — unless lingering — by an announcement; a linger leaves what is announced
   * meanwhile to the next batch.
   */
  private sleep(ms: number, lingering = false): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = lingering
        ? () => {
            if (!this.running) done();
          }
        : done;
    });
  }

  /** Events per batch at most (`batchSize`, 200 by default). */
  private get batchSize(): number {
    return this.options.batchSize ?? 200;
  }

  /**
   * One batch in one transaction. Answers the count handled (or parked), 0 when caught up, -1 when another holder has it.
   *
   * Two round trips besides the handler's own statements (docs/adr/0034): the transaction's start, the checkpoint's lock
   * and the batch's read go as one simple-protocol message, and so do the checkpoint's move and the commit. Every
   * value written into their text is the subscription's own (its name and stream types, quoted by the driver) or a
   * number PostgreSQL answered (checked as digits): nothing a user wrote.
   */
  private async processBatch(): Promise<number> {
    let done: { events: RecordedEvent[]; handled: T } | HandlerFailure;
    const client = await this.pool.connect();
    try {
      const results = (await client.query(`BEGIN; ${this.batchSql(client)}`)) as unknown as pg.QueryResult<Row & CheckpointColumns>[];
      const rows = results[1]?.rows ?? [];
      const first = rows[0];
      if (!first) {
        await client.query('ROLLBACK');
        return -1;
      }
      const at: Cursor = { transactionId: first.cp_transaction_id, position: first.cp_position };
      this.oneAtATime(at); // forgets the one-at-a-time stretch once the checkpoint is past it
      const events = first.position === null ? [] : rows.map(toRecorded);
      const last = events[events.length - 1];
      if (!last) {
        await client.query('ROLLBACK');
        return 0;
      }
      try {
        const handled = await this.options.handle(events, client);
        await client.query(`${this.checkpointSql(client, last.transactionId, last.position)}; COMMIT`);
        done = { events, handled };
      } catch (err) {
        throw new HandlerFailure(err, at, events);
      }
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (!(err instanceof HandlerFailure)) throw err;
      done = err;
    } finally {
      client.release();
    }
    if (done instanceof HandlerFailure) return this.failed(done);
    this.failure = undefined;
    await this.after(done.events, done.handled);
    return done.events.length;
  }

  /**
   * The checkpoint, locked (no row: another instance holds it), with the batch after it: events of transactions older
   * than the oldest still in flight, by (transaction id, position). The horizon is the statement's own snapshot's,
   * taken before the lock gives this transaction an id, so it never holds itself back. One row with no event: caught up.
   */
  private batchSql(client: pg.PoolClient): string {
    const types = this.options.streamTypes;
    // After a failed batch its events go one at a time until the checkpoint passes it (oneAtATime, once read).
    const limit = this.singleUntil ? 1 : this.batchSize;
    return `WITH cp AS (SELECT transaction_id, position FROM subscription_checkpoints WHERE name = ${client.escapeLiteral(this.options.name)} FOR UPDATE SKIP LOCKED)
      SELECT cp.transaction_id::text AS cp_transaction_id, cp.position::text AS cp_position,
             e.position::text AS position, e.transaction_id::text AS transaction_id, e.stream_id, e.stream_type, e.version,
             e.type, e.data, e.metadata, e.recorded_at
        FROM cp LEFT JOIN LATERAL (
          SELECT * FROM events e
           WHERE (e.transaction_id, e.position) > (cp.transaction_id, cp.position)
             AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ${types ? `AND e.stream_type = ANY(ARRAY[${types.map((t) => client.escapeLiteral(t)).join(', ')}]::text[])` : ''}
           -- the columns themselves, not the text aliases of the select list: "100" < "99"
           ORDER BY e.transaction_id, e.position
           LIMIT ${limit}) e ON true
       ORDER BY e.transaction_id, e.position`;
  }

  private checkpointSql(client: pg.PoolClient, transactionId: string, position: string): string {
    if (!/^\d+$/.test(transactionId) || !/^\d+$/.test(position)) throw new Error(`not a place in the event log: ${transactionId}:${position}`);
    return `UPDATE subscription_checkpoints SET transaction_id = '${transactionId}'::xid8, position = ${position}::bigint, updated_at = now()
             WHERE name = ${client.escapeLiteral(this.options.name)}`;
  }

  private async after(events: RecordedEvent[], handled: T): Promise<void> {
    if (!this.options.afterCommit) return;
    try {
      await this.options.afterCommit(events, handled);
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  /** Whether the batch at this checkpoint is taken one event at a time (a batch of them failed). */
  private oneAtATime(at: Cursor): boolean {
    if (!this.singleUntil) return false;
    if (compare(at, this.singleUntil) < 0) return true;
    this.singleUntil = undefined;
    return false;
  }

  /**
   * A failed batch: a transient error is thrown (retried for ever); another counts against this checkpoint — a batch
   * that failed often enough is taken apart, a lone event that did is parked (answered as one handled). Until then
   * the error is thrown and the caller tries again after its backoff.
   */
  private async failed({ error, at, events }: HandlerFailure): Promise<number> {
    if (this.transient(error)) throw error;
    const key = `${at.transactionId}:${at.position}`;
    const failure = this.failure?.at === key ? this.failure : (this.failure = { at: key, attempts: 0, firstAt: new Date() });
    failure.attempts++;
    const [first] = events;
    const last = events[events.length - 1];
    if (events.length > 1 || !first || !last) {
      if (failure.attempts >= this.retry.batchAttempts && last) {
        this.singleUntil = { transactionId: last.transactionId, position: last.position };
        failure.attempts = 0; // the first event's own tries start now
      }
      throw error;
    }
    if (failure.attempts < this.retry.eventAttempts) throw error;
    await this.park(at, first, error, failure.attempts, failure.firstAt);
    this.failure = undefined;
    return 1;
  }

  /** Records the event as parked and moves the checkpoint past it, in one transaction — unless someone moved it meanwhile. */
  private async park(at: Cursor, event: RecordedEvent, error: unknown, attempts: number, firstAt: Date): Promise<void> {
    const { code, message } = describeError(error);
    const client = await this.pool.connect();
    let parked: ParkedEvent | undefined;
    try {
      await client.query('BEGIN');
      const cp = await client.query<{ transaction_id: string; position: string }>(
        `SELECT transaction_id::text, position::text FROM subscription_checkpoints WHERE name = $1 FOR UPDATE SKIP LOCKED`,
        [this.options.name],
      );
      const now = cp.rows[0];
      if (!now || now.transaction_id !== at.transactionId || now.position !== at.position) {
        await client.query('ROLLBACK');
        return;
      }
      const rows = await client.query(PARK_SQL, [this.options.name, event.position, event.transactionId, event.streamId, event.streamType, event.type, code, message, attempts, firstAt]);
      await client.query(`UPDATE subscription_checkpoints SET transaction_id = $2::xid8, position = $3::bigint, updated_at = now() WHERE name = $1`, [
        this.options.name,
        event.transactionId,
        event.position,
      ]);
      await client.query('COMMIT');
      parked = rows.rows[0] ? toParked(rows.rows[0]) : undefined;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    if (parked) this.options.onParked?.(parked);
  }
}
