import { Redis } from 'ioredis';
import { Outage } from '../outage.js';

/**
 * Whether Redis is reachable, as this process sees it: every Redis client of the app reports here (the rate limit's,
 * the socket.io adapter's two, BullMQ's), and any command that succeeds ends an outage.
 */
export const redisOutage = new Outage('Redis', 'sign-in limits and request replays checked per instance, reminders in-process, pushes to other instances delayed until it is back');

/** The app's fail-fast Redis client for plain commands (null without REDIS_URL): the rate limit, the health probe. */
export const REDIS_COMMANDS = Symbol('REDIS_COMMANDS');

/** Reconnect soon, then every 2 s at most: Redis's return is noticed within seconds. */
const retryStrategy = (times: number): number => Math.min(times * 200, 2000);

/**
 * How long a disconnected client waits for its socket to close before destroying it (ioredis's default: 2 s). The
 * socket of a client that could not reach Redis has closed already and reports no close again, so each such client
 * kept a stopped process up 2 s more (docs/adr/0082). A socket to Redis, near or far, closes well within this.
 */
const disconnectTimeout = 200;

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
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, retryStrategy, disconnectTimeout });
  watchRedis(client);
  return client;
}

/** Connection options for BullMQ and socket.io's adapter (their clients must wait for Redis, not fail). */
export function waitingOptions(): { maxRetriesPerRequest: null; retryStrategy: (times: number) => number; disconnectTimeout: number } {
  return { maxRetriesPerRequest: null, retryStrategy, disconnectTimeout };
}
