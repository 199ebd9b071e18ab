import { Module } from '@nestjs/common';
import { WorkflowModule } from '../workflow/workflow.module.js';
import { MarkReadController } from './commands/mark-read/mark-read.controller.js';
import { WorkflowNotificationsSubscriber } from './notifications/workflow-notifications.subscriber.js';
import { GetInfoByIdController } from './queries/get-info-by-id/get-info-by-id.controller.js';
import { GetInfoByRecipientController } from './queries/get-info-by-recipient/get-info-by-recipient.controller.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { SocketSessions } from './realtime/socket-sessions.js';
import { ReminderScheduler } from './reminders/reminder.scheduler.js';
import { ReminderService } from './reminders/reminder.service.js';

@Module({
  imports: [WorkflowModule],
  controllers: [GetInfoByRecipientController, GetInfoByIdController, MarkReadController],
  providers: [RealtimeGateway, SocketSessions, WorkflowNotificationsSubscriber, ReminderService, ReminderScheduler],
  exports: [RealtimeGateway, SocketSessions],
})
export class MessagingModule {}
