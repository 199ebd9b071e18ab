import type pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/**
 * One LISTEN connection per process, shared by every channel. PostgreSQL wakes every listening backend of a
 * database on each NOTIFY whatever its channel, so one connection instead of one per consumer is one wake-up per
 * committed append instead of several.
 *
 * `live` is true only while the connection is up and LISTENing on every registered channel. Whatever was missed
 * while it was down cannot be known, so consumers that cache from notifications must not trust their cache when
 * not live, and `onReset` handlers run whenever the connection is lost or comes back (caches clear themselves).
 */
export class PgListener {
  private client: pg.PoolClient | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly resets = new Set<() => void>();
  private running = false;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private isLive = false;
  /** The round trip in flight on the LISTEN connection, and the one queued to start after it (sync). */
  private syncing: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** How long a sync waits for its round trip before the connection is taken for lost (a socket dropped silently). */
    private readonly syncTimeoutMs = 2_000,
  ) {}

  get live(): boolean {
    return this.isLive;
  }

  /** Registers a handler; LISTENs on the channel if the connection is up. Answers the unregistration. */
  async on(channel: string, handler: NotificationHandler): Promise<() => void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      if (this.client) await this.client.query(`LISTEN ${channel}`);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Called when notifications may have been missed (connection lost or re-established). */
  onReset(handler: () => void): () => void {
    this.resets.add(handler);
    return () => {
      this.resets.delete(handler);
    };
  }

  async start(): Promise<void> {
    if (this.running) return this.connecting;
    this.running = true;
    this.connecting = this.connect();
    return this.connecting;
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    this.setLive(false);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners('notification');
    try {
      await client.query('UNLISTEN *');
      client.release();
    } catch (err) {
      // The database may already be gone (it is shutting down too): drop the connection instead of reusing it.
      client.release(err instanceof Error ? err : true);
    }
  }

  /**
   * Resolves once every notification committed before the call has been delivered to the handlers: true, or false
   * when the connection is not live (nothing can be known of what was missed). PostgreSQL sends a listening session's
   * pending notifications before it reads its next query, so the answer of a query sent after the call comes after
   * them on the same socket. Callers at once share one round trip: a caller arriving while one is in flight (sent,
   * perhaps, before that caller's commit was announced) waits for the next, which all of them share.
   */
  sync(): Promise<boolean> {
    const client = this.client;
    if (!client || !this.isLive) return Promise.resolve(false);
    if (!this.syncing) {
      let timer: NodeJS.Timeout | undefined;
      // A connection dropped without a word (a NAT, a failover) would hold every caller until TCP gives up: past the
      // timeout it is taken for lost — callers hear false, and it is connected again.
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => {
          this.lost(client, new Error(`the LISTEN connection did not answer within ${this.syncTimeoutMs} ms`));
          resolve(false);
        }, this.syncTimeoutMs);
      });
      const answered = client.query('SELECT 1').then(
        () => this.client === client && this.isLive,
        () => false,
      );
      this.syncing = Promise.race([answered, late]).finally(() => clearTimeout(timer));
      void this.syncing.then(() => (this.syncing = undefined));
      return this.syncing;
    }
    this.queued ??= this.syncing.then(() => {
      this.queued = undefined;
      return this.sync();
    });
    return this.queued;
  }

  /** Runs this process's handlers of a channel as if the payload had been notified (announcements of its own writes). */
  deliverLocally(channel: string, payload: string): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    for (const h of set) {
      try {
        h(payload);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    try {
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      // The database went away again between connecting and listening: drop this connection, the caller retries.
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    client.on('notification', (msg) => this.deliverLocally(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listener connection ended')));
    this.client = client;
    this.setLive(true);
  }

  private lost(client: pg.PoolClient, err: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.setLive(false);
    client.release(err instanceof Error ? err : true);
    if (!this.running) return;
    this.onError(err);
    const again = (): void => {
      if (!this.running) return;
      this.connect().catch((e: unknown) => {
        this.onError(e);
        this.retry = setTimeout(again, 1000);
      });
    };
    this.retry = setTimeout(again, 100);
  }

  private setLive(live: boolean): void {
    if (this.isLive === live && !live) return;
    this.isLive = live;
    for (const r of this.resets) {
      try {
        r();
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
