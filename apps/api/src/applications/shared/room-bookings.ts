import type { ReviewStatus } from '@schoolflow/workflows';
import { settlementOf } from './hold-settlement.js';

/**
 * A request's room bookings (`classroom_booking`: a classroom loan's, a make-up's or a swap's lessons) as its review
 * moves: passed, they stand; rejected, withdrawn or expired, they go and the time is free again; still waiting, they
 * hold it (`settlementOf`, the rule the rebuild folds too). Idempotent, as effects run once per event.
 */
export async function settleBookings(review: ReviewStatus, instanceId: string, db: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  const settle = settlementOf(review);
  if (settle === 'stand') await db.query(`UPDATE classroom_booking SET status = 'passed' WHERE instance_id = $1 AND status = 'pending'`, [instanceId]);
  else if (settle === 'release') await db.query(`DELETE FROM classroom_booking WHERE instance_id = $1`, [instanceId]);
}
