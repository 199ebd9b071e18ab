import { describe, expect, it } from '@jest/globals';
import { getSimplePaths } from '@xstate/graph';
import { fold, type StoredFlowEvent, stateString } from '../engine/flow.js';
import type { LeaveEvent, LeaveSubmitted } from './leave.events.js';
import { leaveFlow } from './leave.flow.js';
import { leaveMachine } from './leave.machine.js';

const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'], principal: ['pr'] };

function submitted(over: Partial<LeaveSubmitted> = {}): LeaveSubmitted {
  return {
    type: 'SUBMIT',
    actorId: 'parent',
    studentId: 's1',
    studentUserId: 'stu',
    leaveType: 'personal',
    start: '2026-11-23T08:00:00+08:00',
    end: '2026-11-24T17:00:00+08:00',
    durationHours: 33,
    durationDays: 1.4,
    reason: 'family',
    attachments: [],
    route: ROUTE,
    thresholdDays: 3,
    ...over,
  };
}
const LONG = { end: '2026-11-28T17:00:00+08:00', durationHours: 129, durationDays: 5.4 };

const stored = (events: LeaveEvent[]): StoredFlowEvent[] => events.map(({ type, ...data }) => ({ type, data }));

/** given events / when command / then state or refusal (emmett style). */
function given(...events: LeaveEvent[]) {
  const snapshot = fold(leaveMachine, stored(events));
  return {
    when(event: LeaveEvent) {
      const accepted = snapshot.can(event);
      const next = accepted ? fold(leaveMachine, stored([...events, event])) : snapshot;
      return {
        thenState(expected: string) {
          expect(accepted).toBe(true);
          expect(stateString(next.value)).toBe(expected);
          return next;
        },
        thenRefused(kind: 'forbidden' | 'impossible' | 'tooSoon', reason?: string) {
          expect(accepted).toBe(false);
          const refusal = leaveFlow.refusal(snapshot, event);
          expect(refusal?.kind).toBe(kind);
          if (reason && refusal && refusal.kind !== 'forbidden') expect(refusal.reason).toBe(reason);
        },
      };
    },
  };
}

describe('leave machine: given / when / then', () => {
  it('a submission goes to the head teacher', () => {
    given().when(submitted()).thenState('headTeacherReview');
  });

  it('refuses a submission that ends before it starts', () => {
    expect(fold(leaveMachine, stored([submitted({ end: '2026-11-22T08:00:00+08:00' })])).value).toBe('new');
  });

  it('≤ threshold: head teacher → office → approved', () => {
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved.notCancelled');
  });

  it('> threshold: office approval goes on to the principal', () => {
    const s = given(submitted(LONG), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off1' }).thenState('principalReview');
    expect(leaveFlow.assignees(s)).toEqual(['pr']);
    given(submitted(LONG), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' })
      .when({ type: 'APPROVE', actorId: 'pr' })
      .thenState('approved.notCancelled');
  });

  it('a rejection needs a reason and ends the flow', () => {
    given(submitted()).when({ type: 'REJECT', actorId: 'ht' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'REJECT', actorId: 'ht', comment: '   ' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'REJECT', actorId: 'ht', comment: '理由不充分' }).thenState('rejected');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'REJECT', actorId: 'off1', comment: 'exam week' }).thenState('rejected');
  });

  it('only the assigned reviewer of the current step acts', () => {
    given(submitted()).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'APPROVE', actorId: 'outsider' }).thenRefused('forbidden');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('forbidden');
  });

  it('nobody reviews their own request', () => {
    given(submitted()).when({ type: 'APPROVE', actorId: 'parent' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'APPROVE', actorId: 'stu' }).thenRefused('forbidden');
  });

  it('a step whose only reviewer is the applicant falls to the next reviewer', () => {
    const own = submitted({ actorId: 'ht' }); // the head teacher applies for their own child
    const s = fold(leaveMachine, stored([own]));
    expect(leaveFlow.assignees(s)).toEqual([]);
    expect(leaveFlow.autoEvent(s)).toEqual({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' });
    given(own).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('forbidden');
    const next = given(own).when({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' }).thenState('officeReview');
    expect(leaveFlow.assignees(next)).toEqual(['off1', 'off2']);
    expect(leaveFlow.autoEvent(next)).toBeNull();
  });

  it('an office reviewer who applies leaves the office step to the other reviewers', () => {
    const s = fold(leaveMachine, stored([submitted({ actorId: 'off1' }), { type: 'APPROVE', actorId: 'ht' }]));
    expect(leaveFlow.assignees(s)).toEqual(['off2']);
    expect(leaveFlow.autoEvent(s)).toBeNull();
  });

  it('the applicant may withdraw while pending, not after a decision', () => {
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
    given(submitted(LONG), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' }).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'ht' }).thenRefused('forbidden');
    given(submitted(), { type: 'REJECT', actorId: 'ht', comment: 'no' }).when({ type: 'WITHDRAW', actorId: 'parent' }).thenRefused('impossible', 'workflow.notPending');
  });

  it('cancel-leave records the return inside the leave, once, after approval', () => {
    const approved = [submitted(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' }] as LeaveEvent[];
    given(...approved).when({ type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-24T10:00:00+08:00' }).thenState('approved.cancelled');
    given(...approved).when({ type: 'CANCEL_LEAVE', actorId: 'ht', returnedAt: '2026-11-23T08:00:00+08:00' }).thenState('approved.cancelled');
    given(...approved).when({ type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-25T10:00:00+08:00' }).thenRefused('impossible', 'workflow.returnOutsideLeave');
    given(...approved).when({ type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-23T07:59:59+08:00' }).thenRefused('impossible', 'workflow.returnOutsideLeave');
    given(...approved).when({ type: 'CANCEL_LEAVE', actorId: 'off1', returnedAt: '2026-11-24T10:00:00+08:00' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-24T10:00:00+08:00' }).thenRefused('impossible', 'workflow.notApproved');
    given(...approved, { type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-24T10:00:00+08:00' })
      .when({ type: 'CANCEL_LEAVE', actorId: 'parent', returnedAt: '2026-11-24T11:00:00+08:00' })
      .thenRefused('impossible', 'workflow.alreadyCancelled');
  });

  it('the applicant may urge the current reviewers once an hour, while pending; the step stays', () => {
    const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00+08:00') + minutes * 60_000).toISOString();
    const urged = given(submitted()).when({ type: 'URGE', actorId: 'parent', at: at(0) }).thenState('headTeacherReview');
    expect(urged.context.lastUrgedAt).toBe(at(0));
    expect(leaveFlow.assignees(urged)).toEqual(['ht']);
    given(submitted(), { type: 'URGE', actorId: 'parent', at: at(0) }).when({ type: 'URGE', actorId: 'parent', at: at(59) }).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(submitted(), { type: 'URGE', actorId: 'parent', at: at(0) }).when({ type: 'URGE', actorId: 'parent', at: at(60) }).thenState('headTeacherReview');
    // the hour is per instance, not per step
    given(submitted(), { type: 'URGE', actorId: 'parent', at: at(0) }, { type: 'APPROVE', actorId: 'ht' })
      .when({ type: 'URGE', actorId: 'parent', at: at(30) })
      .thenRefused('tooSoon', 'workflow.urgedRecently');
    given(submitted()).when({ type: 'URGE', actorId: 'ht', at: at(0) }).thenRefused('forbidden');
    given(submitted()).when({ type: 'URGE', actorId: 'stu', at: at(0) }).thenRefused('forbidden');
    given(submitted(), { type: 'REJECT', actorId: 'ht', comment: 'no' }).when({ type: 'URGE', actorId: 'parent', at: at(0) }).thenRefused('impossible', 'workflow.notPending');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' })
      .when({ type: 'URGE', actorId: 'parent', at: at(0) })
      .thenRefused('impossible', 'workflow.notPending');
  });

  it('labels review status with the spec labels and cancelled / not cancelled', () => {
    const at = (...events: LeaveEvent[]) => leaveFlow.status(fold(leaveMachine, stored(events)));
    expect(at(submitted())).toEqual({ review: 'unreviewed' });
    expect(at(submitted(), { type: 'APPROVE', actorId: 'ht' })).toEqual({ review: 'pending' });
    expect(at(submitted(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' })).toEqual({ review: 'passed', extra: 'notCancelled' });
    expect(at(submitted(), { type: 'REJECT', actorId: 'ht', comment: 'x' })).toEqual({ review: 'rejected' });
    expect(at(submitted(), { type: 'WITHDRAW', actorId: 'parent' })).toEqual({ review: 'withdrawn' });
  });
});

describe('leave machine: every path (xstate graph traversal)', () => {
  const inside = '2026-11-24T10:00:00+08:00';
  const outside = '2026-12-30T10:00:00+08:00';
  const actors = ['parent', 'stu', 'ht', 'off1', 'pr', 'outsider'];
  const events: LeaveEvent[] = [
    submitted(),
    submitted(LONG),
    submitted({ actorId: 'ht' }),
    ...actors.flatMap((a): LeaveEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'reason' },
      { type: 'WITHDRAW', actorId: a },
      { type: 'CANCEL_LEAVE', actorId: a, returnedAt: inside },
      { type: 'CANCEL_LEAVE', actorId: a, returnedAt: outside },
      { type: 'URGE', actorId: a, at: '2026-11-23T09:00:00.000Z' },
    ]),
    { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
  ];
  const paths = getSimplePaths(leaveMachine, {
    events,
    serializeState: (s) => `${stateString(s.value)}|${s.context.applicantId}|${s.context.durationDays}`,
  });

  it('reaches every state of the flow', () => {
    const reached = new Set(paths.map((p) => stateString(p.state.value)));
    expect([...reached].sort()).toEqual(
      ['new', 'headTeacherReview', 'officeReview', 'principalReview', 'approved.notCancelled', 'approved.cancelled', 'rejected', 'withdrawn'].sort(),
    );
  });

  it('on every path: approvals come from the step reviewer, never the applicant; rejections carry a reason; the principal step only for long leaves or a skipped office', () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      let prev = fold(leaveMachine, []);
      for (const step of path.steps) {
        const e = step.event as LeaveEvent;
        const before = stateString(prev.value);
        const after = stateString(step.state.value);
        if (e.type === 'APPROVE' || e.type === 'REJECT') {
          expect(e.actorId).not.toBe(step.state.context.applicantId);
          expect(leaveFlow.assignees(prev)).toContain(e.actorId);
        }
        if (e.type === 'REJECT') expect(e.comment?.trim()).toBeTruthy();
        if (after === 'principalReview' && before === 'officeReview') {
          expect(e.type === 'SKIP_STEP' || step.state.context.durationDays > step.state.context.thresholdDays).toBe(true);
        }
        if (e.type === 'CANCEL_LEAVE') expect(e.returnedAt).toBe(inside);
        prev = step.state;
      }
    }
  });

  it('every path reaching approval passed through at least one reviewer who is not the applicant', () => {
    const approvedPaths = paths.filter((p) => stateString(p.state.value).startsWith('approved'));
    expect(approvedPaths.length).toBeGreaterThan(0);
    for (const p of approvedPaths) {
      const approvals = p.steps.filter((s) => (s.event as LeaveEvent).type === 'APPROVE');
      expect(approvals.length).toBeGreaterThanOrEqual(1);
      expect(approvals.every((s) => (s.event as LeaveEvent).actorId !== p.state.context.applicantId)).toBe(true);
    }
  });
});
