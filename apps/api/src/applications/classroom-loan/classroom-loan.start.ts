import type { z } from 'zod';
import type { classroomLoanFormSchema } from '@schoolflow/workflows/classroom-loan/classroom-loan.form.js';
import type { ClassroomLoanSubmitted } from '@schoolflow/workflows/classroom-loan/classroom-loan.machine.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { type CalendarDb, roomHasLessonDuring } from '../../timetable/domain/lesson-calendar.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { roleHoldersSql, schoolPeriod, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

/**
 * 教室借用's start (docs/product/workflows.md#classroom-loan): its time decided first (`loanTime`, pure: what is read
 * depends on it), then read (`readClassroomLoanStart`), then decided on what was read (`planClassroomLoanStart`, pure).
 */

export type ClassroomLoanForm = z.infer<typeof classroomLoanFormSchema>;

/** The time a loan asks for, as instants (ISO). */
export interface LoanTime {
  start: string;
  end: string;
}

/** Everything a loan's start reads. */
export interface ClassroomLoanRead {
  /** The classroom, or null: no such room. */
  room: { id: string; name: string; lendable: boolean; enabled: boolean } | null;
  /** Whether a lesson holds the room at some moment of the loan's time (the timetable's, a make-up's, a swap's — pending ones too); false without a room. */
  busy: boolean;
  /** The office and the administrators (who stand in). */
  office: string[];
  admin: string[];
}

// The classroom and the office's reviewers (administrators stand in), in one round trip.
const START_SQL = `SELECT (SELECT json_build_object('id', c.id, 'name', c.name, 'lendable', c.lendable, 'enabled', c.enabled) FROM classroom c WHERE c.id = $1) AS room,
       ${roleHoldersSql(['office', 'admin'])}`;

/**
 * The loan's time, purely: both times readable, the end after the start, inside the window applications may cover —
 * and not begun: a loan waits for the office until it begins (then it expires), so one that has begun cannot be asked for.
 */
export function loanTime(form: Pick<ClassroomLoanForm, 'start' | 'end'>, clock: StartClock): LoanTime {
  const { start, end } = schoolPeriod(form.start, form.end, clock.timeZone, { now: clock.now });
  if (start <= clock.now) throw ApplicationErrors.loanStartPast();
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** Reads a loan's start: the classroom and the office; then whether a lesson holds the room during the loan's time. */
export async function readClassroomLoanStart(db: CalendarDb, form: Pick<ClassroomLoanForm, 'classroomId'>, time: LoanTime, timeZone: string): Promise<ClassroomLoanRead> {
  const [row] = await db.query<Omit<ClassroomLoanRead, 'busy'>[]>(START_SQL, [form.classroomId]);
  const room = row?.room ?? null;
  const busy = room ? await roomHasLessonDuring(db, room.id, time.start, time.end, timeZone) : false;
  return { room, busy, office: row?.office ?? [], admin: row?.admin ?? [] };
}

/**
 * Decides a loan's start on what was read, purely: only a lendable, enabled classroom, with no lesson then. The plan:
 * the start event, the office to decide, and the booking of the room for that time, written with the instance — the
 * database's exclusion constraint refuses an overlap with a pending or passed loan, even two sent at once.
 */
export function planClassroomLoanStart(form: ClassroomLoanForm, read: ClassroomLoanRead, actor: Pick<Principal, 'userId'>, time: LoanTime): StartPlan {
  const room = read.room;
  if (!room || !room.enabled || !room.lendable) throw ApplicationErrors.classroomNotLendable();
  if (read.busy) throw ApplicationErrors.classroomTaken();
  const office = withStandIns(read.office, read.admin, actor.userId);
  const data: Omit<ClassroomLoanSubmitted, 'type' | 'actorId'> = {
    studentId: null, // the subject is the classroom
    studentUserId: null,
    classroomId: room.id,
    classroomName: room.name,
    start: time.start,
    end: time.end,
    purpose: form.purpose,
    remark: form.remark ? form.remark : null,
    route: { office },
  };
  return {
    data,
    studentId: null, // the subject is the classroom
    owners: [actor.userId],
    reviewers: office,
    attachments: [],
    hold: { classroom_booking: [{ classroom_id: room.id, period: `["${time.start}","${time.end}")` }] },
    refusals: { classroom_booking_no_overlap: 'workflow.classroomTaken' },
  };
}
