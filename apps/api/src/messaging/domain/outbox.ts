import type { Language } from '@schoolflow/contracts';
import { rowsOf } from '@schoolflow/event-store';
import type { PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { renderMessage, type StoredMessage } from './message-renderer.js';

export interface Queryable {
  query<R = unknown>(sql: string, params?: unknown[]): Promise<R>;
}

/** A push written to the per-user log; emitted after the transaction commits, caught up from after a reconnect. */
export interface PushRow {
  /** Its number among the user's pushes: 1, 2, 3, … without gaps (docs/adr/0018). */
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

/** Pushes per statement at most, unless one user alone has more (their pushes stay in one statement, numbered in order). */
export const PUSH_CHUNK = 500;

/**
 * The indexes of `planned` in chunks of about `size`, each holding whole users, users in ascending order (PostgreSQL's
 * uuid order is the order of their lowercase text), and each user's pushes in their given order.
 */
export function chunksOfWholeUsers(planned: readonly Pick<PlannedPush, 'userId'>[], size: number): number[][] {
  const users = planned.map((p) => p.userId.toLowerCase());
  const order = planned.map((_, i) => i).sort((a, b) => {
    const ua = users[a] as string;
    const ub = users[b] as string;
    return ua < ub ? -1 : ua > ub ? 1 : a - b;
  });
  const chunks: number[][] = [];
  let current: number[] = [];
  let lastUser: string | undefined;
  for (const i of order) {
    const user = users[i] as string;
    if (current.length >= size && user !== lastUser) {
      chunks.push(current);
      current = [];
    }
    current.push(i);
    lastUser = user;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The channel the delivery runner listens on: told at commit, so a delivery is never looked for before it exists. */
export const DELIVERY_CHANNEL = 'message_delivery';

/**
 * Each new message's further channels (docs/adr/0041-message-channels.md): a delivery per message × channel that its
 * type is pushed to (推送配置), the channel enabled, the recipient reachable on it and not opted out — written in the
 * message's own transaction, so it exists exactly when the message does, once (unique), and survives a crash; the
 * runner is woken at commit (NOTIFY is transactional) and sweeps for what a wake-up missed.
 */
async function planDeliveries(db: Queryable, messageIds: string[]): Promise<void> {
  const planned = rowsOf<{ n: number }>(
    await db.query(
      `WITH ins AS (
         INSERT INTO msg_delivery (message_id, channel, recipient_id, message_type, address)
         SELECT m.id, pc.channel, m.recipient_id, m.type, a.address
           FROM message m
           JOIN msg_push_config pc ON pc.message_type = m.type
           JOIN msg_channel_setting s ON s.channel = pc.channel AND s.enabled
           JOIN msg_channel_address a ON a.user_id = m.recipient_id AND a.channel = pc.channel
          WHERE m.id = ANY($1::uuid[])
            AND NOT EXISTS (SELECT 1 FROM msg_channel_optout o WHERE o.user_id = m.recipient_id AND o.message_type = m.type AND o.channel = pc.channel)
         ON CONFLICT ON CONSTRAINT msg_delivery_once DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [messageIds],
    ),
  );
  if ((planned[0]?.n ?? 0) > 0) await db.query(`SELECT pg_notify($1, '')`, [DELIVERY_CHANNEL]);
}

/**
 * Writes messages and pushes inside the caller's transaction, a whole batch per statement. Each carries a source
 * key (what caused it and for whom), unique in its table: a batch handled again after a crash writes nothing twice.
 */
export const Outbox = {
  /**
   * Inserts the messages (skipping those already written) and then, in one statement, the `message.created` pushes
   * of the new ones with any other pushes of the transaction (`more`). A transaction writes its pushes once: the users'
   * counters are then locked in one statement, in user order, so two transactions never deadlock on them.
   */
  async messages(db: Queryable, planned: { message: PlannedMessage; sourceKey: string }[], timeZone: string, more: PlannedPush[] = []): Promise<PushRow[]> {
    return Outbox.pushes(db, [...(await Outbox.newMessages(db, planned, timeZone)), ...more]);
  },

  /** Inserts the messages (skipping those already written); answers the `message.created` pushes of the new ones, unwritten. */
  async newMessages(db: Queryable, planned: { message: PlannedMessage; sourceKey: string }[], timeZone: string): Promise<PlannedPush[]> {
    if (planned.length === 0) return [];
    // The batch goes as one json parameter and only what the database assigns comes back (id, time, the recipient's
    // language): arrays of jsonb texts cost an escape per element, and the texts would come back to be parsed again.
    const input = planned.map((p, i) => ({ i, r: p.message.recipientId, ty: p.message.type, tk: p.message.titleKey, ck: p.message.contentKey, p: p.message.params, l: p.message.link, k: p.sourceKey, lt: p.message.letterId ?? null, s: p.message.senderId ?? null }));
    const inserted = rowsOf<{ id: string; created_at: Date; i: number; lang: Language }>(
      await db.query(
        `WITH input AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(i int, r uuid, ty text, tk text, ck text, p jsonb, l text, k text, lt uuid, s uuid)),
         ins AS (
           INSERT INTO message (recipient_id, type, title_key, content_key, params, link, source_key, letter_id, sender_id)
           SELECT r, ty, tk, ck, coalesce(p, '{}'::jsonb), l, k, lt, s FROM input ORDER BY i
           ON CONFLICT (source_key) DO NOTHING
           RETURNING id, recipient_id, created_at, source_key)
         SELECT ins.id, ins.created_at, input.i, u.lang FROM ins JOIN input ON input.k = ins.source_key JOIN sys_user u ON u.id = ins.recipient_id ORDER BY input.i`,
        [JSON.stringify(input)],
      ),
    );
    if (inserted.length > 0) await planDeliveries(db, inserted.map((r) => r.id));
    return inserted.map((row) => {
        const p = planned[row.i] as { message: PlannedMessage; sourceKey: string };
        const stored: StoredMessage = {
          id: row.id,
          type: p.message.type,
          title_key: p.message.titleKey,
          content_key: p.message.contentKey,
          params: p.message.params,
          link: p.message.link,
          status: '0',
          created_at: row.created_at,
          letter_id: p.message.letterId ?? null,
        };
        return { userId: p.message.recipientId, event: 'message.created', payload: { ...renderMessage(stored, row.lang, timeZone) }, sourceKey: `${p.sourceKey}:push` };
      });
  },

  /**
   * Appends pushes in the given order, skipping any already written (a batch handled again), each numbered next in
   * its user's sequence (docs/adr/0018). The user's counter row is locked until commit, so numbers follow commit
   * order per user; counters are taken in user order, so two writers never wait on each other in a cycle.
   *
   * A school-wide post writes thousands of pushes at once. PostgreSQL estimates a `jsonb_to_recordset` at 100 rows
   * and joins them by nested loops, quadratic in the batch (12,000 pushes took 9 s: bench:publish, ADR 0037), so a
   * large batch goes in chunks of whole users, in user order — the counters are still locked in one ascending order.
   */
  async pushes(db: Queryable, planned: PlannedPush[]): Promise<PushRow[]> {
    if (planned.length === 0) return [];
    const written: { seq: string; i: number }[] = [];
    // One statement's worth goes as given: the statement itself takes the counters in user order.
    const chunks = planned.length <= PUSH_CHUNK ? [planned.map((_, i) => i)] : chunksOfWholeUsers(planned, PUSH_CHUNK);
    for (const chunk of chunks) {
      const input = chunk.map((i) => {
        const p = planned[i] as PlannedPush;
        return { i, u: p.userId, e: p.event, p: p.payload, k: p.sourceKey };
      });
      const indexOfKey = new Map(input.map((x) => [x.k, x.i]));
      const rows = rowsOf<{ seq: string; k: string }>(
        await db.query(
          `WITH input AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(i int, u uuid, e text, p jsonb, k text)),
           fresh AS (SELECT input.* FROM input WHERE NOT EXISTS (SELECT 1 FROM push_log x WHERE x.source_key = input.k)),
           counts AS (SELECT u, count(*)::bigint AS n FROM fresh GROUP BY u),
           bumped AS (
             INSERT INTO push_counter (user_id, seq) SELECT u, n FROM counts ORDER BY u
             ON CONFLICT (user_id) DO UPDATE SET seq = push_counter.seq + EXCLUDED.seq
             RETURNING user_id, seq),
           numbered AS (
             SELECT f.*, b.seq - c.n + row_number() OVER (PARTITION BY f.u ORDER BY f.i) AS us
               FROM fresh f JOIN counts c ON c.u = f.u JOIN bumped b ON b.user_id = f.u)
           INSERT INTO push_log (user_id, user_seq, event, payload, source_key)
           SELECT u, us, e, p, k FROM numbered ORDER BY i
           ON CONFLICT (source_key) DO NOTHING
           RETURNING user_seq::text AS seq, source_key AS k`,
          [JSON.stringify(input)],
        ),
      );
      // source keys are unique: each written row names its planned push without joining back in SQL
      for (const r of rows) written.push({ seq: r.seq, i: indexOfKey.get(r.k) as number });
    }
    written.sort((a, b) => a.i - b.i);
    return written.map((w) => {
      const p = planned[w.i] as PlannedPush;
      return { seq: w.seq, user_id: p.userId, event: p.event, payload: p.payload };
    });
  },

};
