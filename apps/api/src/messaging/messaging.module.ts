import { Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { WorkflowModule } from '../workflow/workflow.module.js';
import { ComposeLetter } from './commands/compose-letter/compose-letter.handler.js';
import { LetterSendRunner } from './commands/compose-letter/letter-send.runner.js';
import { MarkReadController } from './commands/mark-read/mark-read.controller.js';
import { TrashLetter } from './commands/trash-letter/trash-letter.handler.js';
import { LetterAccess } from './domain/letter-access.js';
import { LetterNotifier } from './domain/letter-notifier.js';
import { InboxRepository } from './domain/inbox.repository.js';
import { LettersRepository } from './domain/letters.repository.js';
import { registerLetters } from './domain/letters-registrar.js';
import { LettersController } from './letters.controller.js';
import { WorkflowNotificationsSubscriber } from './notifications/workflow-notifications.subscriber.js';
import { GetInfoByIdController } from './queries/get-info-by-id/get-info-by-id.controller.js';
import { GetInfoByRecipientController } from './queries/get-info-by-recipient/get-info-by-recipient.controller.js';
import { LetterBox } from './queries/letter-box/letter-box.query.js';
import { LetterClasses } from './queries/letter-classes/letter-classes.query.js';
import { LetterCounters } from './queries/letter-counters/letter-counters.query.js';
import { LetterDetailQuery } from './queries/letter-detail/letter-detail.query.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { SocketSessions } from './realtime/socket-sessions.js';
import { ReminderScheduler } from './reminders/reminder.scheduler.js';
import { ReminderService } from './reminders/reminder.service.js';

/**
 * The message centre: the one inbox of what workflows, reminders and publishing send, the bell's pushes over
 * socket.io, and written messages (issue 26, docs/product/messages.md) — drafts, sent, trash, counters, sending to
 * thousands as a job. LettersController stays last: its `messages/:id` would take a fixed path registered after it.
 */
@Module({
  imports: [WorkflowModule],
  controllers: [GetInfoByRecipientController, GetInfoByIdController, MarkReadController, LettersController],
  providers: [
    RealtimeGateway,
    SocketSessions,
    WorkflowNotificationsSubscriber,
    ReminderService,
    ReminderScheduler,
    AdminAudit,
    InboxRepository,
    LettersRepository,
    LetterAccess,
    LetterNotifier,
    LetterSendRunner,
    ComposeLetter,
    TrashLetter,
    LetterBox,
    LetterDetailQuery,
    LetterCounters,
    LetterClasses,
  ],
  exports: [RealtimeGateway, SocketSessions],
})
export class MessagingModule implements OnModuleInit {
  constructor(private readonly db: DataSource) {}

  async onModuleInit(): Promise<void> {
    await registerLetters(this.db);
  }
}
