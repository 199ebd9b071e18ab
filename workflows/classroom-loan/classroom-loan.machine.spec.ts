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

  it('nobody decided before it began: the engine expires it at its start — not before, not a user, not once decided', () => {
    const waiting = given().when(submitted()).thenState('officeReview');
    expect(classroomLoanFlow.timer(waiting)).toEqual({ type: 'EXPIRE', at: '2026-11-25T14:00:00+08:00' });
    const expired = given(submitted()).when({ type: 'EXPIRE', actorId: 'system', at: '2026-11-25T06:00:00.000Z' }).thenState('expired');
    expect(classroomLoanFlow.status(expired)).toEqual({ review: 'rejected', extra: 'expired' });
    expect(classroomLoanFlow.assignees(expired)).toEqual([]);
    expect(classroomLoanFlow.timer(expired)).toBeNull();
    // not a command: whatever stops it is "not possible", not "not yours"
    given(submitted()).when({ type: 'EXPIRE', actorId: 'system', at: '2026-11-25T05:59:59.000Z' }).thenRefused('impossible');
    given(submitted()).when({ type: 'EXPIRE', actorId: 'off1', at: '2026-11-25T07:00:00.000Z' } as never).thenRefused('impossible');
    const passed = given(submitted()).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(classroomLoanFlow.timer(passed)).toBeNull();
    given(submitted(), { type: 'APPROVE', actorId: 'off1' }).when({ type: 'EXPIRE', actorId: 'system', at: '2026-11-25T07:00:00.000Z' }).thenRefused('impossible');
    expect(classroomLoanFlow.commandTypes).not.toContain('EXPIRE'); // no user sends it through the API
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
    { type: 'EXPIRE', actorId: 'system', at: '2026-11-25T07:00:00.000Z' },
  ];
  const paths = everyPath(classroomLoanFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
  it('reaches every state; a decision is always an office reviewer’s who is not the applicant', () => {
    expectReviewPaths(classroomLoanFlow, paths, ['approved', 'expired', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });
});
