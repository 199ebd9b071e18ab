import { Injectable } from '@nestjs/common';
import type { ConsultConversation, ConsultMessage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/** `GET /api/consult/{id}`: one conversation and its messages (after `after`), for any agent — transcripts are shared. */
@Injectable()
export class ConversationQuery {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
  ) {}

  async execute(id: string, after: number, me: Principal, client: ClientInfo): Promise<{ conversation: ConsultConversation; messages: ConsultMessage[] }> {
    await this.access.mayAnswer(me, client, 'consult.view', id);
    const row = await this.conversations.get(this.db, id);
    if (!row) throw ConsultErrors.notFound();
    return { conversation: conversationView(row), messages: await this.conversations.messages(this.db, id, after) };
  }
}
