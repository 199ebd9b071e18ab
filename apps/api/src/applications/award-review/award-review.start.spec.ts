import { describe, expect, it } from '@jest/globals';
import { RoleCode } from '@schoolflow/contracts';
import { fold, stateString } from '@schoolflow/workflows';
import type { AwardReviewForm } from '@schoolflow/workflows/award-review/award-review.form.js';
import { awardReviewMachine } from '@schoolflow/workflows/award-review/award-review.machine.js';
import { applicantRead, asStudent, candidate, HEAD_TEACHER, picture, planned, STUDENT_USER } from '../shared/start-testing.js';
import type { Applicant } from '../shared/student-applicant.js';
import { type AwardReviewStartRead, planAwardReviewStart } from './award-review.start.js';

const PIC = '00000000-0000-4000-8000-0000000000aa';
const CONTEST = '00000000-0000-4000-8000-0000000000cc';
const TEACHER = 'u-teacher';
const asTeacher: Applicant = { userId: TEACHER, roles: [RoleCode.teacher, RoleCode.headTeacher] };
const asOffice: Applicant = { userId: 'u-office', roles: [RoleCode.office] };

const form = (over: Partial<AwardReviewForm> = {}): AwardReviewForm => ({ kind: 'contest', contestId: CONTEST, level: 'city', prize: '一等奖', awardedOn: '2026-10-20', certificates: [PIC], ...over });
const read = (over: Partial<AwardReviewStartRead> = {}): AwardReviewStartRead => ({
  ...applicantRead({ candidates: [candidate({ self: true })] }),
  files: [picture(PIC, { owner_id: STUDENT_USER, mime: 'image/png' })],
  contest_name: '市青少年科技创新大赛',
  ...over,
});

/** given what the start read / when a report is planned (by whom) / then the plan or the refusal. */
const given = (r: AwardReviewStartRead = read()) => ({ when: (f: AwardReviewForm, actor: Applicant = asStudent) => planned(() => planAwardReviewStart(f, r, actor)) });

describe('an award report’s start: given the reads / when planned / then', () => {
  it('a student’s own award: head teacher → office, the contest’s name kept, the certificate attached', () => {
    expect(given().when(form()).thenPlanned()).toEqual({
      data: {
        studentId: 's1',
        studentUserId: STUDENT_USER,
        recipient: 'student',
        kind: 'contest',
        contestId: CONTEST,
        contestName: '市青少年科技创新大赛',
        title: null,
        level: 'city',
        prize: '一等奖',
        awardedOn: '2026-10-20',
        certificates: [PIC],
        remark: null,
        route: { headTeacher: [HEAD_TEACHER], office: ['u-office'] },
      },
      studentId: 's1',
      owners: [STUDENT_USER, STUDENT_USER, 'u-parent'],
      reviewers: [HEAD_TEACHER, 'u-office'],
      attachments: [PIC],
    });
  });

  it('a teacher’s own award: the office only, no student', () => {
    const r = read({ files: [picture(PIC, { owner_id: TEACHER })], candidates: [] });
    expect(given(r).when(form({ contestId: undefined, title: '市优秀教练员' }), asTeacher).thenPlanned()).toMatchObject({
      data: { studentId: null, studentUserId: null, recipient: 'teacher', title: '市优秀教练员', route: { headTeacher: [], office: ['u-office'] } },
      studentId: null,
      owners: [TEACHER],
      reviewers: ['u-office'],
    });
  });

  it('what it plans is a start the machine takes: a student’s at the head teacher, a teacher’s at the office', () => {
    const { data } = given().when(form()).thenPlanned();
    expect(stateString(fold(awardReviewMachine, [{ type: 'SUBMIT', data: { ...data, actorId: STUDENT_USER } }]).value)).toBe('headTeacherReview');
    const t = given(read({ files: [picture(PIC, { owner_id: TEACHER })] })).when(form(), asTeacher).thenPlanned();
    expect(stateString(fold(awardReviewMachine, [{ type: 'SUBMIT', data: { ...t.data, actorId: TEACHER } }]).value)).toBe('officeReview');
  });

  it('an office member reporting alone in the office: administrators stand in, so nobody reviews their own report', () => {
    const r = read({ files: [picture(PIC, { owner_id: 'u-office' })] });
    const officeTeacher: Applicant = { ...asOffice, roles: [RoleCode.office, RoleCode.teacher] };
    expect(given(r).when(form(), officeTeacher).thenPlanned().data).toMatchObject({ route: { headTeacher: [], office: ['u-office', 'u-admin'] } });
  });

  it('refusals: a contest that is not there, someone else’s or an oversized picture, someone neither student nor teacher', () => {
    given(read({ contest_name: null })).when(form()).thenRefused(422, 'validation.awardContestInvalid');
    given(read({ files: [picture(PIC, { owner_id: 'u-other' })] })).when(form()).thenRefused(400, 'workflow.attachmentNotYours');
    given(read({ files: [] })).when(form()).thenRefused(400, 'workflow.attachmentNotYours');
    given(read({ files: [picture(PIC, { owner_id: STUDENT_USER, size: 3 * 1024 * 1024 })] })).when(form()).thenRefused(400, 'validation.awardImageInvalid');
    given(read({ files: [picture(PIC, { owner_id: STUDENT_USER, mime: 'image/gif' })] })).when(form()).thenRefused(400, 'validation.awardImageInvalid');
    given(read({ files: [picture(PIC, { owner_id: 'u-office' })] })).when(form(), asOffice).thenRefused(403, 'workflow.notAwardReporter');
    given(read({ candidates: [candidate({ self: true, head_teacher_id: null })] })).when(form()).thenRefused(422, 'workflow.noHeadTeacher');
  });
});
