import { type TravelForm, travelRequest } from '@schoolflow/workflows/travel/travel.form.js';
import type { TravelSubmitted } from '@schoolflow/workflows/travel/travel.machine.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type Applicant, type ApplicantRead, headTeacherThenOffice, readApplicant, schoolPeriod, type StartClock, type StartReads, uniquePictures } from '../shared/student-applicant.js';

/** What a travel request's start reads: the applicant's side (students, guardians, role holders) and its pictures. */
export type TravelStartRead = ApplicantRead;

/** Every read a travel request's start needs: the applicant's (kept by the directory cache), the pictures when there are any. */
export async function readTravelStart(reads: StartReads, form: TravelForm, actor: Applicant): Promise<TravelStartRead> {
  return readApplicant(reads, actor, uniquePictures(form.attachments));
}

/**
 * The rules of a travel request's start, on what `readTravelStart` read (pure): the period readable, the end not before
 * the start (the same instant is allowed), inside the window; then the head teacher → office route of the student.
 */
export function planTravelStart(form: TravelForm, read: TravelStartRead, actor: Applicant, clock: StartClock): StartPlan {
  const { start, end } = schoolPeriod(form.start, form.end, clock.timeZone, { endMayEqualStart: true, now: clock.now });
  const attachments = uniquePictures(form.attachments);
  const { student, route, owners, reviewers } = headTeacherThenOffice(actor, form.studentId, attachments, read);
  const data: Omit<TravelSubmitted, 'type' | 'actorId'> = {
    studentId: student.id,
    studentUserId: student.user_id,
    ...travelRequest(form, { start: new Date(start).toISOString(), end: new Date(end).toISOString() }, attachments),
    route,
  };
  return { data: data as unknown as Record<string, unknown>, studentId: student.id, owners, reviewers, attachments };
}
