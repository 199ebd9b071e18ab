import type pg from 'pg';
import { type EventRow as Row, toRecorded } from './event-store.js';
import type { PgListener } from './listener.js';
import type { RecordedEvent } from './types.js';

export interface SubscriptionOptions {
  /** Durable name: the checkpoint row's key. */
  name: string;
  /** Only these stream types (all when absent). */
  streamTypes?: string[];
  batchSize?: number;
  /** Poll interval when no notification arrives (notifications make delivery immediate). */
  idleMs?: number;
  /**
   * Called with each batch inside the transaction that advances the checkpoint: database side effects written
   * through `tx` commit together with the checkpoint, so a crash delivers the batch again and nothing twice.
   */
  handle: (events: RecordedEvent[], tx: pg.PoolClient) => Promise<void>;
  /** Called after the batch committed, for effects outside the database (pushes). At most once per batch per process. */
  afterCommit?: (events: RecordedEvent[]) => Promise<void> | void;
  onError?: (err: unknown) => void;
  /** The process's shared LISTEN connection; without it the subscription opens its own. */
  listener?: PgListener;
}


export const EVENTS_CHANNEL = 'schoolflow_events';

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
 */
export class Subscription {
  private running = false;
  private wake: (() => void) | undefined;
  private listener: pg.PoolClient | undefined;
  private loop: Promise<void> | undefined;
  private pending = false;
  private unlisten: (() => void)[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: SubscriptionOptions,
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.pool.query(`INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING`, [this.options.name]);
    const shared = this.options.listener;
    if (shared) {
      this.unlisten = [await shared.on(EVENTS_CHANNEL, () => this.poke()), shared.onReset(() => this.poke())];
    } else {
      this.listener = await this.pool.connect();
      this.listener.on('notification', () => this.poke());
      this.listener.on('error', (err) => this.options.onError?.(err));
      await this.listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    }
    this.loop = this.run();
  }

  /** Ask for an immediate poll (e.g. right after this process appended). */
  poke(): void {
    this.pending = true;
    this.wake?.();
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

  /** Processes everything available now; answers how many events were handled. Used by tests and tools. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.processBatch();
      if (n <= 0) return total;
      total += n;
    }
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (this.running) {
      try {
        this.pending = false;
        const n = await this.processBatch();
        backoff = 100;
        if (n > 0 || this.pending) continue;
        // -1: another instance holds the subscription; poll at the idle pace.
        await this.sleep(this.options.idleMs ?? 1000);
      } catch (err) {
        this.options.onError?.(err);
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 2_000);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** One batch in one transaction. Answers the count handled, 0 when caught up, -1 when another holder has it. */
  private async processBatch(): Promise<number> {
    const client = await this.pool.connect();
    let events: RecordedEvent[];
    try {
      // Taken before any lock so this transaction's own xid does not hold back the horizon.
      const horizon = await client.query<{ xmin: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
      await client.query('BEGIN');
      const cp = await client.query<{ transaction_id: string; position: string }>(
        `SELECT transaction_id::text, position::text FROM subscription_checkpoints WHERE name = $1 FOR UPDATE SKIP LOCKED`,
        [this.options.name],
      );
      const checkpoint = cp.rows[0];
      if (!checkpoint) {
        await client.query('ROLLBACK');
        return -1;
      }
      const types = this.options.streamTypes;
      const rows = await client.query<Row>(
        // Order by the columns themselves (e.position), not the text aliases of the select list: "100" < "99".
        `SELECT e.position::text AS position, e.transaction_id::text AS transaction_id, e.stream_id, e.stream_type, e.version,
                e.type, e.data, e.metadata, e.recorded_at
           FROM events e
          WHERE (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
            AND e.transaction_id < $3::xid8
            ${types ? 'AND e.stream_type = ANY($5::text[])' : ''}
          ORDER BY e.transaction_id, e.position
          LIMIT $4`,
        types
          ? [checkpoint.transaction_id, checkpoint.position, horizon.rows[0]?.xmin, this.options.batchSize ?? 200, types]
          : [checkpoint.transaction_id, checkpoint.position, horizon.rows[0]?.xmin, this.options.batchSize ?? 200],
      );
      events = rows.rows.map(toRecorded);
      const last = events[events.length - 1];
      if (!last) {
        await client.query('ROLLBACK');
        return 0;
      }
      await this.options.handle(events, client);
      await client.query(
        `UPDATE subscription_checkpoints SET transaction_id = $2::xid8, position = $3::bigint, updated_at = now() WHERE name = $1`,
        [this.options.name, last.transactionId, last.position],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    if (this.options.afterCommit) {
      try {
        await this.options.afterCommit(events);
      } catch (err) {
        this.options.onError?.(err);
      }
    }
    return events.length;
  }
}
