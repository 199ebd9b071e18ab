import { Injectable } from '@nestjs/common';
import type { Channel, ChannelStatsRow, DeliveryAttempt, DeliveryQuery, DeliveryState, Language } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { StoredMessage } from '../../messaging/domain/message-renderer.js';

/** A delivery claimed for a try, with its message as stored and its recipient's language. */
export interface ClaimedDelivery {
  id: string;
  channel: Channel;
  address: string;
  attempts: number;
  max_attempts: number | null;
  lang: Language;
  message: StoredMessage;
}

export interface DeliveryListRow {
  id: string;
  channel: Channel;
  state: DeliveryState;
  type: string;
  recipient: string;
  address: string;
  attempts: number;
  max_attempts: number | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  message: StoredMessage;
  lang: Language;
  history: DeliveryAttempt[];
}

/** The deliveries (msg_delivery) and their attempts (msg_delivery_attempt): claims, outcomes, monitoring, statistics. */
@Injectable()
export class DeliveriesRepository {
  /**
   * Takes the delivery for one try: due and waiting, or claimed by a process that died (its claim older than
   * `staleMs`). Answers nothing when another process holds it or it is done — then this run does nothing.
   */
  async claim(db: Db, id: string, staleMs: number): Promise<ClaimedDelivery | undefined> {
    const [row] = await rows<Omit<ClaimedDelivery, 'message'> & { m: StoredMessage & { created_at: string } }>(
      db,
      `WITH c AS (
         UPDATE msg_delivery SET state = 'sending', claimed_at = now(), attempts = attempts + 1
          WHERE id = $1 AND ((state = 'pending' AND next_at <= now()) OR (state = 'sending' AND claimed_at < now() - make_interval(secs => $2)))
         RETURNING id, channel, address, attempts, max_attempts, message_id, recipient_id)
       SELECT c.id, c.channel, c.address, c.attempts, c.max_attempts, u.lang,
              jsonb_build_object('id', m.id, 'type', m.type, 'title_key', m.title_key, 'content_key', m.content_key, 'params', m.params,
                                 'link', m.link, 'status', m.status, 'created_at', m.created_at) AS m
         FROM c JOIN message m ON m.id = c.message_id JOIN sys_user u ON u.id = c.recipient_id`,
      [id, staleMs / 1000],
    );
    if (!row) return undefined;
    const { m, ...rest } = row;
    return { ...rest, message: { ...m, created_at: new Date(m.created_at) } };
  }

  /** One try's outcome: its attempt row and the delivery's next state, in one transaction (the caller's). */
  async record(db: Db, id: string, attempt: number, ok: boolean, error: string | null, durationMs: number, next: { state: 'sent' | 'pending' | 'failed'; waitMs?: number }): Promise<void> {
    await db.query(`INSERT INTO msg_delivery_attempt (delivery_id, attempt, ok, error, duration_ms) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (delivery_id, attempt) DO NOTHING`, [
      id,
      attempt,
      ok,
      error,
      Math.round(durationMs),
    ]);
    await db.query(
      `UPDATE msg_delivery SET state = $2, claimed_at = NULL, last_error = coalesce($3, last_error),
              sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END,
              next_at = now() + make_interval(secs => $4)
        WHERE id = $1 AND state = 'sending'`,
      [id, next.state, error, (next.waitMs ?? 0) / 1000],
    );
  }

  /** The deliveries to try now (due, or claimed by a process that died), oldest first. */
  async due(db: Db, staleMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
    return rows(
      db,
      `SELECT id, attempts FROM msg_delivery
        WHERE (state = 'pending' AND next_at <= now()) OR (state = 'sending' AND claimed_at < now() - make_interval(secs => $1))
        ORDER BY next_at LIMIT $2`,
      [staleMs / 1000, limit],
    );
  }

  /** A failed delivery back to waiting, with `more` tries; answers false when it is not failed (or not there). */
  async retry(db: Db, id: string, more: number): Promise<{ attempts: number } | undefined> {
    const [row] = await rows<{ attempts: number }>(
      db,
      `UPDATE msg_delivery SET state = 'pending', next_at = now(), max_attempts = attempts + $2 WHERE id = $1 AND state = 'failed' RETURNING attempts`,
      [id, more],
    );
    return row;
  }

  async exists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM msg_delivery WHERE id = $1`, [id])).length > 0;
  }

  async page(db: Db, q: DeliveryQuery): Promise<{ total: number; list: DeliveryListRow[] }> {
    const args = [q.channel || null, q.state || null];
    const where = `($1::text IS NULL OR d.channel = $1) AND ($2::text IS NULL OR d.state = $2)`;
    const [count] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM msg_delivery d WHERE ${where}`, args);
    const list = await rows<Omit<DeliveryListRow, 'message'> & { m: StoredMessage & { created_at: string } }>(
      db,
      `SELECT d.id, d.channel, d.state, d.message_type AS type, u.name || ' (' || u.account || ')' AS recipient, d.address, d.attempts, d.max_attempts,
              d.last_error, d.created_at, d.sent_at, u.lang,
              jsonb_build_object('id', m.id, 'type', m.type, 'title_key', m.title_key, 'content_key', m.content_key, 'params', m.params,
                                 'link', m.link, 'status', m.status, 'created_at', m.created_at) AS m,
              coalesce((SELECT jsonb_agg(jsonb_build_object('attempt', a.attempt, 'ok', a.ok, 'error', a.error, 'durationMs', a.duration_ms, 'at', a.at) ORDER BY a.attempt)
                          FROM msg_delivery_attempt a WHERE a.delivery_id = d.id), '[]'::jsonb) AS history
         FROM msg_delivery d JOIN message m ON m.id = d.message_id JOIN sys_user u ON u.id = d.recipient_id
        WHERE ${where} ORDER BY d.created_at DESC, d.id LIMIT $3 OFFSET $4`,
      [...args, q.size, (q.current - 1) * q.size],
    );
    return { total: count?.n ?? 0, list: list.map(({ m, ...r }) => ({ ...r, message: { ...m, created_at: new Date(m.created_at) } })) };
  }

  /** Per school day and type: messages written, read, and deliveries failed (days in `timeZone`, both ends included). */
  async stats(db: Db, from: string, to: string, timeZone: string): Promise<ChannelStatsRow[]> {
    return rows(
      db,
      `WITH span AS (SELECT ($1::date::timestamp AT TIME ZONE $3) AS lo, (($2::date + 1)::timestamp AT TIME ZONE $3) AS hi),
       msgs AS (
         SELECT to_char(m.created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, m.type, count(*)::int AS sent, count(*) FILTER (WHERE m.status = '1')::int AS read
           FROM message m, span WHERE m.created_at >= span.lo AND m.created_at < span.hi GROUP BY 1, 2),
       fails AS (
         SELECT to_char(d.created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, d.message_type AS type, count(*)::int AS failed
           FROM msg_delivery d, span WHERE d.created_at >= span.lo AND d.created_at < span.hi AND d.state = 'failed' GROUP BY 1, 2)
       SELECT coalesce(msgs.day, fails.day) AS day, coalesce(msgs.type, fails.type) AS type,
              coalesce(msgs.sent, 0) AS sent, coalesce(msgs.read, 0) AS read, coalesce(fails.failed, 0) AS failed
         FROM msgs FULL JOIN fails ON fails.day = msgs.day AND fails.type = msgs.type
        ORDER BY 1, 2`,
      [from, to, timeZone],
    );
  }
}
