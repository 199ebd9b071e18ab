import type { OnApplicationShutdown } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { redisOutage } from '../../../infrastructure/redis/redis-connections.js';

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
 *
 * While Redis is away the limit degrades to this instance's own counters instead of failing the sign-in (a 500 for
 * everyone during an outage, hardening finding 5): the client fails fast (no offline queue, 1 s command timeout).
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly local = new ThrottlerStorageService();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.redis.status === 'ready') {
      try {
        const record = await this.shared(key, ttl, limit, blockDuration, throttlerName);
        redisOutage.restored(); // a command went through: whatever was wrong is over
        return record;
      } catch (err) {
        redisOutage.lost(err);
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private async shared(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
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
    this.local.onApplicationShutdown();
    // Not quit(): with Redis away it would wait for a connection that is not coming.
    this.redis.disconnect();
  }
}
