import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { CloseFeedback } from './commands/close-feedback/close-feedback.handler.js';
import { ReopenFeedback } from './commands/reopen-feedback/reopen-feedback.handler.js';
import { ReplyFeedback } from './commands/reply-feedback/reply-feedback.handler.js';
import { SubmitFeedback } from './commands/submit-feedback/submit-feedback.handler.js';
import { TakeFeedback } from './commands/take-feedback/take-feedback.handler.js';
import { FeedbackAccess } from './domain/feedback-access.js';
import { FeedbackNotifier } from './domain/feedback-notifier.js';
import { FeedbackStep } from './domain/feedback-step.js';
import { FeedbackRepository } from './domain/feedback.repository.js';
import { FeedbackController } from './feedback.controller.js';
import { FeedbackDetailQuery } from './queries/feedback-detail/feedback-detail.query.js';
import { ListFeedbackCategories } from './queries/list-categories/list-categories.query.js';
import { ListFeedback } from './queries/list-feedback/list-feedback.query.js';

/**
 * User feedback (DESIGN §15 `/server/api/feedback`; docs/product/campus-life.md#user-feedback,
 * docs/adr/0051-feedback.md); refusals in feedback.errors.ts; the submitter's bell through the messaging outbox.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [FeedbackController],
  providers: [AdminAudit, FeedbackRepository, FeedbackAccess, FeedbackNotifier, FeedbackStep, FeedbackDetailQuery, ListFeedback, ListFeedbackCategories, SubmitFeedback, TakeFeedback, ReplyFeedback, CloseFeedback, ReopenFeedback],
})
export class FeedbackModule {}
