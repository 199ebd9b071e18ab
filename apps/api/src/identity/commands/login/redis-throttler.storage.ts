import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

/** What `ThrottlerStorage.increment` answers (the package does not export the type by name). */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

// One round trip, atomic: a blocked key answers at once; otherwise the hit is recorded in a sliding window (a sorted
// set of hit times), old hits dropped, and a key over the limit is blocked for the block duration.
const INCREMENT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {redis.call('ZCARD', KEYS[1]), math.max(redis.call('PTTL', KEYS[1]), 0), 1, blocked}
end
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ttl)
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], ttl)
local hits = redis.call('ZCARD', KEYS[1])
if hits > tonumber(ARGV[3]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[4])
  return {hits, ttl, 1, tonumber(ARGV[4])}
end
return {hits, ttl, 0, 0}`;

let sequence = 0;

/**
 * The sign-in rate limit's counters in Redis, so every instance counts the same attempts from an address (with no
 * REDIS_URL they stay in process memory, per instance: docs/adr/0003). Same semantics as the default storage: a
 * sliding window of `ttl`, blocked for `blockDuration` once over `limit`; times answered in seconds.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => undefined); // surfaced by the command that fails (the sign-in answers an error)
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:throttle:${throttlerName}:${key}`;
    const member = `${Date.now()}-${process.pid}-${sequence++}`;
    const [hits, expireMs, isBlocked, blockMs] = (await this.redis.eval(INCREMENT, 2, `${base}:hits`, `${base}:block`, Date.now(), ttl, limit, blockDuration || ttl, member)) as number[];
    return {
      totalHits: Number(hits),
      timeToExpire: Math.ceil(Number(expireMs) / 1000),
      isBlocked: Number(isBlocked) === 1,
      timeToBlockExpire: Math.ceil(Number(blockMs) / 1000),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
