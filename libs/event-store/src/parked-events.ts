import { rowsOf } from './event-store.js';
import type { Queryable } from './types.js';

/**
 * An event a subscription gave up on: its handler failed with an error that is not transient as many times as the
 * subscription's retry policy allows, so the checkpoint moved past it and the events after it flowed on. It waits
 * here, with its last error, until someone replays it (`Subscription.replay`) — docs/adr/0027.
 */
export interface ParkedEvent {
  subscription: string;
  position: string;
  transactionId: string;
  streamId: string;
  streamType: string;
  eventType: string;
  /** SQLSTATE, or the error's name. */
  errorCode: string;
  /** The error's message, cut short, without credentials. */
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
}

interface ParkedRow {
  subscription: string;
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  event_type: string;
  error_code: string;
  error: string;
  attempts: number;
  first_failed_at: Date | string;
  last_failed_at: Date | string;
}

export const PARKED_COLUMNS = `subscription, position::text AS position, transaction_id::text AS transaction_id, stream_id, stream_type, event_type,
  error_code, error, attempts, first_failed_at, last_failed_at`;

export function toParked(r: ParkedRow): ParkedEvent {
  return {
    subscription: r.subscription,
    position: String(r.position),
    transactionId: String(r.transaction_id),
    streamId: r.stream_id,
    streamType: r.stream_type,
    eventType: r.event_type,
    errorCode: r.error_code,
    error: r.error,
    attempts: r.attempts,
    firstFailedAt: new Date(r.first_failed_at),
    lastFailedAt: new Date(r.last_failed_at),
  };
}

/** Reading what is parked (the table `subscription_parked_events`, migrations/1732000028000). */
export const ParkedEvents = {
  /** The parked events, most recently failed first; of one subscription when named. */
  async list(db: Queryable, o: { subscription?: string; limit?: number } = {}): Promise<ParkedEvent[]> {
    const rows = rowsOf<ParkedRow>(
      await db.query(
        `SELECT ${PARKED_COLUMNS} FROM subscription_parked_events WHERE ($1::text IS NULL OR subscription = $1)
          ORDER BY last_failed_at DESC, position DESC LIMIT $2`,
        [o.subscription ?? null, o.limit ?? 200],
      ),
    );
    return rows.map(toParked);
  },

  async count(db: Queryable): Promise<number> {
    const rows = rowsOf<{ n: number }>(await db.query(`SELECT count(*)::int AS n FROM subscription_parked_events`, []));
    return rows[0]?.n ?? 0;
  },
};
