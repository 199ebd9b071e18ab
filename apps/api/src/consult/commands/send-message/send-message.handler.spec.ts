import { describe, expect, it } from '@jest/globals';
import type { ConsultMessage, ConsultState } from '@schoolflow/contracts';
import type { DataSource } from 'typeorm';
import type { ConsultHub } from '../../domain/consult-hub.js';
import type { ConversationRow, ConversationsRepository } from '../../domain/conversations.repository.js';
import type { VisitorLimits } from '../../domain/visitor-limits.js';
import { SendMessage } from './send-message.handler.js';

/**
 * Who is online (`fetchSockets` of the agents' room, which the Redis adapter asks of every instance) is asked only for
 * a visitor writing in a queued conversation — where it decides a left message — never for a message of an answered
 * conversation (bench:consult: 200 visitors at a message a second each; docs/benchmarks.md#benchconsult). What it does
 * against PostgreSQL and the sockets end to end: test/consult/consult.e2e-spec.ts.
 */
const hash = Buffer.from('visitor-digest');

function givenConversation(state: ConsultState, opts: { online?: number; requeuedBeforeTheLock?: boolean } = {}) {
  const row = (s: ConsultState): ConversationRow =>
    ({ id: 'conv-1', visitor_hash: hash, state: s, agent_id: s === 'active' ? 'agent-1' : null, left_message: false, created_at: new Date() }) as unknown as ConversationRow;
  const seen = { presenceAsked: 0, appended: [] as { leftMessage: boolean }[], pushed: 0 };
  const conversations = {
    latestOf: async () => row(state),
    // what the lock finds: the same state, or the conversation put back in the queue meanwhile (its agent gone)
    get: async () => row(opts.requeuedBeforeTheLock ? 'queued' : state),
    byClientId: async () => null,
    append: async (_db: unknown, id: string, sender: string, _agent: unknown, body: string, clientId: string, leftMessage: boolean) => {
      seen.appended.push({ leftMessage });
      return { conversationId: id, seq: seen.appended.length, sender, body, clientId } as unknown as ConsultMessage;
    },
  } as unknown as ConversationsRepository;
  const db = { transaction: async <T>(work: (tx: unknown) => Promise<T>): Promise<T> => work({}) } as unknown as DataSource;
  const limits = { message: async () => true, messageNotStored: async () => undefined } as unknown as VisitorLimits;
  const hub = {
    onlineAgents: async () => {
      seen.presenceAsked++;
      return new Set(Array.from({ length: opts.online ?? 1 }, (_, i) => `agent-${i}`));
    },
    message: () => void seen.pushed++,
  } as unknown as ConsultHub;
  const sending = new SendMessage(db, conversations, limits, hub);
  return { seen, whenTheVisitorWrites: () => sending.execute({ kind: 'visitor', hash, token: 't', address: '10.0.0.1' }, '你好', 'c1') };
}

describe('a visitor message and who is online', () => {
  it('given an answered conversation, when the visitor writes, then presence is not asked and the message is stored and pushed', async () => {
    const c = givenConversation('active');
    await c.whenTheVisitorWrites();
    await c.whenTheVisitorWrites();
    expect(c.seen.presenceAsked).toBe(0);
    expect(c.seen.appended).toEqual([{ leftMessage: false }, { leftMessage: false }]);
    expect(c.seen.pushed).toBe(2);
  });

  it('given a queued conversation and nobody online, when the visitor writes, then presence is asked once and the message is a left one', async () => {
    const c = givenConversation('queued', { online: 0 });
    await c.whenTheVisitorWrites();
    expect(c.seen.presenceAsked).toBe(1);
    expect(c.seen.appended).toEqual([{ leftMessage: true }]);
  });

  it('given a queued conversation with an agent online, then the message waits in the queue without the flag', async () => {
    const c = givenConversation('queued', { online: 1 });
    await c.whenTheVisitorWrites();
    expect(c.seen.appended).toEqual([{ leftMessage: false }]);
  });

  it('given a conversation put back in the queue between the read and the lock, then presence is asked then and the message stored once', async () => {
    const c = givenConversation('active', { online: 0, requeuedBeforeTheLock: true });
    await c.whenTheVisitorWrites();
    expect(c.seen.presenceAsked).toBe(1);
    expect(c.seen.appended).toEqual([{ leftMessage: true }]);
    expect(c.seen.pushed).toBe(1);
  });
});
