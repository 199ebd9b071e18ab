import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_COMMANDS, redisOutage } from './redis-connections.js';

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

  constructor(@Inject(REDIS_COMMANDS) private readonly redis: Redis | null) {}

  /** Takes a place under `key` (the caller's prefix included); false when `limit` are taken in the window. */
  async take(key: string, limit: number, windowMs: number): Promise<boolean> {
    if (this.redis && this.redis.status === 'ready') {
      try {
        // The window starts with the first place: the key is made with its expiry, then counted.
        const replies = await this.redis.multi().set(key, '0', 'PX', windowMs, 'NX').incr(key).exec();
        const count = Number(replies?.[1]?.[1] ?? 0);
        redisOutage.restored();
        if (count > limit) {
          await this.redis.decr(key);
          return false;
        }
        return true;
      } catch (err) {
        redisOutage.lost(err);
      }
    }
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
    if (this.redis && this.redis.status === 'ready') {
      try {
        await this.redis.decr(key);
        return;
      } catch (err) {
        redisOutage.lost(err);
      }
    }
    const held = this.local.get(key);
    if (held && held.count > 0) held.count -= 1;
  }

  private trim(now: number): void {
    if (this.local.size < LOCAL_MAX) return;
    for (const [k, v] of this.local) if (v.until <= now) this.local.delete(k);
    for (const k of this.local.keys()) {
      if (this.local.size < LOCAL_MAX) break;
      this.local.delete(k);
    }
  }
}
