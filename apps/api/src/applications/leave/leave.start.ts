import { APPLICATION_WINDOW_DAYS, type LeaveForm } from '@schoolflow/contracts';
import { leaveDuration, type LeaveSubmitted } from '@schoolflow/workflows';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import {
  type Applicant,
  applicantSql,
  type ApplicantRead,
  checkPictures,
  ownersOf,
  pickStudent,
  readApplicant,
  schoolPeriod,
  type StartClock,
  type StartReads,
  uniquePictures,
  withStandIns,
} from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

/** What a leave's start reads: the applicant's side (students, guardians, role holders, pictures) and leave's own setting. */
export interface LeaveStartRead extends ApplicantRead {
  /** `workflow.leave.principalThresholdDays` as stored (text), null when unset. */
  threshold: string | null;
  /** The declared public holidays (`YYYY-MM-DD`) around today, not counted in a leave's days (absent: none). */
  holidays?: string[];
}

/** Leaves longer than this many days also go to the principal, when the school has not set it (sys_config). */
const DEFAULT_THRESHOLD_DAYS = 3;

// The applicant's reads plus leave's own setting (longer leaves go to the principal) and the public holidays a leave
// may cover: every one of the window applications may cover (APPLICATION_WINDOW_DAYS, with a margin for the database's
// date against the school's), read in the same statement — a few dozen dates, no round trip of their own
// (docs/adr/0048-public-holidays.md#day-count).
const START_SQL = applicantSql(`(SELECT value FROM sys_config WHERE key = 'workflow.leave.principalThresholdDays') AS threshold,
       coalesce((SELECT array_agg(to_char(h.day, 'YYYY-MM-DD') ORDER BY h.day) FROM calendar_holiday h
                  WHERE h.kind = 'holiday' AND h.day BETWEEN current_date - ${APPLICATION_WINDOW_DAYS.past + 2} AND current_date + ${APPLICATION_WINDOW_DAYS.future + 2}), '{}') AS holidays`);

/**
 * Every read a leave's start needs, in one statement (one round trip): whom the actor may apply for (with each
 * student's guardians), the reviewers and the threshold, and — only when there are pictures — the pictures' files.
 */
export async function readLeaveStart(reads: StartReads, form: LeaveForm, actor: Applicant): Promise<LeaveStartRead> {
  return readApplicant<LeaveStartRead>(reads, actor, uniquePictures(form.attachments), START_SQL);
}

/**
 * The rules of a leave's start, on what `readLeaveStart` read (pure): the period readable and inside the window, the
 * student one the actor may apply for, the pictures theirs, a head teacher to decide it; the route head teacher →
 * office → principal (administrators standing in for a principal who is only the applicant) with the threshold of the day;
 * the duration without the declared holidays it covers.
 */
export function planLeaveStart(form: LeaveForm, read: LeaveStartRead, actor: Applicant, clock: StartClock): StartPlan {
  const { start, end } = schoolPeriod(form.start, form.end, clock.timeZone, { now: clock.now });
  const attachments = uniquePictures(form.attachments);
  const student = pickStudent(actor, form.studentId, read.candidates, 'workflow.notApplicant', 'validation.leaveChildRequired');
  checkPictures(attachments, actor, read.files ?? []);
  if (!student.head_teacher_id) throw ApplicationErrors.noHeadTeacher();
  const principal = withStandIns(read.principal, read.admin, actor.userId);
  const duration = leaveDuration(start, end, read.holidays ?? [], clock.timeZone);
  const data: Omit<LeaveSubmitted, 'type' | 'actorId'> = {
    studentId: student.id,
    studentUserId: student.user_id,
    leaveType: form.type,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    durationHours: duration.hours,
    durationDays: duration.days,
    reason: form.reason,
    attachments,
    route: { headTeacher: [student.head_teacher_id], office: read.office, principal },
    thresholdDays: Number(read.threshold ?? DEFAULT_THRESHOLD_DAYS),
  };
  return {
    data: data as unknown as Record<string, unknown>,
    studentId: student.id,
    owners: ownersOf(actor, student),
    reviewers: [student.head_teacher_id, ...read.office, ...principal],
    attachments,
  };
}
