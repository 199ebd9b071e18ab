import { Injectable } from '@nestjs/common';
import type { FeedbackDetail, FeedbackReopenInput } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackNotifier } from '../../domain/feedback-notifier.js';
import { FeedbackStep } from '../../domain/feedback-step.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';

/**
 * Its submitter re-opens replied or closed feedback, once, saying why: back in progress with the handler who had it
 * (who is told by a bell message), or submitted again when nobody had taken it.
 */
@Injectable()
export class ReopenFeedback {
  constructor(
    private readonly steps: FeedbackStep,
    private readonly feedback: FeedbackRepository,
    private readonly notifier: FeedbackNotifier,
  ) {}

  execute(id: string, body: FeedbackReopenInput, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    return this.steps.run(id, me, client, 'feedback.reopen', async (tx, f) => {
      if (f.author_id !== me.userId) return { refused: FeedbackErrors.notSubmitter() };
      if (f.reopened_at !== null || (f.state !== 'replied' && f.state !== 'closed')) return { refused: FeedbackErrors.notReopenable() };
      await this.feedback.move(tx, f.id, f.handler_id ? 'in_progress' : 'submitted', { reopened: true });
      const entry = await this.feedback.addEntry(tx, f.id, 'reopened', me.userId, body.note);
      return { pushes: await this.notifier.reopened(tx, f, entry, body.note), detail: { from: f.state, note: body.note } };
    });
  }
}
