import { Injectable, Logger } from '@nestjs/common';
import { SURVEY_ANSWERED, type SurveyAnsweredPush } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { Outbox } from '../../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { AnsweringRepository } from './answering.repository.js';

/**
 * The author's live respondent count (`survey.answered`, docs/adr/0038-questionnaires.md#answering), coalesced.
 *
 * Why not in the answer's transaction: a questionnaire's count row and its author's push counter are one row each, and
 * every answer of a rush (200 phones at once) would queue on their locks until its commit — the answers serialised on
 * two rows they do not need. Instead an answer commits its own rows only and then *touches* the count: one flush at a
 * time per questionnaire recounts the committed responses, stores the count and pushes it through the outbox (durable,
 * keyed by the count, so two instances flushing the same count push once). Answers arriving during a flush ask for one
 * more flush after it, so the last count is always pushed. The push is a state (the latest count; the pages keep the
 * larger of what they hold and what arrives), not an event: a crash between an answer and its flush loses no answer,
 * and the next answer's flush, or any read of the list or the statistics, brings the count back.
 */
@Injectable()
export class AnsweredCounts {
  private readonly log = new Logger(AnsweredCounts.name);
  /** Questionnaires with a flush running: `again` when answers came in after it counted. */
  private readonly flushing = new Map<string, { again: boolean }>();

  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    private readonly realtime: RealtimeGateway,
  ) {}

  /** After an answer to `surveyId` committed. */
  touch(surveyId: string): void {
    const running = this.flushing.get(surveyId);
    if (running) {
      running.again = true;
      return;
    }
    this.flushing.set(surveyId, { again: false });
    setImmediate(() => void this.flush(surveyId));
  }

  private async flush(surveyId: string): Promise<void> {
    const state = this.flushing.get(surveyId) ?? { again: false };
    state.again = false;
    try {
      const pushes = await this.db.transaction(async (tx) => {
        const counted = await this.answering.recount(tx, surveyId);
        if (!counted) return [];
        const payload: SurveyAnsweredPush = { id: surveyId, count: counted.count };
        return Outbox.pushes(tx, [{ userId: counted.authorId, event: SURVEY_ANSWERED, payload: { ...payload }, sourceKey: `survey:${surveyId}:answered:${counted.count}` }]);
      });
      if (pushes.length > 0) this.realtime.emit(pushes);
    } catch (err) {
      // the answers are stored; only this count's push is late — the next touch or a read of the list brings it
      this.log.warn(`survey ${surveyId}: the respondent count was not pushed (${err instanceof Error ? err.message : String(err)})`);
    }
    if (state.again) setImmediate(() => void this.flush(surveyId));
    else this.flushing.delete(surveyId);
  }
}
