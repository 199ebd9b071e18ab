import { type TravelForm, travelRequest } from '@schoolflow/workflows/travel/travel.form.js';
import type { TravelSubmitted } from '@schoolflow/workflows/travel/travel.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type Applicant, type ApplicantRead, headTeacherThenOffice, readApplicant, schoolPeriod, type StartClock, uniquePictures } from '../shared/student-applicant.js';

/** What a travel request's start reads: the applicant's side (students, guardians, role holders) and its pictures. */
export type TravelStartRead = ApplicantRead;

/** Every read a travel request's start needs, in one statement (the pictures only when there are any). */
export async function readTravelStart(db: Prepared, form: TravelForm, actor: Applicant): Promise<TravelStartRead> {
  return readApplicant(db, actor, uniquePictures(form.attachments));
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
