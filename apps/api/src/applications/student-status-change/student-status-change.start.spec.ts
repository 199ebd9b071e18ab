import { describe, expect, it } from '@jest/globals';
import { RoleCode } from '@schoolflow/contracts';
import { fold, stateString } from '@schoolflow/workflows';
import { statusChangeMachine } from '@schoolflow/workflows/student-status-change/student-status-change.machine.js';
import type { Applicant } from '../shared/student-applicant.js';
import { HEAD_TEACHER, PARENT_USER, picture, STUDENT_USER, planned } from '../shared/start-testing.js';
import { planStatusChangeStart, type StatusChangeForm, type StatusChangeStartRead } from './student-status-change.start.js';

const asHeadTeacher: Applicant = { userId: HEAD_TEACHER, roles: [RoleCode.teacher, RoleCode.headTeacher] };
const asOffice: Applicant = { userId: 'u-office', roles: [RoleCode.office] };
const asOtherTeacher: Applicant = { userId: 'u-teacher', roles: [RoleCode.teacher, RoleCode.headTeacher] };

const CLASS_2 = { id: 'c2', name: '高一(2)班' };

const form = (over: Partial<StatusChangeForm> = {}): StatusChangeForm => ({ studentId: '2026001', kind: 'suspension', effectiveDate: '2026-12-01', reason: '病休', ...over });
const student = (over: Partial<NonNullable<StatusChangeStartRead['student']>> = {}): NonNullable<StatusChangeStartRead['student']> => ({
  id: 's1',
  user_id: STUDENT_USER,
  name: '张三',
  status: 'enrolled',
  head_teacher_id: HEAD_TEACHER,
  guardians: [PARENT_USER],
  ...over,
});
const reads = (over: Partial<StatusChangeStartRead> = {}): StatusChangeStartRead => ({
  student: student(),
  to_class: null,
  office: ['u-office'],
  principal: ['u-principal'],
  admin: ['u-admin'],
  files: [],
  ...over,
});

/** given what the start read / when a form is planned (by whom) / then the plan or the refusal. */
const given = (read: StatusChangeStartRead = reads()) => ({
  when: (f: StatusChangeForm, actor: Applicant = asHeadTeacher) => planned(() => planStatusChangeStart(f, read, actor)),
});

describe('a status change’s start: given the reads / when planned / then', () => {
  it('a head teacher suspends a student of their class: the request, the route head teacher → office → principal', () => {
    expect(given().when(form()).thenPlanned()).toEqual({
      data: {
        studentId: 's1',
        studentUserId: STUDENT_USER,
        studentName: '张三',
        kind: 'suspension',
        effectiveDate: '2026-12-01',
        reason: '病休',
        toClassId: null,
        toClassName: null,
        attachments: [],
        route: { headTeacher: [HEAD_TEACHER], office: ['u-office'], principal: ['u-principal'] },
      },
      studentId: 's1',
      owners: [HEAD_TEACHER, STUDENT_USER, PARENT_USER],
      reviewers: [HEAD_TEACHER, 'u-office', 'u-principal'],
      attachments: [],
    });
  });

  it('what it plans is a start the machine takes', () => {
    const { data } = given().when(form()).thenPlanned();
    expect(stateString(fold(statusChangeMachine, [{ type: 'SUBMIT', data: { ...data, actorId: HEAD_TEACHER } }]).value)).toBe('headTeacherReview');
  });

  it('each kind from the status it changes: out of school or suspended from enrolled, back from suspended, in from transferred out', () => {
    given().when(form({ kind: 'transferOut' })).thenPlanned();
    given().when(form({ kind: 'suspension' })).thenPlanned();
    const back = given(reads({ student: student({ status: 'suspended' }), to_class: CLASS_2 })).when(form({ kind: 'return', toClassId: 'c2' })).thenPlanned();
    expect(back.data).toMatchObject({ kind: 'return', toClassId: 'c2', toClassName: '高一(2)班' });
    given(reads({ student: student({ status: 'transferred_out' }), to_class: CLASS_2 })).when(form({ kind: 'transferIn', toClassId: 'c2' })).thenPlanned();
  });

  it('the office may change any student; its pictures are kept each once', () => {
    const plan = given(reads({ student: student({ head_teacher_id: 'u-someone' }), files: [picture('p1', { owner_id: 'u-office' })] }))
      .when(form({ attachments: ['p1', 'p1'] }), asOffice)
      .thenPlanned();
    expect(plan).toMatchObject({ attachments: ['p1'], data: { attachments: ['p1'], route: { headTeacher: ['u-someone'] } }, owners: ['u-office', STUDENT_USER, PARENT_USER] });
  });

  it('administrators stand in for a principal who is only the applicant', () => {
    expect(given(reads({ principal: [HEAD_TEACHER] })).when(form()).thenPlanned().data.route).toMatchObject({ principal: [HEAD_TEACHER, 'u-admin'] });
  });

  it('refuses a student nobody has', () => {
    given(reads({ student: null })).when(form()).thenRefused(422, 'workflow.studentNotFound');
  });

  it('refuses a teacher who is not the student’s head teacher (the office is everyone’s)', () => {
    given().when(form(), asOtherTeacher).thenRefused(403, 'workflow.notYourStudent');
  });

  it.each([
    ['transferOut', 'suspended'],
    ['suspension', 'transferred_out'],
    ['return', 'enrolled'],
    ['transferIn', 'suspended'],
  ] as const)('refuses %s of a student whose status is %s', (kind, status) => {
    given(reads({ student: student({ status }), to_class: CLASS_2 })).when(form({ kind, toClassId: 'c2' })).thenRefused(422, 'workflow.statusChangeNotFrom');
  });

  it('refuses a class to move into that does not exist', () => {
    given(reads({ student: student({ status: 'suspended' }), to_class: null })).when(form({ kind: 'return', toClassId: 'c9' })).thenRefused(400, 'validation.toClassRequired');
  });

  it('refuses pictures not the actor’s own, or not pictures', () => {
    given().when(form({ attachments: ['p1'] })).thenRefused(400, 'workflow.attachmentNotYours');
    given(reads({ files: [picture('p1')] })).when(form({ attachments: ['p1'] })).thenRefused(400, 'workflow.attachmentNotYours');
    given(reads({ files: [picture('p1', { owner_id: HEAD_TEACHER, removed: true })] })).when(form({ attachments: ['p1'] })).thenRefused(400, 'workflow.attachmentNotYours');
    given(reads({ files: [picture('p1', { owner_id: HEAD_TEACHER, mime: 'image/gif' })] })).when(form({ attachments: ['p1'] })).thenRefused(400, 'workflow.attachmentNotPicture');
  });

  it('refuses a student whose class has no head teacher (the office asks; nobody decides the first step)', () => {
    given(reads({ student: student({ head_teacher_id: null }) })).when(form(), asOffice).thenRefused(422, 'workflow.noHeadTeacher');
  });
});
