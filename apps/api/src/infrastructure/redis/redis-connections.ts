import { Redis } from 'ioredis';
import { logger } from '../logging/logger.js';

/**
 * The process's view of whether Redis is reachable: one log line when an outage starts and one when it ends, whichever
 * client sees it (the rate limit's, the socket.io adapter's two, BullMQ's) — before, clients without an error listener
 * printed 66 stack traces in 30 s. Listeners can act on the return (re-create job schedulers, tell sockets to catch up).
 */
class RedisOutage {
  private since: number | null = null;
  private readonly restoreHandlers = new Set<() => void>();

  lost(err: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    const e = err as { code?: unknown; message?: unknown };
    logger.warn({ code: e?.code, reason: String(e?.message ?? err).slice(0, 200) }, 'Redis unavailable: sign-in limits per instance, reminders in-process, pushes to other instances delayed until it is back');
  }

  restored(): void {
    if (this.since === null) return;
    logger.info({ seconds: Math.round((Date.now() - this.since) / 100) / 10 }, 'Redis available again');
    this.since = null;
    for (const h of this.restoreHandlers) {
      try {
        h();
      } catch (err) {
        logger.error({ err }, 'a Redis restore handler failed');
      }
    }
  }

  get down(): boolean {
    return this.since !== null;
  }

  onRestore(handler: () => void): () => void {
    this.restoreHandlers.add(handler);
    return () => this.restoreHandlers.delete(handler);
  }
}

export const redisOutage = new RedisOutage();

/** The app's fail-fast Redis client for plain commands (null without REDIS_URL): the rate limit, the health probe. */
export const REDIS_COMMANDS = Symbol('REDIS_COMMANDS');

/** Reconnect soon, then every 2 s at most: Redis's return is noticed within seconds. */
const retryStrategy = (times: number): number => Math.min(times * 200, 2000);

/** Routes a client's errors and returns to the outage tracker (every Redis client of the app goes through here). */
export function watchRedis(client: { on(event: 'error', fn: (err: Error) => void): unknown; on(event: 'ready', fn: () => void): unknown }): void {
  client.on('error', (err) => redisOutage.lost(err));
  client.on('ready', () => redisOutage.restored());
}

/**
 * A client for plain commands that must fail fast while Redis is away (the caller falls back): no offline queue, one
 * retry, a 1 s command timeout.
 */
export function commandClient(url: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, retryStrategy });
  watchRedis(client);
  return client;
}

/** Connection options for BullMQ and socket.io's adapter (their clients must wait for Redis, not fail). */
export function waitingOptions(): { maxRetriesPerRequest: null; retryStrategy: (times: number) => number } {
  return { maxRetriesPerRequest: null, retryStrategy };
}
