import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, givenFlow } from '../kit/testing.js';
import { repairFlow } from './repair.flow.js';
import { repairFormSchema } from './repair.form.js';
import { type RepairEvent, repairMachine, type RepairSubmitted } from './repair.machine.js';

const FIXED_AT = '2026-12-01T02:00:00.000Z';
const reported = (over: Partial<RepairSubmitted> = {}): RepairSubmitted => ({
  type: 'SUBMIT',
  actorId: 'me',
  typeId: 't1',
  typeName: '水电',
  location: 'A203',
  description: '灯不亮',
  urgency: 'normal',
  photos: [],
  closeAfterDays: 3,
  route: { office: ['off1', 'off2'], worker: [] },
  studentId: null,
  studentUserId: null,
  ...over,
});
const dispatched: RepairEvent = { type: 'DISPATCH', actorId: 'off1', toUserId: 'w1' };
const fixed: RepairEvent = { type: 'FIX', actorId: 'w1', at: FIXED_AT };
const given = givenFlow<typeof repairMachine, RepairEvent>(repairFlow);

describe('repair machine: given / when / then', () => {
  it('report → the office dispatches → the worker fixes → the reporter confirms', () => {
    const s = given().when(reported()).thenState('dispatching');
    expect(repairFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(repairFlow.assignees(s)).toEqual(['off1', 'off2']);
    const r = given(reported()).when(dispatched).thenState('repairing');
    expect(repairFlow.assignees(r)).toEqual(['w1']);
    const f = given(reported(), dispatched).when(fixed).thenState('fixed');
    expect(repairFlow.assignees(f)).toEqual(['me']);
    const done = given(reported(), dispatched, fixed).when({ type: 'CONFIRM', actorId: 'me' }).thenState('confirmed');
    expect(repairFlow.status(done)).toEqual({ review: 'passed' });
    expect(repairFlow.participants(done.context)).toEqual(['me', 'off1', 'off2', 'w1']);
  });

  it('the reporter urges the office and the worker, once an hour; not the reporter’s own step', () => {
    given(reported()).when({ type: 'URGE', actorId: 'me', at: '2026-12-01T01:00:00.000Z' }).thenState('dispatching');
    given(reported(), { type: 'URGE', actorId: 'me', at: '2026-12-01T01:00:00.000Z' }).when({ type: 'URGE', actorId: 'me', at: '2026-12-01T01:30:00.000Z' }).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(reported(), dispatched).when({ type: 'URGE', actorId: 'me', at: '2026-12-01T01:00:00.000Z' }).thenState('repairing');
    given(reported(), dispatched).when({ type: 'URGE', actorId: 'off1', at: '2026-12-01T01:00:00.000Z' }).thenRefused('forbidden');
    given(reported(), dispatched, fixed).when({ type: 'URGE', actorId: 'me', at: '2026-12-01T03:00:00.000Z' }).thenRefused('impossible', 'workflow.notPending');
  });

  it('only the office dispatches, to someone who is not the reporter; only the worker fixes; only the reporter confirms', () => {
    given(reported()).when({ type: 'DISPATCH', actorId: 'w1', toUserId: 'w1' }).thenRefused('forbidden');
    given(reported()).when({ type: 'DISPATCH', actorId: 'off1', toUserId: 'me' }).thenRefused('impossible', 'workflow.repairWorkerInvalid');
    given(reported()).when(fixed).thenRefused('impossible', 'workflow.repairNotRepairing');
    given(reported(), dispatched).when({ type: 'FIX', actorId: 'off1', at: FIXED_AT }).thenRefused('forbidden');
    given(reported(), dispatched).when(dispatched).thenRefused('impossible', 'workflow.repairNotDispatching');
    given(reported(), dispatched, fixed).when({ type: 'CONFIRM', actorId: 'w1' }).thenRefused('forbidden');
  });

  it('nobody dispatches their own report: an office member who reported is not among its dispatchers', () => {
    const s = given().when(reported({ actorId: 'off1' })).thenState('dispatching');
    expect(repairFlow.assignees(s)).toEqual(['off2']);
    given(reported({ actorId: 'off1' })).when({ type: 'DISPATCH', actorId: 'off1', toUserId: 'w1' }).thenRefused('forbidden');
  });

  it('the reporter sends it back once, with a reason, to the same worker; then confirms or it closes', () => {
    given(reported(), dispatched, fixed).when({ type: 'REOPEN', actorId: 'me' }).thenRefused('impossible', 'workflow.repairReopenNeedsReason');
    const again = given(reported(), dispatched, fixed).when({ type: 'REOPEN', actorId: 'me', comment: '还是不亮' }).thenState('repairing');
    expect(repairFlow.assignees(again)).toEqual(['w1']);
    expect(repairFlow.timer(again)).toBeNull();
    const reopen: RepairEvent = { type: 'REOPEN', actorId: 'me', comment: '还是不亮' };
    given(reported(), dispatched, fixed, reopen, fixed).when({ type: 'REOPEN', actorId: 'me', comment: '又坏了' }).thenRefused('impossible', 'workflow.repairReopenedOnce');
    given(reported(), dispatched, fixed, reopen, fixed).when({ type: 'CONFIRM', actorId: 'me' }).thenState('confirmed');
  });

  it('a fixed repair left unconfirmed closes after the type’s days — by the engine only, not before', () => {
    const waiting = given(reported(), dispatched).when(fixed).thenState('fixed');
    expect(repairFlow.timer(waiting)).toEqual({ type: 'CLOSE', at: '2026-12-04T02:00:00.000Z' });
    given(reported(), dispatched, fixed).when({ type: 'CLOSE', actorId: 'system', at: '2026-12-04T01:59:59.000Z' }).thenRefused('impossible');
    const closed = given(reported(), dispatched, fixed).when({ type: 'CLOSE', actorId: 'system', at: '2026-12-04T02:00:00.000Z' }).thenState('closed');
    expect(repairFlow.status(closed)).toEqual({ review: 'passed', extra: 'autoClosed' });
    expect(repairFlow.assignees(closed)).toEqual([]);
    expect(repairFlow.timer(closed)).toBeNull();
    expect(repairFlow.commandTypes).not.toContain('CLOSE');
    given(reported(), dispatched, fixed).when({ type: 'CLOSE', actorId: 'me', at: '2026-12-05T00:00:00.000Z' } as never).thenRefused('impossible');
  });

  it('the office rejects with a reason; the reporter withdraws until it is dispatched', () => {
    given(reported()).when({ type: 'REJECT', actorId: 'off1' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(reported()).when({ type: 'REJECT', actorId: 'off1', comment: '重复报修' }).thenState('rejected');
    given(reported()).when({ type: 'WITHDRAW', actorId: 'me' }).thenState('withdrawn');
    given(reported(), dispatched).when({ type: 'WITHDRAW', actorId: 'me' }).thenRefused('impossible');
  });

  it('the form: a type, a location, a description of at most 500, at most 4 photos', () => {
    const ok = { typeId: '00000000-0000-4000-8000-000000000001', location: 'A203', description: '灯不亮', urgency: 'urgent' };
    expect(repairFormSchema.safeParse(ok).success).toBe(true);
    expect(repairFormSchema.parse({ ...ok, urgency: undefined }).urgency).toBe('normal');
    const fail = (f: Record<string, unknown>) => repairFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, description: 'x'.repeat(501) })).toEqual(['description:validation.repairDescriptionTooLong']);
    expect(fail({ ...ok, photos: Array.from({ length: 5 }, () => ok.typeId) })).toEqual(['photos:validation.tooManyPictures']);
    expect(fail({ ...ok, typeId: 'water' })).toEqual(['typeId:validation.repairTypeRequired']);
    expect(fail({ ...ok, location: '  ' })).toEqual(['location:validation.repairLocationRequired']);
  });
});

describe('repair machine: every path', () => {
  const events: RepairEvent[] = [
    reported(),
    reported({ actorId: 'off1' }),
    ...['me', 'off1', 'off2', 'w1', 'outsider'].flatMap((a): RepairEvent[] => [
      { type: 'DISPATCH', actorId: a, toUserId: 'w1' },
      { type: 'FIX', actorId: a, at: FIXED_AT },
      { type: 'CONFIRM', actorId: a },
      { type: 'REOPEN', actorId: a, comment: '没修好' },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
    { type: 'CLOSE', actorId: 'system', at: '2026-12-09T00:00:00.000Z' },
  ];
  const paths = everyPath(repairFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}|${s.context.reopened}`);

  it('reaches every state; each step is taken by whom it is assigned to, never by the reporter except their own confirmation', () => {
    expect([...new Set(paths.map((p) => stateString(p.end.value)))].sort()).toEqual(['closed', 'confirmed', 'dispatching', 'fixed', 'new', 'rejected', 'repairing', 'withdrawn']);
    for (const p of paths) {
      for (const { before, event, after } of p.steps) {
        if (['DISPATCH', 'FIX', 'REJECT'].includes(event.type)) {
          expect(repairFlow.assignees(before)).toContain(event.actorId);
          expect(event.actorId).not.toBe(after.context.applicantId);
        }
        if (['CONFIRM', 'REOPEN'].includes(event.type)) expect(event.actorId).toBe(after.context.applicantId);
      }
      // a repair is reopened at most once on any path
      expect(p.steps.filter((s) => s.event.type === 'REOPEN').length).toBeLessThanOrEqual(1);
    }
  });
});
