import { Injectable } from '@nestjs/common';
import type { SurveyPaper } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SurveysErrors } from '../../../surveys.errors.js';
import { AnsweringRepository, type SurveyHead } from '../../domain/answering.repository.js';
import { deviceDigest, deviceKey, newDeviceToken } from '../../domain/device-token.js';
import type { Caller } from '../../domain/optional-caller.js';
import { PaperBuilder } from '../../domain/paper-builder.js';
import { Respondents } from '../../domain/respondents.js';
import { PaperViews } from '../../domain/paper-views.js';
import { SurveyAddressLimit } from '../../domain/address-limit.js';

/** Whether a questionnaire can be answered by anyone at all: published and in use (else it "does not exist" to them). */
const live = (h: SurveyHead): boolean => h.published && h.enabled;

/**
 * `GET /anon/surveys/{id}`: the paper (docs/product/questionnaires.md#answering). Outside its window: 403 "not started
 * or expired"; unpublished or unused: 404 "does not exist". Each serving counts a view (PaperViews: added up, written once a second). A public caller without a
 * token the server knows is issued one (kept as its digest), to send back with the answer; one who has it keeps it.
 * `preview`: the author's read-only look (any state, no view, no token); anyone else previews only what they could
 * open.
 */
@Injectable()
export class GetPaper {
  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    private readonly builder: PaperBuilder,
    private readonly respondents: Respondents,
    private readonly views: PaperViews,
    private readonly addresses: SurveyAddressLimit,
  ) {}

  async execute(id: string, caller: Caller | null, deviceToken: string | undefined, address: string, preview: boolean): Promise<SurveyPaper> {
    const head = await this.answering.head(this.db, id, caller ? null : deviceDigest(deviceToken));
    if (!head) throw SurveysErrors.notFound();
    // a draft is its author's alone (not every manager's): what they have not published is theirs
    if (preview && caller !== null && caller.userId === head.author_id) {
      const questions = await this.builder.questions(this.db, head, { classId: null, grade: null });
      return this.builder.paper(head, questions, { submitted: false, preview: true, deviceToken: null });
    }
    if (!live(head)) throw SurveysErrors.notFound();
    if (!head.open_now) throw SurveysErrors.notStartedOrExpired();
    const who = await this.respondents.of(this.db, head, caller, deviceToken);
    const questions = await this.builder.questions(this.db, head, who.seat);
    if (preview) return this.builder.paper(head, questions, { submitted: false, preview: true, deviceToken: null });
    this.views.add(id);
    let token: string | null = null;
    let key = who.key;
    if (head.is_public && who.userId === null) {
      // the caller's own token when it is one issued for this questionnaire, else a new one
      token = who.device ? (deviceToken ?? null) : newDeviceToken();
      const digest = deviceDigest(token ?? undefined);
      if (!who.device && digest) {
        // a new token takes a place of the address's device limit (a script clearing its token fills no table)
        if (!(await this.addresses.takeDevice(id, address))) throw SurveysErrors.tooManyFromAddress();
        await this.answering.issueDevice(this.db, id, digest, address);
        key = deviceKey(digest);
      }
    }
    // a token issued just now has answered nothing: no statement for it (a rush's papers are mostly new devices)
    const submitted = key !== null && !(token !== null && !who.device) && (await this.answering.answered(this.db, [id], key)).has(id);
    return this.builder.paper(head, questions, { submitted, preview: false, deviceToken: token });
  }
}
