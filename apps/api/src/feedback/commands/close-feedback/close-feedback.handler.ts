import { Injectable } from '@nestjs/common';
import type { FeedbackDetail } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackStep } from '../../domain/feedback-step.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';

/** Its submitter, or a handler, closes feedback that is not closed yet, with an optional note. */
@Injectable()
export class CloseFeedback {
  constructor(
    private readonly steps: FeedbackStep,
    private readonly feedback: FeedbackRepository,
  ) {}

  execute(id: string, body: { note: string }, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    return this.steps.run(id, me, client, 'feedback.close', async (tx, f) => {
      if (f.state === 'closed') return { refused: FeedbackErrors.alreadyClosed() };
      await this.feedback.move(tx, f.id, 'closed');
      await this.feedback.addEntry(tx, f.id, 'closed', me.userId, body.note);
      return { pushes: [], detail: { from: f.state, note: body.note } };
    });
  }
}
