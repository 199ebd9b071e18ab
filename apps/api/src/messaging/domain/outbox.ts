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

export interface PlannedPush {
  userId: string;
  event: string;
  payload: Record<string, unknown>;
  sourceKey: string;
}

function rows<R>(r: unknown): R[] {
  if (Array.isArray(r)) return r as R[];
  return ((r as { rows?: R[] })?.rows ?? []) as R[];
}

/**
 * Writes messages and pushes inside the caller's transaction, a whole batch per statement. Each carries a source
 * key (what caused it and for whom), unique in its table: a batch handled again after a crash writes nothing twice.
 */
export const Outbox = {
  /** Inserts the messages (skipping those already written) and the `message.created` pushes of the new ones. */
  async messages(db: Queryable, planned: { message: PlannedMessage; sourceKey: string }[], timeZone: string): Promise<PushRow[]> {
    if (planned.length === 0) return [];
    const inserted = rows<StoredMessage & { recipient_id: string; lang: Language; source_key: string; ord: number }>(
      await db.query(
        `WITH input AS (
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::text[])
             WITH ORDINALITY AS t(recipient_id, type, title_key, content_key, params, link, source_key, ord)),
         ins AS (
           INSERT INTO message (recipient_id, type, title_key, content_key, params, link, source_key)
           SELECT recipient_id, type, title_key, content_key, params, link, source_key FROM input ORDER BY ord
           ON CONFLICT (source_key) DO NOTHING
           RETURNING id, recipient_id, type, title_key, content_key, params, link, status, created_at, source_key)
         SELECT ins.*, u.lang, input.ord FROM ins JOIN input USING (source_key) JOIN sys_user u ON u.id = ins.recipient_id ORDER BY input.ord`,
        [
          planned.map((p) => p.message.recipientId),
          planned.map((p) => p.message.type),
          planned.map((p) => p.message.titleKey),
          planned.map((p) => p.message.contentKey),
          planned.map((p) => JSON.stringify(p.message.params)),
          planned.map((p) => p.message.link),
          planned.map((p) => p.sourceKey),
        ],
      ),
    );
    return Outbox.pushes(
      db,
      inserted.map((m) => ({ userId: m.recipient_id, event: 'message.created', payload: { ...renderMessage(m, m.lang, timeZone) }, sourceKey: `${m.source_key}:push` })),
    );
  },

  /** Appends pushes in the given order (their seq follows it), skipping any already written. */
  async pushes(db: Queryable, planned: PlannedPush[]): Promise<PushRow[]> {
    if (planned.length === 0) return [];
    return rows<PushRow>(
      await db.query(
        `INSERT INTO push_log (user_id, event, payload, source_key)
         SELECT user_id, event, payload, source_key
           FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[]) WITH ORDINALITY AS t(user_id, event, payload, source_key, ord)
          ORDER BY ord
         ON CONFLICT (source_key) DO NOTHING
         RETURNING seq::text AS seq, user_id, event, payload`,
        [planned.map((p) => p.userId), planned.map((p) => p.event), planned.map((p) => JSON.stringify(p.payload)), planned.map((p) => p.sourceKey)],
      ),
    ).sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
  },

  /** One message and its push (reminders). */
  message(db: Queryable, m: PlannedMessage, sourceKey: string, timeZone: string): Promise<PushRow[]> {
    return Outbox.messages(db, [{ message: m, sourceKey }], timeZone);
  },
};
