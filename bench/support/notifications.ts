import type pg from 'pg';

/** Events the server's notification subscription (apps/api/src/messaging/notifications) has not handled yet. */
export async function notificationBacklog(db: pg.ClientBase): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events e, subscription_checkpoints c
      WHERE c.name = 'workflow-notifications' AND (e.transaction_id, e.position) > (c.transaction_id, c.position)`,
  );
  return r.rows[0]?.n ?? 0;
}
