import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow, stored } from '../kit/testing.js';
import { statusChangeFlow } from './student-status-change.flow.js';
import { statusChangeFormSchema } from './student-status-change.form.js';
import { type StatusChangeEvent, statusChangeMachine, type StatusChangeSubmitted } from './student-status-change.machine.js';

const submitted = (over: Partial<StatusChangeSubmitted> = {}): StatusChangeSubmitted => ({
  type: 'SUBMIT',
  actorId: 'off1',
  studentId: 's1',
  studentUserId: 'stu',
  kind: 'suspension',
  effectiveDate: '2026-12-01',
  reason: '因病休学',
  toClassId: null,
  toClassName: null,
  attachments: [],
  route: { headTeacher: ['ht'], office: ['off1', 'off2'], principal: ['pr'] },
  ...over,
});
const given = givenFlow<typeof statusChangeMachine, StatusChangeEvent>(statusChangeFlow);

describe('student-status-change machine', () => {
  it('head teacher → office (not the applicant) → principal → passed', () => {
    given().when(submitted()).thenState('headTeacherReview');
    const atOffice = given(submitted()).when({ type: 'APPROVE', actorId: 'ht' }).thenState('officeReview');
    expect(statusChangeFlow.assignees(atOffice)).toEqual(['off2']);
    const atPrincipal = given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off2' }).thenState('principalReview');
    expect(statusChangeFlow.assignees(atPrincipal)).toEqual(['pr']);
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off2' }).when({ type: 'APPROVE', actorId: 'pr' }).thenState('approved');
  });

  it('a head teacher who asks passes their own step on; a transfer in or a return needs the class', () => {
    const own = fold(statusChangeMachine, stored([submitted({ actorId: 'ht' })]));
    expect(statusChangeFlow.autoEvent(own)).toEqual({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' });
    given().when(submitted({ kind: 'return', toClassId: null })).thenRefused('impossible', 'validation.toClassRequired');
    given().when(submitted({ kind: 'return', toClassId: 'c2' })).thenState('headTeacherReview');
  });

  it('the form: a kind from the list, a date, the class for a transfer in', () => {
    const ok = { studentId: '202511001', kind: 'transferOut', effectiveDate: '2026-12-01', reason: '随父母迁居' };
    expect(statusChangeFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => statusChangeFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, kind: 'transferIn' })).toEqual(['toClassId:validation.toClassRequired']);
    expect(fail({ ...ok, kind: 'graduate' })).toEqual(['kind:validation.statusKindRequired']);
  });

  it('every path reaches each state; decisions are the step reviewers’, never the applicant’s', () => {
    const events: StatusChangeEvent[] = [
      submitted(),
      submitted({ actorId: 'ht' }),
      ...['off1', 'ht', 'off2', 'pr', 'outsider'].flatMap((a): StatusChangeEvent[] => [
        { type: 'APPROVE', actorId: a },
        { type: 'REJECT', actorId: a, comment: 'no' },
        { type: 'WITHDRAW', actorId: a },
      ]),
      { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
    ];
    const paths = everyPath(statusChangeFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
    expectReviewPaths(statusChangeFlow, paths, ['approved', 'headTeacherReview', 'new', 'officeReview', 'principalReview', 'rejected', 'withdrawn']);
  });
});
