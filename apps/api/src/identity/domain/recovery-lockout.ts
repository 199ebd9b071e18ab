import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { REDIS_COMMANDS, redisOutage } from '../../infrastructure/redis/redis-connections.js';

// One round trip, atomic for each key: count a failure within the window (the window starts with the first); at the
// limit, lock for the lock time and start counting again. Answers the lock's remaining milliseconds (0: not locked).
const FAIL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return tonumber(ARGV[3])
end
return 0`;

/** What a password recovery is counted by: the account as typed (existing or not) and the client's address. */
export interface RecoveryAttempt {
  account: string;
  ip: string;
}

/**
 * Password recovery's lockout (docs/adr/0039-password-recovery.md): failures counted per typed account and per address within
 * PASSWORD_RESET_WINDOW_SECONDS; at PASSWORD_RESET_MAX_FAILURES that account or address is refused for
 * PASSWORD_RESET_LOCK_SECONDS, right evidence or not. Counted in Redis, so every instance sees the same count;
 * without Redis (none configured, or while it is away) this instance counts on its own, like the sign-in limit.
 * Counting the typed account, not a user row, means a lock says nothing about whether the account exists.
 */
@Injectable()
export class RecoveryLockout {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Milliseconds until the attempt's account or address may try again; 0 when neither is locked. */
  async lockedFor(a: RecoveryAttempt): Promise<number> {
    const keys = this.keys(a);
    const redis = this.ready();
    if (redis) {
      try {
        const ttls = await Promise.all([redis.pttl(keys.account.lock), redis.pttl(keys.ip.lock)]);
        redisOutage.restored();
        return Math.max(0, ...ttls);
      } catch (err) {
        redisOutage.lost(err);
      }
    }
    const now = Date.now();
    return Math.max(0, ...[keys.account.lock, keys.ip.lock].map((k) => (this.local.get(k)?.until ?? 0) - now));
  }

  /** Counts a failure for both; answers whether either is now locked. */
  async failed(a: RecoveryAttempt): Promise<boolean> {
    const keys = this.keys(a);
    const { passwordResetWindowSeconds: window, passwordResetMaxFailures: max, passwordResetLockSeconds: lock } = this.config;
    const redis = this.ready();
    if (redis) {
      try {
        const out = await Promise.all([keys.account, keys.ip].map((k) => redis.eval(FAIL, 2, k.count, k.lock, window * 1000, max, lock * 1000) as Promise<number>));
        redisOutage.restored();
        return out.some((ms) => ms > 0);
      } catch (err) {
        redisOutage.lost(err);
      }
    }
    const now = Date.now();
    let locked = false;
    for (const k of [keys.account, keys.ip]) {
      const c = this.local.get(k.count);
      const count = c && c.until > now ? c.count + 1 : 1;
      if (count >= max) {
        this.local.set(k.lock, { count: 0, until: now + lock * 1000 });
        this.local.delete(k.count);
        locked = true;
      } else {
        this.local.set(k.count, { count, until: c && c.until > now ? c.until : now + window * 1000 });
      }
    }
    return locked;
  }

  /** A success clears the account's count (the address's stays: one address recovering many accounts is still counted). */
  async succeeded(a: RecoveryAttempt): Promise<void> {
    const keys = this.keys(a);
    this.local.delete(keys.account.count);
    const redis = this.ready();
    if (!redis) return;
    try {
      await redis.del(keys.account.count);
    } catch (err) {
      redisOutage.lost(err);
    }
  }

  private ready(): Redis | null {
    return this.redis && this.redis.status === 'ready' ? this.redis : null;
  }

  private keys(a: RecoveryAttempt) {
    const base = `${this.config.redisPrefix}:pwd-reset`;
    const account = encodeURIComponent(a.account.toLowerCase());
    const ip = encodeURIComponent(a.ip);
    return {
      account: { count: `${base}:fail:account:${account}`, lock: `${base}:lock:account:${account}` },
      ip: { count: `${base}:fail:ip:${ip}`, lock: `${base}:lock:ip:${ip}` },
    };
  }
}
