import { formatSchoolTime } from '@schoolflow/contracts';
import type { DayReadingForm } from '@schoolflow/workflows/day-reading/day-reading.form.js';
import type { DayReadingSubmitted } from '@schoolflow/workflows/day-reading/day-reading.machine.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type Applicant, type ApplicantRead, headTeacherThenOffice, readApplicant, type StartClock, type StartReads } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

/** What a day-reading request's start reads: the applicant's side (students, guardians, role holders); it has no pictures. */
export type DayReadingStartRead = ApplicantRead;

/** Every read a day-reading request's start needs: the applicant's (kept by the directory cache). */
export async function readDayReadingStart(reads: StartReads, _form: DayReadingForm, actor: Applicant): Promise<DayReadingStartRead> {
  return readApplicant(reads, actor, []);
}

/**
 * The rules of a day-reading request's start, on what `readDayReadingStart` read (pure): the first day not yet past in
 * the school's calendar (today is allowed); then the head teacher → office route of the student.
 */
export function planDayReadingStart(form: DayReadingForm, read: DayReadingStartRead, actor: Applicant, clock: StartClock): StartPlan {
  const today = formatSchoolTime(clock.now, clock.timeZone).slice(0, 10);
  if (form.start < today) throw ApplicationErrors.dayReadingStartPast();
  const { student, route, owners, reviewers } = headTeacherThenOffice(actor, form.studentId, [], read);
  const data: Omit<DayReadingSubmitted, 'type' | 'actorId'> = {
    studentId: student.id,
    studentUserId: student.user_id,
    start: form.start,
    address: form.address,
    guardianPhone: form.guardianPhone,
    reason: form.reason,
    route,
  };
  return { data, studentId: student.id, owners, reviewers, attachments: [] };
}
