/**
 * "A leave passed later corrects the record" (docs/adr/0052-attendance.md#leave): when a leave passes, the rolls
 * already taken of the student's periods inside it become on leave, naming the leave. Run by the leave flow's effect
 * (applications/leave/leave.plugin.ts) from the committed passing event, in the effects subscription's transaction —
 * once per event even after a crash or a replay; nothing to refuse (a roll of a period is only ever corrected towards
 * the leave).
 */

import { addDays, formatSchoolTime, parseSchoolMoment } from '@schoolflow/contracts';

/** Anything that answers rows: the effects subscription's transaction. */
export interface EffectDb {
  query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R>;
}

// The marks of the student (`$2`) whose roll's period — its wall-clock times on its date in the school's time zone
// (`$5`) — overlaps the leave `$3`..`$4`.
const CORRECT_SQL = `
  UPDATE attendance_mark m SET status = 'leave', leave_id = $1, corrected_at = now()
    FROM attendance_roll r JOIN lesson_period p ON p.no = r.period
   WHERE m.roll_id = r.id AND m.student_id = $2::uuid AND m.status <> 'leave'
     AND tstzrange((r.day + p.start_time::time) AT TIME ZONE $5::text, (r.day + p.end_time::time) AT TIME ZONE $5::text, '[)')
         && tstzrange($3::timestamptz, $4::timestamptz, '[)')`;

/** How far the clocks of the server's instances may differ: a roll saved on a clock this much ahead is still counted. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Whether a taken roll can lie inside a leave beginning at `start` (an instant): a roll is only ever saved for a day up
 * to today (save-roll refuses a future date), so a leave that begins after the end of today has none to correct yet —
 * the common case, a leave asked for in advance, costs no statement. Decided on the clock when the effect runs, so a
 * late or replayed effect of a leave already begun still corrects.
 */
export function mayHaveTakenRolls(start: string, now: number, timeZone: string): boolean {
  const today = formatSchoolTime(now + CLOCK_SKEW_MS, timeZone).slice(0, 10);
  const endOfToday = parseSchoolMoment(addDays(today, 1), timeZone);
  const begins = Date.parse(start);
  return endOfToday === null || Number.isNaN(begins) || begins < endOfToday;
}

export async function correctRollsForLeave(db: EffectDb, leave: { instanceId: string; studentId: string; start: string; end: string }, timeZone: string, now = Date.now()): Promise<void> {
  if (!mayHaveTakenRolls(leave.start, now, timeZone)) return;
  await db.query(CORRECT_SQL, [leave.instanceId, leave.studentId, leave.start, leave.end, timeZone]);
}
