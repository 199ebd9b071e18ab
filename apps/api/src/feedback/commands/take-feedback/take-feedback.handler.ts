import { Injectable } from '@nestjs/common';
import type { FeedbackDetail } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackAccess } from '../../domain/feedback-access.js';
import { FeedbackStep } from '../../domain/feedback-step.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';

/** A handler takes submitted feedback: in progress, theirs (feedback:handle). */
@Injectable()
export class TakeFeedback {
  constructor(
    private readonly access: FeedbackAccess,
    private readonly steps: FeedbackStep,
    private readonly feedback: FeedbackRepository,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    await this.access.mayHandle(me, client, 'feedback.take', id);
    return this.steps.run(id, me, client, 'feedback.take', async (tx, f) => {
      if (f.state !== 'submitted') return { refused: FeedbackErrors.notTakeable() };
      await this.feedback.move(tx, f.id, 'in_progress', { handlerId: me.userId });
      await this.feedback.addEntry(tx, f.id, 'taken', me.userId);
      return { pushes: [], detail: { from: f.state } };
    });
  }
}
