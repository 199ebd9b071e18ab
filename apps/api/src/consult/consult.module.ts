import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { AnonConsultController } from './anon-consult.controller.js';
import { AcceptConversation } from './commands/accept/accept.handler.js';
import { CloseConversation } from './commands/close/close.handler.js';
import { RequeueAbsentAgents } from './commands/requeue-absent/requeue-absent.handler.js';
import { SendMessage } from './commands/send-message/send-message.handler.js';
import { StartSession } from './commands/start-session/start-session.handler.js';
import { TransferConversation } from './commands/transfer/transfer.handler.js';
import { ConsultController } from './consult.controller.js';
import { ConsultAccess } from './domain/consult-access.js';
import { ConsultHub } from './domain/consult-hub.js';
import { ConversationsRepository } from './domain/conversations.repository.js';
import { VisitorLimits } from './domain/visitor-limits.js';
import { ConversationQuery } from './queries/conversation/conversation.query.js';
import { ExportTranscripts } from './queries/export-transcripts/export-transcripts.query.js';
import { ConsultQueueQuery } from './queries/queue/queue.query.js';
import { ResumeSession } from './queries/resume/resume.query.js';
import { TranscriptsQuery } from './queries/transcripts/transcripts.query.js';
import { ConsultGateway } from './realtime/consult.gateway.js';

/**
 * Online consultation (在线咨询, issue 26 part 3; docs/product/consultation.md, docs/adr/0042-online-consultation.md):
 * the visitor's public routes, the agents' REST, the `/consult` socket namespace; refusals in consult.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [AnonConsultController, ConsultController],
  providers: [
    AdminAudit,
    ConsultAccess,
    ConsultHub,
    ConversationsRepository,
    VisitorLimits,
    StartSession,
    ResumeSession,
    SendMessage,
    AcceptConversation,
    TransferConversation,
    CloseConversation,
    RequeueAbsentAgents,
    ConsultQueueQuery,
    ConversationQuery,
    TranscriptsQuery,
    ExportTranscripts,
    ConsultGateway,
  ],
})
export class ConsultModule {}
