import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { REDIS_COMMANDS, redisOutage } from '../../../infrastructure/redis/redis-connections.js';

/** Counters this instance keeps at most while Redis is away; past it the expired are dropped, then the oldest. */
const LOCAL_MAX = 100_000;

/**
 * What a place is taken for: an answer stored, or a device token issued with a paper (without this a script clearing
 * its token could fill `survey_device` from one address).
 */
export type AddressPurpose = 'answer' | 'device';

/**
 * The per-address limits of public questionnaires (docs/adr/0038-questionnaires.md#answering): at most
 * SURVEY_ADDRESS_LIMIT answers and SURVEY_DEVICE_LIMIT device tokens for one questionnaire from one client address per
 * SURVEY_ADDRESS_WINDOW_SECONDS. A place is taken before the
 * answer is written (one INCR in Redis, shared by every instance, so two answers at once cannot both take the last
 * place) and given back when the answer is not stored (a refusal, a repeat), so only stored answers count. Without
 * Redis each instance counts what it saw, like the sign-in limit (docs/adr/0017).
 */
@Injectable()
export class SurveyAddressLimit {
  private readonly local = new Map<string, { count: number; until: number }>();

  constructor(
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private key(surveyId: string, address: string, purpose: AddressPurpose): string {
    return `${this.config.redisPrefix}:${purpose === 'answer' ? 'survey-address' : 'survey-device'}:${surveyId}:${address}`;
  }

  /** Takes a place for an answer (or a device token) from `address`; false when the address has used them all. */
  async take(surveyId: string, address: string, purpose: AddressPurpose = 'answer'): Promise<boolean> {
    const key = this.key(surveyId, address, purpose);
    const limit = purpose === 'answer' ? this.config.surveyAddressLimit : this.config.surveyDeviceLimit;
    const windowMs = Math.ceil(this.config.surveyAddressWindowSeconds * 1000);
    if (this.redis && this.redis.status === 'ready') {
      try {
        // The window starts with the address's first answer: the key is made with its expiry, then counted.
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

  /** Gives back a place taken for an answer that was not stored. */
  async giveBack(surveyId: string, address: string): Promise<void> {
    const key = this.key(surveyId, address, 'answer');
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
