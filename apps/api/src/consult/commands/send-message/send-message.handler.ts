import { Injectable } from '@nestjs/common';
import type { ConsultMessage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ConsultErrors } from '../../consult.errors.js';
import { ConsultHub } from '../../domain/consult-hub.js';
import { conversationView, type ConversationRow, ConversationsRepository } from '../../domain/conversations.repository.js';
import { VisitorLimits } from '../../domain/visitor-limits.js';

/** Who sends: a visitor (their token's conversation) or an agent (the conversation they name, which they must hold). */
export type Sender = { kind: 'visitor'; hash: Buffer; token: string; address: string } | { kind: 'agent'; userId: string; conversationId: string | undefined };

/**
 * `consult.send {body, clientId}` (docs/product/consultation.md#messages): stored, then pushed to the other side.
 * The message takes the conversation's next number under its row lock, so both sides show the order it was stored
 * in; the sender's `clientId` makes a resend (an acknowledgement lost on a reconnect) store nothing new. A visitor's
 * message counts against their token's and address's limits; written to a queued conversation while no agent is
 * online, it marks the conversation a left message, answered when an agent takes it.
 */
@Injectable()
export class SendMessage {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly limits: VisitorLimits,
    private readonly hub: ConsultHub,
  ) {}

  async execute(sender: Sender, body: string, clientId: string): Promise<ConsultMessage> {
    if (sender.kind === 'visitor' && !(await this.limits.message(sender.token, sender.address))) throw ConsultErrors.tooManyMessages();
    try {
      return await this.store(sender, body, clientId);
    } catch (err) {
      if (sender.kind === 'visitor') await this.limits.messageNotStored(sender.token, sender.address);
      throw err;
    }
  }

  private async store(sender: Sender, body: string, clientId: string): Promise<ConsultMessage> {
    const latest = sender.kind === 'visitor' ? await this.conversations.latestOf(this.db, sender.hash) : null;
    const id = sender.kind === 'visitor' ? latest?.id : sender.conversationId;
    if (!id) throw sender.kind === 'visitor' ? ConsultErrors.tokenInvalid() : ConsultErrors.notFound();
    // Whether anyone is online matters only to a visitor writing in a queued conversation (a left message): asked
    // then only, before the lock (the adapter may ask every instance) — an answered conversation's messages never
    // wait for it. A conversation put back in the queue meanwhile is found under the lock: asked then, and again.
    let nobody = latest?.state === 'queued' ? await this.nobodyOnline() : undefined;
    for (;;) {
      const out = await this.db.transaction(async (tx) => {
        const c = await this.conversations.get(tx, id, true);
        if (!c) throw ConsultErrors.notFound();
        if (sender.kind === 'visitor' && !c.visitor_hash.equals(sender.hash)) throw ConsultErrors.notFound();
        if (c.state === 'closed') throw ConsultErrors.closed();
        if (sender.kind === 'agent' && (c.state !== 'active' || c.agent_id !== sender.userId)) throw ConsultErrors.notYours();
        const again = await this.conversations.byClientId(tx, id, clientId);
        if (again) return { message: again, conversation: c, repeated: true };
        const leftMessage = sender.kind === 'visitor' && c.state === 'queued';
        if (leftMessage && nobody === undefined) return null;
        const message = await this.conversations.append(tx, id, sender.kind, sender.kind === 'agent' ? sender.userId : null, body, clientId, leftMessage && nobody === true);
        return { message, conversation: c, repeated: false };
      });
      if (!out) {
        nobody = await this.nobodyOnline();
        continue;
      }
      if (out.repeated) {
        if (sender.kind === 'visitor') await this.limits.messageNotStored(sender.token, sender.address);
        return out.message;
      }
      await this.push(out.conversation, out.message);
      return out.message;
    }
  }

  /** No agent has a socket on any instance; false when that cannot be known (nothing is flagged on a guess). */
  private nobodyOnline(): Promise<boolean> {
    return this.hub.onlineAgents().then((s) => s.size === 0, () => false);
  }

  private async push(c: ConversationRow, message: ConsultMessage): Promise<void> {
    // A queued conversation's new message also moves it in the agents' queue (its last line and time).
    const queued = c.state === 'queued' ? await this.conversations.get(this.db, c.id) : null;
    this.hub.message({ visitor: c.visitor_hash, agentId: c.agent_id }, message, queued ? conversationView(queued) : undefined);
  }
}
