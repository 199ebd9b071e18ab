import type { Language } from '@schoolflow/contracts';
import type { PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { renderMessage, type StoredMessage } from './message-renderer.js';

export interface Queryable {
  query<R = unknown>(sql: string, params?: unknown[]): Promise<R>;
}

/** A push written to the per-user log; emitted after the transaction commits, caught up from after a reconnect. */
export interface PushRow {
  seq: string;
  user_id: string;
  event: string;
  payload: Record<string, unknown>;
}

function rows<R>(r: unknown): R[] {
  if (Array.isArray(r)) return r as R[];
  return ((r as { rows?: R[] })?.rows ?? []) as R[];
}

/**
 * Writes messages and pushes inside the caller's transaction. Each carries a source key (what caused it and for
 * whom), unique in the table: a batch handled again after a crash writes nothing twice.
 */
export const Outbox = {
  async message(db: Queryable, m: PlannedMessage, sourceKey: string, timeZone: string): Promise<PushRow[]> {
    const inserted = rows<StoredMessage & { recipient_id: string; lang: Language }>(
      await db.query(
        `WITH ins AS (
           INSERT INTO message (recipient_id, type, title_key, content_key, params, link, source_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (source_key) DO NOTHING
           RETURNING id, recipient_id, type, title_key, content_key, params, link, status, created_at)
         SELECT ins.*, u.lang FROM ins JOIN sys_user u ON u.id = ins.recipient_id`,
        [m.recipientId, m.type, m.titleKey, m.contentKey, JSON.stringify(m.params), m.link, sourceKey],
      ),
    );
    const msg = inserted[0];
    if (!msg) return [];
    return Outbox.push(db, m.recipientId, 'message.created', { ...renderMessage(msg, msg.lang, timeZone) }, `${sourceKey}:push`);
  },

  async push(db: Queryable, userId: string, event: string, payload: Record<string, unknown>, sourceKey: string): Promise<PushRow[]> {
    return rows<PushRow>(
      await db.query(
        `INSERT INTO push_log (user_id, event, payload, source_key) VALUES ($1, $2, $3, $4)
         ON CONFLICT (source_key) DO NOTHING RETURNING seq::text, user_id, event, payload`,
        [userId, event, JSON.stringify(payload), sourceKey],
      ),
    );
  },
};
