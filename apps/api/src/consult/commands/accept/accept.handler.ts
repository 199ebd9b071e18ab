import { Injectable } from '@nestjs/common';
import type { ConsultConversation } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/**
 * `POST /api/consult/{id}/accept`: the first agent to accept holds the conversation — decided by the database
 * (`UPDATE … WHERE state = 'queued'`, one row or none), so of two agents accepting at once one gets 409 "taken" and
 * sees it gone from the queue (consult.assigned to every agent). The visitor is told who answers.
 */
@Injectable()
export class AcceptConversation {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
    private readonly hub: ConsultHub,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<ConsultConversation> {
    await this.access.mayAnswer(me, client, 'consult.accept', id);
    const out = await this.db.transaction(async (tx) => {
      if (!(await this.conversations.accept(tx, id, me.userId))) return null;
      return this.conversations.append(tx, id, 'system', null, 'accepted', null, false, { agent: me.name });
    });
    if (!out) {
      const now = await this.conversations.get(this.db, id);
      const refusal = !now ? ConsultErrors.notFound() : now.state === 'closed' ? ConsultErrors.closed() : ConsultErrors.taken();
      await this.access.refused(me, client, 'consult.accept', id, refusal.messageKey);
      throw refusal;
    }
    const row = await this.conversations.get(this.db, id);
    if (!row) throw ConsultErrors.notFound();
    const view = conversationView(row);
    this.hub.message({ visitor: row.visitor_hash, agentId: me.userId }, out);
    this.hub.assigned(row.visitor_hash, view);
    await this.access.record(me, client, 'consult.accept', id);
    return view;
  }
}
