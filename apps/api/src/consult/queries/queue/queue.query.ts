import { Injectable } from '@nestjs/common';
import { CONSULT_PERMISSION, type ConsultQueue } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { ConversationsRepository } from '../../domain/conversations.repository.js';

/** `GET /api/consult/queue`: the queued conversations (oldest first), the caller's own, and the agents with who is online. */
@Injectable()
export class ConsultQueueQuery {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
    private readonly hub: ConsultHub,
  ) {}

  async execute(me: Principal, client: ClientInfo): Promise<ConsultQueue> {
    await this.access.mayAnswer(me, client, 'consult.queue', null);
    const [queued, mine, agents, online] = await Promise.all([
      this.conversations.queued(this.db),
      this.conversations.heldBy(this.db, me.userId),
      this.conversations.agents(this.db, CONSULT_PERMISSION),
      this.hub.onlineAgents().catch(() => new Set<string>()),
    ]);
    return { queued, mine, agents: agents.map((a) => ({ ...a, online: online.has(a.id) })) };
  }
}
