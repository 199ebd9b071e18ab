import { Injectable } from '@nestjs/common';
import { CONSULT_PERMISSION, type ConsultConversation } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/**
 * `POST /api/consult/{id}/transfer {agentId}`: the holder hands the conversation to another agent who is online
 * (holding `consult:answer`, with a socket somewhere) — never to nobody, so it is never left unanswered. Only the
 * holder may (the UPDATE names them); the visitor and both agents are told, a system line says who took over.
 */
@Injectable()
export class TransferConversation {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
    private readonly hub: ConsultHub,
  ) {}

  async execute(id: string, agentId: string, me: Principal, client: ClientInfo): Promise<ConsultConversation> {
    await this.access.mayAnswer(me, client, 'consult.transfer', id);
    if (agentId === me.userId) throw ConsultErrors.sameAgent();
    const target = (await this.conversations.agents(this.db, CONSULT_PERMISSION)).find((a) => a.id === agentId);
    const online = await this.hub.onlineAgents().catch(() => new Set<string>());
    if (!target || !online.has(agentId)) {
      await this.access.refused(me, client, 'consult.transfer', id, 'consult.errors.agentInvalid');
      throw ConsultErrors.agentInvalid();
    }
    const line = await this.db.transaction(async (tx) => {
      if (!(await this.conversations.transfer(tx, id, me.userId, agentId))) return null;
      return this.conversations.append(tx, id, 'system', null, 'transferred', null, false, { from: me.name, to: target.name });
    });
    const row = await this.conversations.get(this.db, id);
    if (!row) throw ConsultErrors.notFound();
    if (!line) {
      const refusal = row.state === 'closed' ? ConsultErrors.closed() : ConsultErrors.notYours();
      await this.access.refused(me, client, 'consult.transfer', id, refusal.messageKey);
      throw refusal;
    }
    const view = conversationView(row);
    this.hub.message({ visitor: row.visitor_hash, agentId }, line);
    this.hub.assigned(row.visitor_hash, view, me.userId);
    await this.access.record(me, client, 'consult.transfer', id, { to: agentId });
    return view;
  }
}
