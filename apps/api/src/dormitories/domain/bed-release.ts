import { rowsOf } from '@schoolflow/event-store';

type EffectDb = { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> };

/**
 * A day student has no bed (docs/adr/0053-dormitories.md#day-reading): the day-reading flow's effect, run from the
 * committed approval in the effect's transaction, frees the student's bed and writes the history's `removed` line with
 * no person (the flow did it) and the request as its reason. Nothing when the student had no bed; run twice, it finds
 * none the second time.
 */
export async function freeBedOfDayStudent(db: EffectDb, studentId: string, instanceId: string): Promise<void> {
  const gone = rowsOf<{ room_id: string; bed_no: number }>(await db.query(`DELETE FROM dorm_allocation WHERE student_id = $1 RETURNING room_id, bed_no`, [studentId]));
  const bed = gone[0];
  if (!bed) return;
  await db.query(`INSERT INTO dorm_allocation_log (student_id, room_id, bed_no, kind, actor_id, reason) VALUES ($1, $2, $3, 'removed', NULL, $4)`, [studentId, bed.room_id, bed.bed_no, `day-reading:${instanceId}`]);
}
