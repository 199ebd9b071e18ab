import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { WindowCounter } from '../../infrastructure/redis/window-counter.js';

/**
 * What signed-out visitors may do (docs/adr/0042-online-consultation.md#limits-per-token-and-per-address-shared-with-the-questionnaires), counted in Redis for every instance
 * (WindowCounter): messages per token and per client address within CONSULT_RATE_WINDOW_SECONDS, conversations
 * started from an address within CONSULT_SESSION_WINDOW_SECONDS. Agents are not limited.
 */
@Injectable()
export class VisitorLimits {
  constructor(
    private readonly counter: WindowCounter,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** A place for one message of this token from this address; false (nothing held) when either is used up. */
  async message(token: string, address: string): Promise<boolean> {
    const windowMs = Math.ceil(this.config.consultRateWindowSeconds * 1000);
    const byToken = `${this.config.redisPrefix}:consult-token:${token}`;
    if (!(await this.counter.take(byToken, this.config.consultMessageLimit, windowMs))) return false;
    if (await this.counter.take(`${this.config.redisPrefix}:consult-address:${address}`, this.config.consultAddressMessageLimit, windowMs)) return true;
    await this.counter.giveBack(byToken);
    return false;
  }

  /** A message that was not stored (a resend stored before, a refusal) gives its places back. */
  async messageNotStored(token: string, address: string): Promise<void> {
    await this.counter.giveBack(`${this.config.redisPrefix}:consult-token:${token}`);
    await this.counter.giveBack(`${this.config.redisPrefix}:consult-address:${address}`);
  }

  session(address: string): Promise<boolean> {
    return this.counter.take(`${this.config.redisPrefix}:consult-session:${address}`, this.config.consultAddressSessionLimit, Math.ceil(this.config.consultSessionWindowSeconds * 1000));
  }
}
