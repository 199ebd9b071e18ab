import { Injectable } from '@nestjs/common';
import { SurveysErrors } from '../../surveys.errors.js';
import { type Db, type Seat, type SurveyHead, AnsweringRepository } from './answering.repository.js';
import { deviceDigest, deviceKey, userKey } from './device-token.js';
import type { Caller } from './optional-caller.js';

/** Who answers: their once-key (null: a public caller without a known device yet), their account and where they sit. */
export interface Respondent {
  key: string | null;
  userId: string | null;
  seat: Seat;
  /** The device token's digest when the public caller sent a known one. */
  device: Buffer | null;
}

const NO_SEAT: Seat = { classId: null, grade: null };

/**
 * Who may answer a questionnaire and as whom (docs/product/questionnaires.md#answering). A signed-in audience's: only
 * its recipients as publishing resolves the audience now (signed out: sign in first; others: no access), once per
 * account. A public one: a signed-in caller once per account; anyone else once per device token the server issued
 * for this questionnaire.
 */
@Injectable()
export class Respondents {
  constructor(private readonly answering: AnsweringRepository) {}

  async of(db: Db, head: SurveyHead, caller: Caller | null, deviceToken: string | undefined): Promise<Respondent> {
    if (!head.is_public) {
      if (!caller) throw SurveysErrors.signInRequired();
      const seat = head.audience ? await this.answering.recipientSeat(db, head.audience, caller.userId) : null;
      if (!seat) throw SurveysErrors.notRecipient();
      return { key: userKey(caller.userId), userId: caller.userId, seat, device: null };
    }
    if (caller) return { key: userKey(caller.userId), userId: caller.userId, seat: await this.answering.seatOf(db, caller.userId), device: null };
    const digest = deviceDigest(deviceToken);
    // head.device_known: the head was read with this digest (AnsweringRepository.head), the token looked up with it
    if (digest && head.device_known) return { key: deviceKey(digest), userId: null, seat: NO_SEAT, device: digest };
    return { key: null, userId: null, seat: NO_SEAT, device: null };
  }
}
