import { Injectable } from '@nestjs/common';
import { type AcceptedAnswer, checkAnswers, type SurveyAnswered, type SurveyAnswersBody, toAnswerRules } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { deviceDigest } from '../../domain/device-token.js';
import { SurveysErrors } from '../../../surveys.errors.js';
import { SurveyAddressLimit } from '../../domain/address-limit.js';
import { AnsweredCounts } from '../../domain/answered-counts.js';
import { type AnswerCell, AnsweringRepository } from '../../domain/answering.repository.js';
import type { Caller } from '../../domain/optional-caller.js';
import { PaperBuilder } from '../../domain/paper-builder.js';
import { Respondents } from '../../domain/respondents.js';

/** The rows `survey_answer` keeps for one accepted answer (one per chosen option, per matrix cell, or the value). */
function cellsOf(a: AcceptedAnswer): AnswerCell[] {
  const cell = (c: Partial<AnswerCell>): AnswerCell => ({ questionId: a.question.id, optionIndex: null, rowIndex: null, rowRef: null, number: null, text: null, date: null, ...c });
  switch (a.type) {
    case 'single':
      return [cell({ optionIndex: a.value })];
    case 'multiple':
      return a.value.map((o) => cell({ optionIndex: o }));
    case 'rating':
      return [cell({ number: a.value })];
    case 'text':
      return [cell({ text: a.value })];
    case 'date':
      return [cell({ date: a.value })];
    case 'matrix':
      // a column scores its index + 1 (worst first); kept as the option too, so results may count either
      return a.value.map((m) => cell({ rowIndex: m.rowIndex, rowRef: a.question.rowsArePeople ? m.key : null, optionIndex: m.column, number: m.column + 1 }));
  }
}

/**
 * `POST /anon/surveys/{id}/answers` (docs/product/questionnaires.md#answering): checked against the questions
 * (checkAnswers, the same rules the paper runs), inside the window, once per respondent — the participation row's
 * key claims it in the same statement that stores the response (AnsweringRepository.answer), so a double click or a
 * replay stores one and the other is 409 "already submitted" with nothing written. A public device also takes a place
 * of its address's limit first (one per respondent, SurveyAddressLimit). An anonymous questionnaire's response names no
 * one. The author's page hears the new count (`survey.answered`) once it is committed, coalesced by AnsweredCounts.
 *
 * A rush of answers is the hot path (issue 25's bench: 200 phones at once): a public answer costs two statements —
 * the head with the device looked up in it, and the answer — its questions coming from PaperBuilder's cache.
 */
@Injectable()
export class AnswerSurvey {
  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    private readonly builder: PaperBuilder,
    private readonly respondents: Respondents,
    private readonly addresses: SurveyAddressLimit,
    private readonly counts: AnsweredCounts,
  ) {}

  async execute(id: string, body: SurveyAnswersBody, caller: Caller | null, deviceToken: string | undefined, address: string): Promise<SurveyAnswered> {
    const head = await this.answering.head(this.db, id, caller ? null : deviceDigest(deviceToken));
    if (!head || !head.published || !head.enabled) throw SurveysErrors.notFound();
    if (!head.open_now) throw SurveysErrors.notStartedOrExpired();
    const who = await this.respondents.of(this.db, head, caller, deviceToken);
    if (who.key === null) throw SurveysErrors.deviceInvalid();
    const questions = await this.builder.questions(this.db, head, who.seat);
    const checked = checkAnswers(questions.map(toAnswerRules), body.answers);
    if ('refusal' in checked) throw SurveysErrors.answerRefused(checked.refusal);

    const key = who.key;
    // a public device's place first (SurveyAddressLimit: one per respondent, its repeats hold it); out of places, a
    // repeat is still told "already submitted" — the claim tried there waits on a first submit still being stored
    const limited = who.userId === null;
    const place = limited ? await this.addresses.takeAnswer(id, address, key) : 'held';
    if (place === 'full') {
      if (await this.answering.claimed(this.db, id, key)) throw SurveysErrors.alreadySubmitted();
      throw SurveysErrors.tooManyFromAddress();
    }
    let stored: boolean;
    try {
      // anonymous: neither the account nor the key reaches the response; the claim is the only trace
      stored = await this.answering.answer(this.db, {
        surveyId: id,
        respondentKey: key,
        userId: head.anonymous ? null : who.userId,
        responseKey: head.anonymous ? null : key,
        seat: who.seat,
        cells: checked.accepted.flatMap(cellsOf),
      });
    } catch (err) {
      // failed: the place goes back; "already submitted" keeps it — this respondent has answered
      if (place === 'taken') await this.addresses.releaseAnswer(id, address, key);
      throw err;
    }
    if (!stored) throw SurveysErrors.alreadySubmitted();
    // the author's count is pushed after the commit, coalesced (AnsweredCounts: no answer waits on the count's row)
    this.counts.touch(id);
    // respondents as the head read them, plus this one: exact when answers come one at a time, a lower bound in a rush
    // (counting the responses in every answer would cost a scan per answer; the author's pushed count is exact)
    return { id, count: head.response_count + 1 };
  }
}
