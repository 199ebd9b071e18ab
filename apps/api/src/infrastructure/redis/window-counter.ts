import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_COMMANDS, redisOutage } from './redis-connections.js';

/** What a place for one member came to: newly taken, already held by this member (nothing taken), or none left. */
export type MemberPlace = 'taken' | 'held' | 'full';

/**
 * One member's place in a window of distinct members, atomically: a member already in the set holds its place (a
 * repeat takes none); a new member is added unless the set is full; the window starts with the first member.
 */
const TAKE_FOR_MEMBER = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 'held' end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'full' end
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 'taken'`;

/** Counters this instance keeps at most while Redis is away; past it the expired are dropped, then the oldest. */
const LOCAL_MAX = 100_000;

/**
 * Places in a fixed window, counted in Redis so every instance shares them: the limits of what signed-out callers may
 * do (public questionnaires' answers per address, docs/adr/0038; consultation visitors' messages per token and per
 * address, docs/adr/0042). A place is taken before the work (one INCR, so two callers at once cannot both take the
 * last place) and may be given back when the work was not done. The window starts with the key's first place. Without
 * Redis each instance counts what it saw, like the sign-in limit (docs/adr/0017).
 */
@Injectable()
export class WindowCounter {
  private readonly local = new Map<string, { count: number; until: number }>();
  private readonly localMembers = new Map<string, { members: Set<string>; until: number }>();

  constructor(@Inject(REDIS_COMMANDS) private readonly redis: Redis | null) {}

  /**
   * `op` on Redis when it is there: `{ done }` with its answer, or null when Redis is away or failed (the caller then
   * counts in this instance) — the one place the outage is noted and its end heard.
   */
  private async onRedis<T>(op: (redis: Redis) => Promise<T>): Promise<{ done: T } | null> {
    if (!this.redis || this.redis.status !== 'ready') return null;
    try {
      const done = await op(this.redis);
      redisOutage.restored();
      return { done };
    } catch (err) {
      redisOutage.lost(err);
      return null;
    }
  }

  /** Takes a place under `key` (the caller's prefix included); false when `limit` are taken in the window. */
  async take(key: string, limit: number, windowMs: number): Promise<boolean> {
    const shared = await this.onRedis(async (redis) => {
      // The window starts with the first place: the key is made with its expiry, then counted.
      const replies = await redis.multi().set(key, '0', 'PX', windowMs, 'NX').incr(key).exec();
      if (Number(replies?.[1]?.[1] ?? 0) <= limit) return true;
      await redis.decr(key);
      return false;
    });
    if (shared) return shared.done;
    const now = Date.now();
    const held = this.local.get(key);
    const current = held && held.until > now ? held : { count: 0, until: now + windowMs };
    if (current.count >= limit) return false;
    this.trim(now);
    this.local.set(key, { count: current.count + 1, until: current.until });
    return true;
  }

  /** Gives back a place taken for work that was not done. */
  async giveBack(key: string): Promise<void> {
    if (await this.onRedis((redis) => redis.decr(key))) return;
    const held = this.local.get(key);
    if (held && held.count > 0) held.count -= 1;
  }

  /**
   * A place under `key` for `member` among at most `limit` distinct members in the window: the same member again
   * holds the place it took ('held', nothing more taken) — so concurrent repeats of one piece of work (a double
   * click) never use up places that the work, done once, needs only one of.
   */
  async takeFor(key: string, member: string, limit: number, windowMs: number): Promise<MemberPlace> {
    const shared = await this.onRedis(async (redis) => (await redis.eval(TAKE_FOR_MEMBER, 1, key, member, limit, windowMs)) as MemberPlace);
    if (shared) return shared.done;
    const now = Date.now();
    const held = this.localMembers.get(key);
    const current = held && held.until > now ? held : { members: new Set<string>(), until: now + windowMs };
    if (current.members.has(member)) return 'held';
    if (current.members.size >= limit) return 'full';
    this.trim(now);
    current.members.add(member);
    this.localMembers.set(key, current);
    return 'taken';
  }

  /** Gives back the place `member` took (its work was not done). */
  async release(key: string, member: string): Promise<void> {
    if (await this.onRedis((redis) => redis.srem(key, member))) return;
    this.localMembers.get(key)?.members.delete(member);
  }

  private trim(now: number): void {
    for (const map of [this.local, this.localMembers] as Map<string, { until: number }>[]) {
      if (map.size < LOCAL_MAX) continue;
      for (const [k, v] of map) if (v.until <= now) map.delete(k);
      for (const k of map.keys()) {
        if (map.size < LOCAL_MAX) break;
        map.delete(k);
      }
    }
  }
}
