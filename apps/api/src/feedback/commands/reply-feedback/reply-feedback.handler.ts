import { Injectable } from '@nestjs/common';
import type { FeedbackDetail, FeedbackReplyInput } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackAccess } from '../../domain/feedback-access.js';
import { FeedbackNotifier } from '../../domain/feedback-notifier.js';
import { FeedbackStep } from '../../domain/feedback-step.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';

/**
 * A handler replies to open feedback (submitted or in progress; feedback:handle): replied, the replier its handler —
 * and the submitter's bell message written in the same transaction, pushed at commit.
 */
@Injectable()
export class ReplyFeedback {
  constructor(
    private readonly access: FeedbackAccess,
    private readonly steps: FeedbackStep,
    private readonly feedback: FeedbackRepository,
    private readonly notifier: FeedbackNotifier,
  ) {}

  async execute(id: string, body: FeedbackReplyInput, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    await this.access.mayHandle(me, client, 'feedback.reply', id);
    return this.steps.run(id, me, client, 'feedback.reply', async (tx, f) => {
      if (f.state !== 'submitted' && f.state !== 'in_progress') return { refused: FeedbackErrors.notReplyable() };
      await this.feedback.move(tx, f.id, 'replied', { handlerId: me.userId });
      const entry = await this.feedback.addEntry(tx, f.id, 'replied', me.userId, body.content);
      return { pushes: await this.notifier.replied(tx, f, entry, me.name, body.content), detail: { from: f.state, reply: body.content } };
    });
  }
}
