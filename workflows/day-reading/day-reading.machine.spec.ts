import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { dayReadingFlow } from './day-reading.flow.js';
import { dayReadingFormSchema } from './day-reading.form.js';
import { type DayReadingEvent, dayReadingMachine, type DayReadingSubmitted } from './day-reading.machine.js';

const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'] };
const submitted = (over: Partial<DayReadingSubmitted> = {}): DayReadingSubmitted => ({
  type: 'SUBMIT',
  actorId: 'parent',
  studentId: 's1',
  studentUserId: 'stu',
  start: '2026-12-01',
  address: '浦东新区张江路1号',
  guardianPhone: '13800000000',
  reason: '家离学校近',
  route: ROUTE,
  ...over,
});
const given = givenFlow<typeof dayReadingMachine, DayReadingEvent>(dayReadingFlow);

describe('day-reading machine: given / when / then', () => {
  it('head teacher → office → passed; the form is kept for the effect', () => {
    given().when(submitted()).thenState('headTeacherReview');
    const done = given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(dayReadingFlow.status(done)).toEqual({ review: 'passed' });
    expect(done.context.form).toMatchObject({ start: '2026-12-01', address: '浦东新区张江路1号' });
    expect(done.context.studentId).toBe('s1');
  });

  it('a start that is not a date is refused; rejections need a reason; only the applicant withdraws', () => {
    given().when(submitted({ start: 'next week' })).thenRefused('impossible', 'validation.dateInvalid');
    given(submitted()).when({ type: 'REJECT', actorId: 'ht' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'REJECT', actorId: 'ht', comment: '路途太远' }).thenState('rejected');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'ht' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
  });

  it('the form: a date, an address, a phone that is a mobile or a landline, a reason', () => {
    const ok = { start: '2026-12-01', address: '张江路1号', guardianPhone: '021-58880000', reason: '近' };
    expect(dayReadingFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => dayReadingFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, guardianPhone: '12345' })).toEqual(['guardianPhone:validation.guardianPhoneInvalid']);
    expect(fail({ ...ok, start: '2026/12/01' })).toEqual(['start:validation.dateInvalid']);
    // days the calendar does not have, and years no school has
    for (const start of ['2027-02-29', '2026-04-31', '0000-01-01', '9999-12-31']) expect(fail({ ...ok, start })).toEqual(['start:validation.dateInvalid']);
    expect(fail({ ...ok, start: '2028-02-29' })).toBeUndefined();
    expect(fail({ ...ok, address: ' ' })).toEqual(['address:validation.addressRequired']);
  });
});

describe('day-reading machine: every path (xstate graph traversal)', () => {
  const actors = ['parent', 'ht', 'off1', 'outsider'];
  const events: DayReadingEvent[] = [
    submitted(),
    submitted({ actorId: 'ht' }),
    ...actors.flatMap((a): DayReadingEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'reason' },
      { type: 'WITHDRAW', actorId: a },
    ]),
    { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
  ];
  const paths = everyPath(dayReadingFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);

  it('reaches every state; decisions come only from each step’s reviewers, never the applicant', () => {
    expectReviewPaths(dayReadingFlow, paths, ['approved', 'headTeacherReview', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });
});
