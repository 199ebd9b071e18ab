import { Injectable } from '@nestjs/common';
import type { ConsultConversation, ConsultMessage, ConsultSender, ConsultState } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

export type { Db };

/** A conversation as stored, with its agent's name. */
export interface ConversationRow {
  id: string;
  visitor_hash: Buffer;
  visitor_name: string;
  visitor_contact: string;
  state: ConsultState;
  agent_id: string | null;
  agent_name: string | null;
  left_message: boolean;
  last_seq: number;
  last_body: string;
  last_at: Date | null;
  visitor_read_seq: number;
  agent_read_seq: number;
  created_at: Date;
  accepted_at: Date | null;
  closed_at: Date | null;
  close_note: string;
}

interface MessageRow {
  conversation_id: string;
  seq: number;
  sender: ConsultSender;
  agent_name: string | null;
  body: string;
  params: Record<string, string> | null;
  client_id: string | null;
  created_at: Date;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function conversationView(r: ConversationRow): ConsultConversation {
  return {
    id: r.id,
    visitorName: r.visitor_name,
    visitorContact: r.visitor_contact,
    state: r.state,
    agentId: r.agent_id,
    agentName: r.agent_name,
    createdAt: new Date(r.created_at).toISOString(),
    acceptedAt: iso(r.accepted_at),
    closedAt: iso(r.closed_at),
    closeNote: r.close_note,
    lastSeq: r.last_seq,
    lastBody: r.last_body,
    lastAt: iso(r.last_at),
    visitorReadSeq: r.visitor_read_seq,
    agentReadSeq: r.agent_read_seq,
    leftMessage: r.left_message,
  };
}

export function messageView(r: MessageRow): ConsultMessage {
  return { conversationId: r.conversation_id, seq: r.seq, sender: r.sender, agentName: r.agent_name, body: r.body, params: r.params, at: new Date(r.created_at).toISOString(), clientId: r.client_id };
}

const CONVERSATION = `
  SELECT c.id, c.visitor_hash, c.visitor_name, c.visitor_contact, c.state, c.agent_id, u.name AS agent_name, c.left_message,
         c.last_seq, c.last_body, c.last_at, c.visitor_read_seq, c.agent_read_seq, c.created_at, c.accepted_at, c.closed_at, c.close_note
    FROM consult_conversation c LEFT JOIN sys_user u ON u.id = c.agent_id`;

/** The transcripts' filter: a word of the name, contact or any message; a state. */
const TRANSCRIPT_WHERE = `
  WHERE ($1 = '' OR (c.visitor_name || ' ' || c.visitor_contact) ILIKE $2
         OR EXISTS (SELECT 1 FROM consult_message m WHERE m.conversation_id = c.id AND m.sender <> 'system' AND m.body ILIKE $2))
    AND ($3::text IS NULL OR c.state = $3)`;

/**
 * The SQL of consultation (migrations/1732000042000-consultation.ts): visitors by token digest, conversations whose
 * assignment is decided by guarded UPDATEs (first accept wins, only the holder transfers or closes), and messages
 * numbered under the conversation's row lock.
 */
@Injectable()
export class ConversationsRepository {
  async addVisitor(db: Db, hash: Buffer, name: string, contact: string, address: string): Promise<void> {
    await db.query(
      `INSERT INTO consult_visitor (token_hash, name, contact, address) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_hash) DO UPDATE SET name = EXCLUDED.name, contact = EXCLUDED.contact`,
      [hash, name, contact, address],
    );
  }

  async visitorExists(db: Db, hash: Buffer): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM consult_visitor WHERE token_hash = $1`, [hash])).length > 0;
  }

  /** The visitor's open conversation, made when there is none (the partial unique index keeps it one). */
  async openFor(db: Db, hash: Buffer, name: string, contact: string): Promise<{ id: string; created: boolean }> {
    const [made] = await rows<{ id: string; created: boolean }>(
      db,
      `INSERT INTO consult_conversation (visitor_hash, visitor_name, visitor_contact) VALUES ($1, $2, $3)
       ON CONFLICT (visitor_hash) WHERE state <> 'closed' DO UPDATE SET visitor_name = EXCLUDED.visitor_name, visitor_contact = EXCLUDED.visitor_contact
       RETURNING id, (xmax = 0) AS created`,
      [hash, name, contact],
    );
    return made as { id: string; created: boolean };
  }

  /** The visitor's conversation to show: the open one, else the latest closed. */
  async latestOf(db: Db, hash: Buffer): Promise<ConversationRow | null> {
    const [r] = await rows<ConversationRow>(db, `${CONVERSATION} WHERE c.visitor_hash = $1 ORDER BY (c.state <> 'closed') DESC, c.created_at DESC LIMIT 1`, [hash]);
    return r ?? null;
  }

  async get(db: Db, id: string, lock = false): Promise<ConversationRow | null> {
    const [r] = await rows<ConversationRow>(db, `${CONVERSATION} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
    return r ?? null;
  }

  /** A message stored before under this sender's id (a resend after a lost acknowledgement). */
  async byClientId(db: Db, id: string, clientId: string): Promise<ConsultMessage | null> {
    const [r] = await rows<MessageRow>(
      db,
      `SELECT m.conversation_id, m.seq, m.sender, u.name AS agent_name, m.body, m.params, m.client_id, m.created_at
         FROM consult_message m LEFT JOIN sys_user u ON u.id = m.agent_id WHERE m.conversation_id = $1 AND m.client_id = $2`,
      [id, clientId],
    );
    return r ? messageView(r) : null;
  }

  /**
   * Appends a message: its number is the conversation's next (`last_seq + 1`), taken under the row lock the caller
   * holds (get(…, true)) — so numbers have no gaps and both sides order by them. A visitor's message to a queued
   * conversation while nobody answers marks it a left message.
   */
  async append(db: Db, id: string, sender: ConsultSender, agentId: string | null, body: string, clientId: string | null, leftMessage = false, params: Record<string, string> | null = null): Promise<ConsultMessage> {
    const [r] = await rows<MessageRow>(
      db,
      `WITH c AS (
         UPDATE consult_conversation SET last_seq = last_seq + 1, last_body = CASE WHEN $2 = 'system' THEN last_body ELSE left($4, 200) END, last_at = now(),
                left_message = left_message OR $6,
                visitor_read_seq = CASE WHEN $2 = 'visitor' THEN last_seq + 1 ELSE visitor_read_seq END,
                agent_read_seq = CASE WHEN $2 = 'agent' THEN last_seq + 1 ELSE agent_read_seq END
          WHERE id = $1 RETURNING last_seq)
       INSERT INTO consult_message (conversation_id, seq, sender, agent_id, body, params, client_id)
       SELECT $1, c.last_seq, $2, $3, $4, $7::jsonb, $5 FROM c
       RETURNING conversation_id, seq, sender, (SELECT name FROM sys_user WHERE id = $3) AS agent_name, body, params, client_id, created_at`,
      [id, sender, agentId, body, clientId, leftMessage, params === null ? null : JSON.stringify(params)],
    );
    return messageView(r as MessageRow);
  }

  /** First accept wins: only a queued conversation is taken; false when it was not (taken, closed, gone). */
  async accept(db: Db, id: string, agentId: string): Promise<boolean> {
    const r = await rows(db, `UPDATE consult_conversation SET state = 'active', agent_id = $2, accepted_at = now() WHERE id = $1 AND state = 'queued' RETURNING id`, [id, agentId]);
    return r.length === 1;
  }

  /** Hands an active conversation from its holder to another agent; false when the caller does not hold it. */
  async transfer(db: Db, id: string, from: string, to: string): Promise<boolean> {
    const r = await rows(db, `UPDATE consult_conversation SET agent_id = $3, agent_read_seq = 0 WHERE id = $1 AND state = 'active' AND agent_id = $2 RETURNING id`, [id, from, to]);
    return r.length === 1;
  }

  /** Closes a conversation the agent holds, or one still queued (a left message answered elsewhere, spam). */
  async close(db: Db, id: string, agentId: string, note: string): Promise<boolean> {
    const r = await rows(
      db,
      `UPDATE consult_conversation SET state = 'closed', closed_at = now(), closed_by = $2, close_note = $3
        WHERE id = $1 AND (state = 'queued' OR (state = 'active' AND agent_id = $2)) RETURNING id`,
      [id, agentId, note],
    );
    return r.length === 1;
  }

  /** The active conversations of an agent who is gone, back in the queue (Chatwoot #10583/#10685). */
  async requeueOf(db: Db, agentId: string): Promise<string[]> {
    const r = await rows<{ id: string }>(db, `UPDATE consult_conversation SET state = 'queued', agent_id = NULL, queued_at = now() WHERE agent_id = $1 AND state = 'active' RETURNING id`, [agentId]);
    return r.map((x) => x.id);
  }

  /** Agents holding active conversations. */
  async agentsHolding(db: Db): Promise<string[]> {
    return (await rows<{ agent_id: string }>(db, `SELECT DISTINCT agent_id FROM consult_conversation WHERE state = 'active'`)).map((r) => r.agent_id);
  }

  /** A read mark: the side has seen up to `seq` (never past the last message, never backwards). */
  async markRead(db: Db, id: string, side: 'visitor' | 'agent', seq: number): Promise<number | null> {
    const column = side === 'visitor' ? 'visitor_read_seq' : 'agent_read_seq';
    const [r] = await rows<{ seq: number }>(db, `UPDATE consult_conversation SET ${column} = greatest(${column}, least($2, last_seq)) WHERE id = $1 RETURNING ${column} AS seq`, [id, seq]);
    return r ? r.seq : null;
  }

  async messages(db: Db, id: string, after = 0, limit = 500): Promise<ConsultMessage[]> {
    const list = await rows<MessageRow>(
      db,
      `SELECT m.conversation_id, m.seq, m.sender, u.name AS agent_name, m.body, m.params, m.client_id, m.created_at
         FROM consult_message m LEFT JOIN sys_user u ON u.id = m.agent_id
        WHERE m.conversation_id = $1 AND m.seq > $2 ORDER BY m.seq LIMIT $3`,
      [id, after, limit],
    );
    return list.map(messageView);
  }

  async queued(db: Db): Promise<ConsultConversation[]> {
    return (await rows<ConversationRow>(db, `${CONVERSATION} WHERE c.state = 'queued' ORDER BY c.queued_at LIMIT 200`)).map(conversationView);
  }

  async heldBy(db: Db, agentId: string): Promise<ConsultConversation[]> {
    return (await rows<ConversationRow>(db, `${CONVERSATION} WHERE c.state = 'active' AND c.agent_id = $1 ORDER BY c.accepted_at`, [agentId])).map(conversationView);
  }

  /** Everyone who may answer (holds the permission through a role), enabled. */
  async agents(db: Db, permission: string): Promise<{ id: string; name: string }[]> {
    return rows(
      db,
      `SELECT DISTINCT u.id, u.name FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role_permission rp ON rp.role_id = ur.role_id
        WHERE rp.permission = $1 AND u.enabled ORDER BY u.name LIMIT 500`,
      [permission],
    );
  }

  async transcripts(db: Db, q: string, state: ConsultState | undefined, page: number, size: number): Promise<{ total: number; list: ConsultConversation[] }> {
    const params = [q, likePattern(q), state ?? null];
    const [count] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM consult_conversation c ${TRANSCRIPT_WHERE}`, params);
    const list = await rows<ConversationRow>(db, `${CONVERSATION} ${TRANSCRIPT_WHERE} ORDER BY c.created_at DESC, c.id LIMIT $4 OFFSET $5`, [...params, size, (page - 1) * size]);
    return { total: count?.n ?? 0, list: list.map(conversationView) };
  }

  /** A page of the export: conversations after `before` (keyset on created_at, id), newest first. */
  async exportPage(db: Db, q: string, state: ConsultState | undefined, after: { at: Date; id: string } | null, size: number): Promise<ConversationRow[]> {
    return rows<ConversationRow>(
      db,
      `${CONVERSATION} ${TRANSCRIPT_WHERE} AND ($4::timestamptz IS NULL OR (c.created_at, c.id) < ($4, $5::uuid)) ORDER BY c.created_at DESC, c.id DESC LIMIT $6`,
      [q, likePattern(q), state ?? null, after?.at ?? null, after?.id ?? null, size],
    );
  }
}
