/**
 * "A leave passed later corrects the record" (docs/adr/0052-attendance.md#leave): when a leave passes, the rolls
 * already taken of the student's periods inside it become on leave, naming the leave. Run by the leave flow's effect
 * (applications/leave/leave.plugin.ts) from the committed passing event, in the effects subscription's transaction —
 * once per event even after a crash or a replay; nothing to refuse (a roll of a period is only ever corrected towards
 * the leave).
 */

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

export async function correctRollsForLeave(db: EffectDb, leave: { instanceId: string; studentId: string; start: string; end: string }, timeZone: string): Promise<void> {
  await db.query(CORRECT_SQL, [leave.instanceId, leave.studentId, leave.start, leave.end, timeZone]);
}
