import { Injectable } from '@nestjs/common';
import type { ConsultConversation } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/**
 * `POST /api/consult/{id}/close {note}`: the holder ends the conversation with a note kept in the transcript (any
 * agent may close one still queued — a left message answered by telephone, spam). The visitor's page says it ended
 * and offers a new one.
 */
@Injectable()
export class CloseConversation {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
    private readonly hub: ConsultHub,
  ) {}

  async execute(id: string, note: string, me: Principal, client: ClientInfo): Promise<ConsultConversation> {
    await this.access.mayAnswer(me, client, 'consult.close', id);
    const before = await this.conversations.get(this.db, id);
    if (!before) throw ConsultErrors.notFound();
    const line = await this.db.transaction(async (tx) => {
      // the line first: a closed conversation takes no more messages
      const locked = await this.conversations.get(tx, id, true);
      if (!locked || locked.state === 'closed' || (locked.state === 'active' && locked.agent_id !== me.userId)) return null;
      const closing = await this.conversations.append(tx, id, 'system', null, 'closed', null);
      await this.conversations.close(tx, id, me.userId, note);
      return closing;
    });
    const row = await this.conversations.get(this.db, id);
    if (!row) throw ConsultErrors.notFound();
    if (!line) {
      const refusal = row.state === 'closed' ? ConsultErrors.closed() : ConsultErrors.notYours();
      await this.access.refused(me, client, 'consult.close', id, refusal.messageKey);
      throw refusal;
    }
    const view = conversationView(row);
    this.hub.message({ visitor: row.visitor_hash, agentId: me.userId }, line);
    this.hub.closed(row.visitor_hash, view);
    await this.access.record(me, client, 'consult.close', id, { note });
    return view;
  }
}
