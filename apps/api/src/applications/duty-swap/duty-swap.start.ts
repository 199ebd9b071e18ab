import type { DutySwapForm } from '@schoolflow/contracts';
import type { DutySwapSubmitted, SwappedDuty } from '@schoolflow/workflows/duty-swap/duty-swap.machine.js';
import { DutyErrors } from '../../duty-rosters/duty-rosters.errors.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';

/**
 * 调岗's start (docs/adr/0064-duty-rosters.md#swaps), read then decided: `readDutySwapStart` reads all the start needs,
 * `planDutySwapStart` decides on it alone. The machine's own rule (a colleague who is not me) is the machine's.
 */

/** A duty as the start reads it. */
export interface ReadDuty extends SwappedDuty {
  published: boolean;
  /** ISO instants. */
  startsAtIso: string;
  endsAtIso: string;
}

export interface DutySwapRead {
  duty: ReadDuty | null;
  other: ReadDuty | null;
  /** The colleague, an enabled member of staff, or null. */
  colleague: { id: string; name: string } | null;
  myName: string;
  /** The colleague holds another duty overlapping mine (theirs swapped away aside). */
  colleagueClash: boolean;
  /** I hold another duty overlapping theirs (mine swapped away aside). */
  myClash: boolean;
  colleagueAbsent: boolean;
  myAbsent: boolean;
  /** One of the two is in a swap under review already. */
  pending: boolean;
  office: string[];
  admin: string[];
}

const DUTY = (param: string) => `(SELECT json_build_object('id', a.id, 'post', json_build_object('zh', p.name, 'en', coalesce(nullif(p.name_en, ''), p.name)),
         'date', to_char(a.duty_date, 'YYYY-MM-DD'), 'startsAt', to_char(a.starts_at AT TIME ZONE $5::text, 'YYYY-MM-DD HH24:MI'),
         'endsAt', to_char(a.ends_at AT TIME ZONE $5::text, 'YYYY-MM-DD HH24:MI'), 'teacherId', a.teacher_id, 'teacherName', u.name,
         'published', r.status = 'published', 'startsAtIso', a.starts_at, 'endsAtIso', a.ends_at)
    FROM duty_assignment a JOIN duty_post p ON p.id = a.post_id JOIN duty_roster r ON r.id = a.roster_id JOIN sys_user u ON u.id = a.teacher_id WHERE a.id = ${param})`;

// $1 my duty, $2 the colleague, $3 their duty (or null), $4 me, $5 the school's time zone
const START_SQL = `WITH mine AS (SELECT * FROM duty_assignment WHERE id = $1::uuid), theirs AS (SELECT * FROM duty_assignment WHERE id = $3::uuid)
SELECT ${DUTY('$1::uuid')} AS duty, ${DUTY('$3::uuid')} AS other,
       (SELECT json_build_object('id', u.id, 'name', u.name) FROM sys_user u WHERE u.id = $2::uuid AND u.enabled AND u.user_type IN ('1', '3')) AS colleague,
       (SELECT name FROM sys_user WHERE id = $4::uuid) AS "myName",
       EXISTS (SELECT 1 FROM duty_assignment x, mine m WHERE x.teacher_id = $2::uuid AND x.id IS DISTINCT FROM $3::uuid
                AND tstzrange(x.starts_at, x.ends_at, '[)') && tstzrange(m.starts_at, m.ends_at, '[)')) AS "colleagueClash",
       EXISTS (SELECT 1 FROM duty_assignment x, theirs t WHERE x.teacher_id = $4::uuid AND x.id <> $1::uuid
                AND tstzrange(x.starts_at, x.ends_at, '[)') && tstzrange(t.starts_at, t.ends_at, '[)')) AS "myClash",
       EXISTS (SELECT 1 FROM duty_absence b, mine m WHERE b.teacher_id = $2::uuid AND m.duty_date BETWEEN b.from_date AND b.to_date) AS "colleagueAbsent",
       EXISTS (SELECT 1 FROM duty_absence b, theirs t WHERE b.teacher_id = $4::uuid AND t.duty_date BETWEEN b.from_date AND b.to_date) AS "myAbsent",
       EXISTS (SELECT 1 FROM duty_swap s WHERE s.status = 'pending' AND s.assignment_id IN ($1::uuid, $3::uuid)) AS pending,
       ${roleHoldersSql(['office', 'admin'])}`;

export async function readDutySwapStart(db: Prepared, form: DutySwapForm, actor: Pick<Principal, 'userId'>, timeZone: string): Promise<DutySwapRead> {
  const [row] = (await db.query(START_SQL, [form.assignmentId, form.withTeacherId, form.withAssignmentId ?? null, actor.userId, timeZone])) as DutySwapRead[];
  if (!row) throw DutyErrors.dutyNotFound();
  return row;
}

const kept = (d: ReadDuty): SwappedDuty => ({ id: d.id, post: d.post, date: d.date, startsAt: d.startsAt, endsAt: d.endsAt, teacherId: d.teacherId, teacherName: d.teacherName });

/**
 * Decides a swap's start on what was read, purely: my duty (404 if none; 403 if not mine), published, not begun; the
 * colleague an enabled member of staff; their duty, when named, theirs, published, not begun; neither duty in another
 * swap under review; after the swap nobody holds two duties at once nor a duty on a day of their recorded leave. The
 * plan: the start event, its people (the colleague consents, then the office) and the hold — a `duty_swap` row per duty
 * moved, pending (its unique index refuses a second swap of a duty under review, even two sent at once).
 */
export function planDutySwapStart(form: DutySwapForm, read: DutySwapRead, actor: Pick<Principal, 'userId'>, clock: StartClock): StartPlan {
  const duty = read.duty;
  if (!duty) throw DutyErrors.dutyNotFound();
  if (duty.teacherId !== actor.userId) throw DutyErrors.notYourDuty();
  if (!duty.published) throw DutyErrors.notPublished();
  if (Date.parse(duty.startsAtIso) <= clock.now) throw DutyErrors.dutyPast();
  const colleague = read.colleague;
  if (!colleague) throw DutyErrors.teacherUnknown();
  const other = form.withAssignmentId === undefined ? null : read.other;
  if (form.withAssignmentId !== undefined) {
    if (!other) throw DutyErrors.dutyNotFound();
    if (other.teacherId !== colleague.id) throw DutyErrors.notTheirDuty();
    if (!other.published) throw DutyErrors.notPublished();
    if (Date.parse(other.startsAtIso) <= clock.now) throw DutyErrors.dutyPast();
  }
  if (read.pending) throw DutyErrors.swapPending();
  if (read.colleagueClash) throw DutyErrors.swapClash(colleague.name);
  if (read.colleagueAbsent) throw DutyErrors.swapAbsent(colleague.name);
  if (other && read.myClash) throw DutyErrors.swapClash(read.myName);
  if (other && read.myAbsent) throw DutyErrors.swapAbsent(read.myName);

  const office = withStandIns(read.office, read.admin, actor.userId).filter((id) => id !== colleague.id);
  const deciders = office.length > 0 ? office : read.admin;
  const earlier = other && Date.parse(other.startsAtIso) < Date.parse(duty.startsAtIso) ? other : duty;
  const data: Omit<DutySwapSubmitted, 'type' | 'actorId'> = {
    studentId: null,
    studentUserId: null,
    assignmentId: duty.id,
    withTeacherId: colleague.id,
    ...(other ? { withAssignmentId: other.id } : {}),
    reason: form.reason,
    duty: kept(duty),
    other: other ? kept(other) : null,
    withTeacherName: colleague.name,
    startsAt: new Date(earlier.startsAtIso).toISOString(),
    route: { teacher: [colleague.id], office: deciders },
  };
  return {
    data,
    studentId: null,
    owners: [actor.userId],
    reviewers: [colleague.id, ...deciders],
    attachments: [],
    hold: { duty_swap: [{ assignment_id: duty.id, to_teacher_id: colleague.id }, ...(other ? [{ assignment_id: other.id, to_teacher_id: actor.userId }] : [])] },
    refusals: { duty_swap_one_pending: 'duty.errors.swapPending' },
  };
}
