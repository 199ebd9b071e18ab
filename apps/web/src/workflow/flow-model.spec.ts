import { describe, expect, it } from '@jest/globals';
import type { WorkflowHistoryItem, WorkflowInstanceView } from '@schoolflow/contracts';
import { fold, type LeaveEvent, leaveFlow, type LeaveSubmitted, leaveMachine, stateString } from '@schoolflow/workflows';
import { flowNodes as nodesOf, offeredCommands as offered, refusalOf as refusal, snapshotOf, toStateValue, type CommandInput } from './flow-model.js';

// The leave flow read through the kit's browser model (the assertions are those of the leave model it replaced).
const leaveSnapshot = (v: WorkflowInstanceView) => snapshotOf(leaveFlow, v);
const offeredCommands = (s: ReturnType<typeof leaveSnapshot>, v: WorkflowInstanceView) => offered(leaveFlow, s, v);
const refusalOf = (s: ReturnType<typeof leaveSnapshot>, v: WorkflowInstanceView, type: string, input: CommandInput) => refusal(leaveFlow, s, v, type, input);
const flowNodes = (v: WorkflowInstanceView) => nodesOf(leaveFlow, v);

const ROUTE = { headTeacher: ['ht'], office: ['off'], principal: ['pr'] };
const submit = (over: Partial<LeaveSubmitted> = {}): LeaveSubmitted => ({
  type: 'SUBMIT',
  actorId: 'stu',
  studentId: 's1',
  studentUserId: 'stu',
  leaveType: 'sick',
  start: '2026-11-23T00:00:00.000Z',
  end: '2026-11-24T09:00:00.000Z',
  durationHours: 33,
  durationDays: 1.4,
  reason: 'fever',
  attachments: [],
  route: ROUTE,
  thresholdDays: 3,
  ...over,
});

/** The view the server would answer after these events, with `can` as given. */
function viewOf(events: LeaveEvent[], can: string[] = []): WorkflowInstanceView {
  const stored = events.map(({ type, ...data }) => ({ type, data: data as Record<string, unknown> }));
  const history: WorkflowHistoryItem[] = events.map((e, i) => ({
    version: i + 1,
    type: e.type,
    actorId: e.actorId,
    actorName: e.actorId,
    at: '2026-11-21T05:00:00.000Z',
    comment: e.comment ?? null,
    state: stateString(fold(leaveMachine, stored.slice(0, i + 1)).value),
    ...(e.type === 'SKIP_STEP' ? { reason: e.reason } : {}),
  }));
  const snapshot = fold(leaveMachine, stored);
  return {
    id: 'i1',
    flow: 'leave',
    version: events.length,
    state: stateString(snapshot.value),
    status: { review: 'pending' },
    form: {},
    more: [],
    context: snapshot.context as unknown as Record<string, unknown>,
    applicant: { id: 'stu', name: 'stu' },
    student: null,
    assignees: [],
    history,
    can,
    attachments: [],
  };
}

const marks = (v: WorkflowInstanceView) => Object.fromEntries(flowNodes(v).map((n) => [n.state, n.mark]));

describe('flow model, on leave', () => {
  it('turns dotted states into state values', () => {
    expect(toStateValue('officeReview')).toBe('officeReview');
    expect(toStateValue('approved.cancelled')).toEqual({ approved: 'cancelled' });
  });

  it('offers a command only when the server grants it and the machine accepts it', () => {
    const v = viewOf([submit()], ['APPROVE', 'REJECT']);
    expect(offeredCommands(leaveSnapshot(v), v)).toEqual(['APPROVE', 'REJECT']);
    const bogus = viewOf([submit()], ['CANCEL_LEAVE']); // not possible before approval, whatever the server said
    expect(offeredCommands(leaveSnapshot(bogus), bogus)).toEqual([]);
  });

  it('checks the input with the machine: a rejection needs a reason, a return lies inside the leave', () => {
    const v = viewOf([submit()], ['REJECT']);
    const s = leaveSnapshot(v);
    expect(refusalOf(s, v, 'REJECT', { comment: '  ' })).toBe('workflow.rejectNeedsReason');
    expect(refusalOf(s, v, 'REJECT', { comment: 'no' })).toBeNull();
    const approved = viewOf([submit(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off' }], ['CANCEL_LEAVE']);
    const a = leaveSnapshot(approved);
    expect(approved.state).toBe('approved.notCancelled');
    expect(refusalOf(a, approved, 'CANCEL_LEAVE', { returnedAt: '2026-11-25 09:00' })).toBe('workflow.returnOutsideLeave');
    expect(refusalOf(a, approved, 'CANCEL_LEAVE', { returnedAt: '2026-11-24 12:30' })).toBeNull();
  });

  it('draws the principal only for long leaves, and marks done / current / todo', () => {
    expect(marks(viewOf([submit(), { type: 'APPROVE', actorId: 'ht' }]))).toEqual({ new: 'done', headTeacherReview: 'done', officeReview: 'current', approved: 'todo' });
    const long = viewOf([submit({ durationDays: 5.4 })]);
    expect(marks(long)).toEqual({ new: 'done', headTeacherReview: 'current', officeReview: 'todo', principalReview: 'todo', approved: 'todo' });
  });

  it('marks a skipped step and shows the rejected, withdrawn and returned ends', () => {
    const skipped = viewOf([submit({ actorId: 'ht', route: { headTeacher: ['ht'], office: ['off'], principal: ['pr'] } }), { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' }]);
    expect(marks(skipped)).toMatchObject({ headTeacherReview: 'skipped', officeReview: 'current' });

    const rejected = flowNodes(viewOf([submit(), { type: 'REJECT', actorId: 'ht', comment: 'no' }]));
    expect(rejected.map((n) => [n.state, n.mark])).toEqual([['new', 'done'], ['headTeacherReview', 'done'], ['officeReview', 'todo'], ['approved', 'todo'], ['rejected', 'current']]);
    expect(rejected.find((n) => n.state === 'headTeacherReview')?.rejectedHere).toBe(true);

    const withdrawn = flowNodes(viewOf([submit(), { type: 'WITHDRAW', actorId: 'stu' }]));
    expect(withdrawn.at(-1)).toMatchObject({ state: 'withdrawn', mark: 'current', end: 'withdrawn' });

    const returned = viewOf([submit(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off' }, { type: 'CANCEL_LEAVE', actorId: 'stu', returnedAt: '2026-11-24T04:30:00.000Z' }]);
    expect(marks(returned)).toMatchObject({ approved: 'done', 'approved.cancelled': 'current' });
  });
});
