import { FLOW_PICTURE_MAX_BYTES, RoleCode } from '@schoolflow/contracts';
import type { Applicant, ApplicantRead, Candidate, FileRow, StartClock } from './student-applicant.js';

/**
 * What the start planners' specs share (tests only, like workflows/kit/testing.ts): reads built by hand — no database
 * — and the given / when / then of a pure planner: given what was read, when a form is planned, then the plan, or the
 * refusal the server answers (status, message key, params).
 */

/** Monday 2026-11-23, 09:00 at the school (Asia/Shanghai). */
export const CLOCK: StartClock = { timeZone: 'Asia/Shanghai', now: Date.parse('2026-11-23T09:00:00+08:00') };

export const STUDENT_USER = 'u-student';
export const PARENT_USER = 'u-parent';
export const HEAD_TEACHER = 'u-head';

export const asStudent: Applicant = { userId: STUDENT_USER, roles: [RoleCode.student] };
export const asParent: Applicant = { userId: PARENT_USER, roles: [RoleCode.parent] };

/** A student the actor may apply for, as the applicant read answers them (not the actor's own row unless `self`). */
export function candidate(over: Partial<Candidate> = {}): Candidate {
  return {
    id: 's1',
    user_id: STUDENT_USER,
    name: '张三',
    student_no: '2026001',
    class_name: '高一(1)班',
    head_teacher_id: HEAD_TEACHER,
    guardians: [PARENT_USER],
    status: 'enrolled',
    self: false,
    ...over,
  };
}

/** The applicant read of a parent of one child, with one office holder, one principal and one administrator. */
export function applicantRead(over: Partial<ApplicantRead> = {}): ApplicantRead {
  return { candidates: [candidate()], office: ['u-office'], principal: ['u-principal'], admin: ['u-admin'], ...over };
}

/** An uploaded picture as the read answers it: the actor's own JPG unless told otherwise. */
export function picture(resId: string, over: Partial<FileRow> = {}): FileRow {
  return { res_id: resId, owner_id: PARENT_USER, mime: 'image/jpeg', size: 100_000, removed: false, ...over };
}

/** The "then" of a planner's spec: the engine's (workflow/testing/start-planning.ts). */
export { planned } from '../../workflow/testing/start-planning.js';

/** One way an applicant's side of a start is refused: what was read, who applies, for whom, with which pictures. */
export interface ApplicantRefusal {
  name: string;
  read: ApplicantRead;
  actor: Applicant;
  studentId?: string;
  attachments?: string[];
  status: number;
  key: string;
}

/**
 * Every refusal of the applicant's side of a student's request (pickStudent, checkPictures, the head teacher), for each
 * planner that applies them: `words` the flow's own keys for who may not apply and for a parent who must choose;
 * `pictures` whether its form has pictures.
 */
export function applicantRefusals(words: { notApplicant: string; chooseChild: string }, opts: { pictures: boolean }): ApplicantRefusal[] {
  const mine = candidate({ self: true });
  const second = candidate({ id: 's2', user_id: 'u-student-2', student_no: '2026002', name: '李四' });
  const cases: ApplicantRefusal[] = [
    { name: 'a student without a student row', read: applicantRead({ candidates: [] }), actor: asStudent, status: 422, key: 'workflow.studentNotFound' },
    { name: 'a student naming another student', read: applicantRead({ candidates: [mine] }), actor: asStudent, studentId: 's2', status: 403, key: 'workflow.notYourChild' },
    { name: 'a parent of no child (or anyone else)', read: applicantRead({ candidates: [] }), actor: asParent, status: 403, key: words.notApplicant },
    { name: 'a parent of two children not saying which', read: applicantRead({ candidates: [candidate(), second] }), actor: asParent, status: 400, key: words.chooseChild },
    { name: 'a parent naming a child not theirs', read: applicantRead(), actor: asParent, studentId: 's9', status: 403, key: 'workflow.notYourChild' },
    { name: 'a suspended student', read: applicantRead({ candidates: [candidate({ status: 'suspended' })] }), actor: asParent, status: 422, key: 'workflow.studentNotEnrolled' },
    { name: 'a student who has left', read: applicantRead({ candidates: [candidate({ self: true, status: 'transferred_out' })] }), actor: asStudent, status: 422, key: 'workflow.studentNotEnrolled' },
    { name: 'a class without a head teacher', read: applicantRead({ candidates: [candidate({ head_teacher_id: null })] }), actor: asParent, status: 422, key: 'workflow.noHeadTeacher' },
  ];
  if (!opts.pictures) return cases;
  const withPictures = (files: FileRow[]) => applicantRead({ files });
  return [
    ...cases,
    { name: 'a picture nobody uploaded', read: withPictures([]), actor: asParent, attachments: ['p1'], status: 400, key: 'workflow.attachmentNotYours' },
    { name: 'a picture of someone else', read: withPictures([picture('p1', { owner_id: 'u-other' })]), actor: asParent, attachments: ['p1'], status: 400, key: 'workflow.attachmentNotYours' },
    { name: 'a picture removed', read: withPictures([picture('p1', { removed: true })]), actor: asParent, attachments: ['p1'], status: 400, key: 'workflow.attachmentNotYours' },
    { name: 'a file that is no JPG or PNG', read: withPictures([picture('p1', { mime: 'application/pdf' })]), actor: asParent, attachments: ['p1'], status: 400, key: 'workflow.attachmentNotPicture' },
    { name: 'a picture beyond the size limit', read: withPictures([picture('p1', { size: FLOW_PICTURE_MAX_BYTES + 1 })]), actor: asParent, attachments: ['p1'], status: 400, key: 'workflow.attachmentNotPicture' },
  ];
}
