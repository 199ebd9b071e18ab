import { Injectable } from '@nestjs/common';
import { type AcceptedAnswer, checkAnswers, type SurveyAnswered, type SurveyAnswersBody, toAnswerRules } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
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
 * key claims it in the same transaction as the response, so a double click or a replay stores one and the other is 409
 * "already submitted" with nothing written. A public device also takes a place of its address's limit. An anonymous
 * questionnaire's response names no one. The author's page hears the new count (`survey.answered`) once it is committed,
 * coalesced by AnsweredCounts.
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
    const head = await this.answering.head(this.db, id);
    if (!head || !head.published || !head.enabled) throw SurveysErrors.notFound();
    if (!head.open_now) throw SurveysErrors.notStartedOrExpired();
    const who = await this.respondents.of(this.db, head, caller, deviceToken);
    if (who.key === null) throw SurveysErrors.deviceInvalid();
    const questions = await this.builder.questions(this.db, id, who.seat);
    const checked = checkAnswers(questions.map(toAnswerRules), body.answers);
    if ('refusal' in checked) throw SurveysErrors.answerRefused(checked.refusal);
    const cells = checked.accepted.flatMap(cellsOf);

    const limited = who.userId === null;
    const key = who.key;
    let took = false;
    let count: number | null;
    try {
      count = await this.db.transaction(async (tx) => {
        // the claim first: a repeat waits here on the first's row and is told "already submitted", not "too many"
        if (!(await this.answering.claim(tx, id, key))) return null;
        if (limited) {
          took = await this.addresses.take(id, address);
          if (!took) throw SurveysErrors.tooManyFromAddress();
        }
        // anonymous: neither the account nor the key reaches the response; the claim above is the only trace
        await this.answering.insertResponse(tx, {
          surveyId: id,
          userId: head.anonymous ? null : who.userId,
          respondentKey: head.anonymous ? null : key,
          seat: who.seat,
          cells,
        });
        return this.answering.countResponses(tx, id);
      });
    } catch (err) {
      if (took) await this.addresses.giveBack(id, address);
      throw err;
    }
    if (count === null) throw SurveysErrors.alreadySubmitted();
    // the author's count is pushed after the commit, coalesced (AnsweredCounts: no answer waits on the count's row)
    this.counts.touch(id);
    return { id, count };
  }
}
