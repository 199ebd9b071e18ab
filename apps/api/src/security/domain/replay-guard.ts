import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { REDIS_COMMANDS, redisOutage } from '../../infrastructure/redis/redis-connections.js';

/** Body keys this instance remembers at most while Redis is away (a few MB); past it the oldest are dropped. */
const LOCAL_MAX = 200_000;

/**
 * Refuses a body key seen before within the replay window: one `SET NX PX` in Redis, shared by every instance, kept
 * until the sign's time leaves the window. Without Redis (none configured, or while it is away) this instance
 * remembers the keys it saw itself, like the sign-in limit (docs/adr/0017): a replay sent to another instance during
 * an outage is then not noticed — the cost of not refusing every encrypted call while Redis is down (docs/adr/0036).
 */
@Injectable()
export class ReplayGuard {
  private readonly local = new Map<string, number>();

  constructor(
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** True the first time a key is offered within `rememberMs`, false for a replay. */
  async firstUse(bodyKey: string, rememberMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.redis && this.redis.status === 'ready') {
      try {
        const set = await this.redis.set(`${this.config.redisPrefix}:sign:${bodyKey}`, '1', 'PX', Math.ceil(rememberMs), 'NX');
        redisOutage.restored();
        // Remembered here too, so a replay right after Redis goes away is still refused on this instance.
        if (set === 'OK') this.remember(bodyKey, now + rememberMs, now);
        return set === 'OK';
      } catch (err) {
        redisOutage.lost(err);
      }
    }
    const until = this.local.get(bodyKey);
    if (until !== undefined && until > now) return false;
    this.remember(bodyKey, now + rememberMs, now);
    return true;
  }

  private remember(bodyKey: string, until: number, now: number): void {
    if (this.local.size >= LOCAL_MAX) {
      for (const [k, u] of this.local) if (u <= now) this.local.delete(k);
      // Still full of live keys: drop the oldest inserted (Map keeps insertion order).
      for (const k of this.local.keys()) {
        if (this.local.size < LOCAL_MAX) break;
        this.local.delete(k);
      }
    }
    this.local.set(bodyKey, until);
  }
}
