import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { classroomLoanFlow } from './classroom-loan.flow.js';
import { classroomLoanFormSchema } from './classroom-loan.form.js';
import { type ClassroomLoanEvent, classroomLoanMachine, type ClassroomLoanSubmitted } from './classroom-loan.machine.js';

const submitted = (over: Partial<ClassroomLoanSubmitted> = {}): ClassroomLoanSubmitted => ({
  type: 'SUBMIT',
  actorId: 'teacher',
  studentId: '',
  studentUserId: null,
  classroomId: 'room',
  classroomName: '104 教室',
  start: '2026-11-25T14:00:00+08:00',
  end: '2026-11-25T16:00:00+08:00',
  purpose: '数学兴趣小组',
  remark: null,
  route: { office: ['off1', 'off2'] },
  ...over,
});
const given = givenFlow<typeof classroomLoanMachine, ClassroomLoanEvent>(classroomLoanFlow);

describe('classroom-loan machine: given / when / then', () => {
  it('the office decides, in one step; the subject is a classroom, not a student', () => {
    const s = given().when(submitted()).thenState('officeReview');
    expect(classroomLoanFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(classroomLoanFlow.assignees(s)).toEqual(['off1', 'off2']);
    expect(s.context.studentUserId).toBeNull();
    given(submitted()).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    given(submitted()).when({ type: 'REJECT', actorId: 'off1', comment: '期中考试用' }).thenState('rejected');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenState('withdrawn');
  });

  it('the end after the start; nobody decides their own request', () => {
    given().when(submitted({ end: '2026-11-25T14:00:00+08:00' })).thenRefused('impossible', 'validation.endBeforeStart');
    given(submitted({ actorId: 'off1' })).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('forbidden');
    given(submitted({ actorId: 'off1' })).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
  });

  it('the form: a classroom, the period, a purpose, a remark of at most 200', () => {
    const ok = { classroomId: '00000000-0000-4000-8000-000000000001', start: '2026-11-25 14:00', end: '2026-11-25 16:00', purpose: '社团' };
    expect(classroomLoanFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => classroomLoanFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, remark: 'x'.repeat(201) })).toEqual(['remark:validation.loanRemarkTooLong']);
    expect(fail({ ...ok, end: '2026-11-25 14:00' })).toEqual(['end:validation.endBeforeStart']);
    expect(fail({ ...ok, classroomId: 'room 1' })).toEqual(['classroomId:validation.classroomRequired']);
  });
});

describe('classroom-loan machine: every path', () => {
  const events: ClassroomLoanEvent[] = [
    submitted(),
    submitted({ actorId: 'off1' }),
    ...['teacher', 'off1', 'off2', 'outsider'].flatMap((a): ClassroomLoanEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
  ];
  const paths = everyPath(classroomLoanFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
  it('reaches every state; a decision is always an office reviewer’s who is not the applicant', () => {
    expectReviewPaths(classroomLoanFlow, paths, ['approved', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });
});
