import { Injectable } from '@nestjs/common';
import type { ConsultSession } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { deviceDigest } from '../../../infrastructure/auth/device-token.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';

/**
 * `GET /anon/consult/sessions/current` with the device's token (X-Consult-Visitor): the conversation to show — the
 * open one, else the last — with its messages and how many agents are online, so a visitor returning on the same
 * device reads the answer to the message they left (Chatwoot #980's complaint was history lost).
 */
@Injectable()
export class ResumeSession {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly hub: ConsultHub,
  ) {}

  async execute(token: string | undefined): Promise<ConsultSession> {
    const hash = deviceDigest(token);
    if (!hash) throw ConsultErrors.tokenInvalid();
    const row = await this.conversations.latestOf(this.db, hash);
    if (!row) throw ConsultErrors.tokenInvalid();
    const messages = await this.conversations.messages(this.db, row.id);
    const online = await this.hub.onlineAgents().then(
      (s) => s.size,
      () => 0,
    );
    return { token: token as string, conversation: conversationView(row), messages, agentsOnline: online };
  }
}
