import { Injectable } from '@nestjs/common';
import type { ConsultSession, ConsultStartInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { deviceDigest, newDeviceToken } from '../../../infrastructure/auth/device-token.js';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, ConversationsRepository } from '../../domain/conversations.repository.js';
import { VisitorLimits } from '../../domain/visitor-limits.js';
import { ResumeSession } from '../../queries/resume/resume.query.js';

/**
 * `POST /anon/consult/sessions {name, contact?}` (docs/product/consultation.md#visitors): the visitor's open
 * conversation — made now and queued, or the one they have (a second tab, a double click). A browser that sends the
 * token it was given keeps it (a new conversation after a closed one is the same device); otherwise a new token is
 * issued, only its digest stored. New conversations from one address are limited; the agents' queue is told.
 */
@Injectable()
export class StartSession {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly limits: VisitorLimits,
    private readonly hub: ConsultHub,
    private readonly resume: ResumeSession,
  ) {}

  async execute(input: { name: string; contact: string }, sentToken: string | undefined, address: string): Promise<ConsultSession> {
    const known = deviceDigest(sentToken);
    const reuse = known !== null && (await this.conversations.visitorExists(this.db, known));
    const token = reuse ? (sentToken as string) : newDeviceToken();
    const hash = reuse ? known : (deviceDigest(token) as Buffer);
    const open = reuse ? await this.conversations.latestOf(this.db, hash) : null;
    if (!(open && open.state !== 'closed') && !(await this.limits.session(address))) throw ConsultErrors.tooManySessions();
    const made = await this.db.transaction(async (tx) => {
      await this.conversations.addVisitor(tx, hash, input.name, input.contact, address);
      return this.conversations.openFor(tx, hash, input.name, input.contact);
    });
    if (made.created) {
      const row = await this.conversations.get(this.db, made.id);
      if (row) this.hub.queue(conversationView(row));
    }
    return this.resume.execute(token);
  }
}

export type { ConsultStartInput };
