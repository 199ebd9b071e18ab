import type { FlowDefinition, ReviewStatus } from '@schoolflow/workflows';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';

type EffectDb = { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> };

/**
 * The preconditions effects check again as they apply (docs/adr/0027): the start checked them, but the request waited
 * for its reviewers and other requests may have passed meanwhile. The rows are read locked until the effect's
 * transaction ends, so nothing changes them between the check and the write.
 */

/**
 * The request's student is still on the record and, when `enrolled`, still enrolled — what every request a student
 * makes needs at its start (`pickStudent`). `UPDATE` locks the row the effect writes; `SHARE` one it only reads (a
 * certificate states it).
 */
export async function recheckStudent(db: EffectDb, studentId: string, o: { lock: 'UPDATE' | 'SHARE'; enrolled: boolean }): Promise<EffectOutcome | undefined> {
  const [row] = await db.query<{ status: string }[]>(`SELECT status FROM student WHERE id = $1 FOR ${o.lock === 'UPDATE' ? 'UPDATE' : 'SHARE'}`, [studentId]);
  if (!row) return notApplied('workflow.effectRefusedStudentGone');
  if (o.enrolled && row.status !== 'enrolled') return notApplied('workflow.effectRefusedNotEnrolled', { currentKey: `resource.enums.status.${row.status}` });
  return undefined;
}

/**
 * What a request holds from its start (a loan's booking, a change's periods and rooms) is still held, pending, when it
 * passes: `tables` are the hold's tables, each with an `instance_id` and a `status`; `required` those that must hold at
 * least one row (a change without a room books none).
 */
export async function holdStillPending(db: EffectDb, instanceId: string, tables: readonly { table: 'lesson_change' | 'classroom_booking'; required: boolean }[]): Promise<EffectOutcome | undefined> {
  for (const { table, required } of tables) {
    const rows = await db.query<{ status: string }[]>(`SELECT status FROM ${table} WHERE instance_id = $1 FOR UPDATE`, [instanceId]);
    if ((required && rows.length === 0) || rows.some((r) => r.status !== 'pending')) return notApplied('workflow.effectRefusedHoldGone');
  }
  return undefined;
}

/**
 * The review status this event moved the request to, or null when it did not move it: what passing or ending a request
 * causes runs on that event alone, not on a later CC or on the record of its own refusal.
 */
export function reviewMoved(definition: FlowDefinition, before: unknown, after: unknown): ReviewStatus | null {
  const now = definition.status(after as never).review;
  return definition.status(before as never).review === now ? null : now;
}
