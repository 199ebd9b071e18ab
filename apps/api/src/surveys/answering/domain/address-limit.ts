import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { WindowCounter } from '../../../infrastructure/redis/window-counter.js';

/**
 * What a place is taken for: an answer stored, or a device token issued with a paper (without this a script clearing
 * its token could fill `survey_device` from one address).
 */
export type AddressPurpose = 'answer' | 'device';

/**
 * The per-address limits of public questionnaires (docs/adr/0038-questionnaires.md#answering): at most
 * SURVEY_ADDRESS_LIMIT answers and SURVEY_DEVICE_LIMIT device tokens for one questionnaire from one client address per
 * SURVEY_ADDRESS_WINDOW_SECONDS. A place is taken before the answer is written (WindowCounter: shared by every
 * instance through Redis) and given back when the answer is not stored (a refusal, a repeat), so only stored answers
 * count.
 */
@Injectable()
export class SurveyAddressLimit {
  constructor(
    private readonly counter: WindowCounter,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private key(surveyId: string, address: string, purpose: AddressPurpose): string {
    return `${this.config.redisPrefix}:${purpose === 'answer' ? 'survey-address' : 'survey-device'}:${surveyId}:${address}`;
  }

  /** Takes a place for an answer (or a device token) from `address`; false when the address has used them all. */
  take(surveyId: string, address: string, purpose: AddressPurpose = 'answer'): Promise<boolean> {
    const limit = purpose === 'answer' ? this.config.surveyAddressLimit : this.config.surveyDeviceLimit;
    return this.counter.take(this.key(surveyId, address, purpose), limit, Math.ceil(this.config.surveyAddressWindowSeconds * 1000));
  }

  /** Gives back a place taken for an answer that was not stored. */
  giveBack(surveyId: string, address: string): Promise<void> {
    return this.counter.giveBack(this.key(surveyId, address, 'answer'));
  }
}
