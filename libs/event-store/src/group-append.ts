import type pg from 'pg';
import { type AppendRequest, EventStore } from './event-store.js';
import { prepared } from './prepared.js';
import { ConcurrencyError, type Queryable, type RecordedEvent } from './types.js';

export interface GroupAppendOptions {
  /** Statements in flight at once at most, each on its own connection (default 2). */
  lanes?: number;
  /** Appends per statement at most (default 16). */
  maxGroup?: number;
  /**
   * A further lane is taken only when every busy one has been in flight this long (a lock wait, a slow disk), or a full
   * group waits; until then what arrives waits and goes as one larger statement (default 20 ms; docs/adr/0075).
   */
  spareAfterMs?: number;
}

interface Pending {
  request: AppendRequest;
  resolve: (events: RecordedEvent[]) => void;
  reject: (err: unknown) => void;
}

/** A connection kept by a lane: its statements are prepared there once and planned generically (docs/adr/0012). */
class Lane {
  private client: pg.PoolClient | undefined;
  private queries: Queryable | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /** A Queryable on the lane's connection, with statements prepared by name (their text is built from code only). */
  async db(): Promise<Queryable> {
    if (!this.client || !this.queries) {
      const client = await this.pool.connect();
      try {
        // A group statement's text varies with its make-up: plan each once per connection, not five times first.
        await client.query(`SET plan_cache_mode = force_generic_plan`);
      } catch (err) {
        client.release(err instanceof Error ? err : true);
        throw err;
      }
      // The connection broke while idle (the server restarted, an administrator ended it): drop it now, so the next
      // append connects anew instead of failing on it.
      client.on('error', (err) => this.drop(client, err));
      this.client = client;
      this.queries = prepared(client, 'sf_g');
    }
    return this.queries;
  }

  /**
   * After an error: a statement's error (a SQLSTATE) or a stale version keeps the connection; anything else — a socket
   * error (ECONNRESET, ...), a client no longer queryable, a terminated backend — drops it; the next use connects anew.
   */
  failed(err: unknown): void {
    if (err instanceof ConcurrencyError || !this.client) return;
    const code = String((err as { code?: unknown }).code ?? '');
    // SQLSTATE classes 08 (connection exception) and 57 (operator intervention: terminated, shutting down) end it too.
    if (/^[0-9A-Z]{5}$/.test(code) && !/^(08|57)/.test(code)) return;
    this.drop(this.client, err);
  }

  private drop(client: pg.PoolClient, err: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.queries = undefined;
    client.release(err instanceof Error ? err : true);
  }

  release(): void {
    this.client?.release();
    this.client = undefined;
    this.queries = undefined;
  }
}

/**
 * Group commit of appends (docs/adr/0012). An append goes at once when a lane is free — alone, exactly as
 * `EventStore.append` — and otherwise waits for one; whatever waited is then sent together as one statement
 * (`EventStore.appendMany`): one round trip, one wake-up of PostgreSQL and one commit for many commands, instead of
 * one each. Under no load nothing waits; under load the groups grow with it.
 *
 * Each append keeps its own outcome: its own version check (ConcurrencyError for a stale one, nothing written), and
 * if the group's statement fails as a whole, its appends are run again one by one, so only the faulty one fails.
 * Two appends to the same stream never share a statement or run at once: the later waits for the earlier.
 */
export class GroupAppender {
  private readonly lanes: Lane[];
  private readonly maxGroup: number;
  private readonly spareAfterMs: number;
  private queue: Pending[] = [];
  private readonly inFlight = new Set<string>();
  /** The busy lanes, each with when its statement went (`performance.now()`); the others are free. */
  private readonly busySince = new Map<Lane, number>();
  private spareTimer: NodeJS.Timeout | undefined;
  private spareDue = 0;
  private closed = false;

  constructor(pool: pg.Pool, options: GroupAppendOptions = {}) {
    this.lanes = Array.from({ length: Math.max(1, options.lanes ?? 2) }, () => new Lane(pool));
    this.maxGroup = Math.max(1, options.maxGroup ?? 16);
    this.spareAfterMs = Math.max(0, options.spareAfterMs ?? 20);
  }

  append(request: AppendRequest): Promise<RecordedEvent[]> {
    if (this.closed) return Promise.reject(new Error('the appender is closed'));
    if (request.events.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  /** Releases the lanes' connections once nothing is in flight (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    // what waits goes now, on every lane
    this.pump();
    while (this.busySince.size > 0 || this.queue.length > 0) await new Promise((r) => setTimeout(r, 5));
    clearTimeout(this.spareTimer);
    for (const lane of this.lanes) lane.release();
  }

  /**
   * Sends what waits on a free lane. A lane is taken while none is busy (an idle system waits for nothing), and a
   * further one only for a full group or when every busy lane has been in flight `spareAfterMs`: two statements in
   * flight on two cores split the load into smaller groups, each paying its round trip, wake-up and commit
   * (docs/adr/0075), while one lane stuck on a lock must not hold every command up.
   */
  private pump(): void {
    while (this.busySince.size < this.lanes.length && this.queue.length > 0) {
      const group: Pending[] = [];
      const streams = new Set<string>();
      const rest: Pending[] = [];
      for (const p of this.queue) {
        const id = p.request.streamId;
        if (group.length < this.maxGroup && !streams.has(id) && !this.inFlight.has(id)) {
          group.push(p);
          streams.add(id);
        } else rest.push(p);
      }
      // what waits is all for streams in flight: it goes when they end
      if (group.length === 0) return;
      // counted on the group that could go, not the queue: appends held back by their stream make no full group
      const wait = this.closed || group.length >= this.maxGroup ? 0 : this.spareWait();
      if (wait > 0) {
        this.wakeIn(wait);
        return;
      }
      this.queue = rest;
      const lane = this.lanes.find((l) => !this.busySince.has(l)) as Lane;
      this.busySince.set(lane, performance.now());
      for (const id of streams) this.inFlight.add(id);
      void this.run(lane, group).finally(() => {
        for (const id of streams) this.inFlight.delete(id);
        this.busySince.delete(lane);
        this.pump();
      });
    }
  }

  /** How long what waits should still wait for a busy lane before a free one is taken: 0 to go now. */
  private spareWait(): number {
    if (this.busySince.size === 0) return 0;
    const newest = Math.max(...this.busySince.values());
    return Math.max(0, newest + this.spareAfterMs - performance.now());
  }

  /** Pumps again in `ms`, or sooner if a timer already is due sooner (a monotonic clock: a stepped one stalls nothing). */
  private wakeIn(ms: number): void {
    const due = performance.now() + ms;
    if (this.spareTimer && this.spareDue <= due) return;
    clearTimeout(this.spareTimer);
    this.spareDue = due;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = undefined;
      this.pump();
    }, ms).unref();
  }

  private async run(lane: Lane, group: Pending[]): Promise<void> {
    let db: Queryable;
    try {
      db = await lane.db();
    } catch (err) {
      for (const p of group) p.reject(err);
      return;
    }
    if (group.length > 1) {
      // Ordered by kind, so the statement's text depends on its make-up only (prepared once per make-up).
      const ordered = [...group].sort((a, b) => kindOf(a.request).localeCompare(kindOf(b.request)));
      try {
        const outcomes = await EventStore.appendMany(db, ordered.map((p) => p.request));
        ordered.forEach((p, i) => {
          const o = outcomes[i];
          if (Array.isArray(o)) p.resolve(o);
          else p.reject(o);
        });
        return;
      } catch (err) {
        lane.failed(err);
        // One of them failed the statement (or the connection did): each alone now, for its own outcome.
        try {
          db = await lane.db();
        } catch (again) {
          for (const p of group) p.reject(again);
          return;
        }
      }
    }
    for (const p of group) {
      const r = p.request;
      try {
        p.resolve(await EventStore.appendRequest(db, r));
      } catch (err) {
        p.reject(err);
        lane.failed(err);
        try {
          db = await lane.db(); // the same connection unless it broke
        } catch {
          // the next append of this group fails on the broken lane and says why
        }
      }
    }
  }
}

function kindOf(r: AppendRequest): string {
  return `${r.shape ?? ''}:${r.events.length}:${r.options?.announcedByCaller ? 1 : 0}`;
}
