import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { type MemberPlace, WindowCounter } from '../../../infrastructure/redis/window-counter.js';

/**
 * What a place is taken for: an answer stored, or a device token issued with a paper (without this a script clearing
 * its token could fill `survey_device` from one address).
 */
type AddressPurpose = 'answer' | 'device';

/**
 * The per-address limits of public questionnaires (docs/adr/0038-questionnaires.md#answering): at most
 * SURVEY_ADDRESS_LIMIT answers and SURVEY_DEVICE_LIMIT device tokens for one questionnaire from one client address per
 * SURVEY_ADDRESS_WINDOW_SECONDS, shared by every instance through Redis (WindowCounter). An answer's place is its
 * respondent's: taken before the answer is written, held — not taken again — by the same respondent's repeats (five
 * submits of one double click use one place), kept when the respondent turns out to have answered already, and given
 * back only when the answer failed.
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

  private get windowMs(): number {
    return Math.ceil(this.config.surveyAddressWindowSeconds * 1000);
  }

  /** Takes a place for a device token from `address`; false when the address has used them all. */
  takeDevice(surveyId: string, address: string): Promise<boolean> {
    return this.counter.take(this.key(surveyId, address, 'device'), this.config.surveyDeviceLimit, this.windowMs);
  }

  /** The place of `respondentKey`'s answer from `address`: taken, already held by its own earlier submit, or none left. */
  takeAnswer(surveyId: string, address: string, respondentKey: string): Promise<MemberPlace> {
    return this.counter.takeFor(this.key(surveyId, address, 'answer'), respondentKey, this.config.surveyAddressLimit, this.windowMs);
  }

  /** Gives back the place an answer took when it failed (nothing stored, nothing known to be stored). */
  releaseAnswer(surveyId: string, address: string, respondentKey: string): Promise<void> {
    return this.counter.release(this.key(surveyId, address, 'answer'), respondentKey);
  }
}
