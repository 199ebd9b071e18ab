import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, givenFlow } from '../kit/testing.js';
import { workTaskFlow } from './work-task.flow.js';
import { type WorkTaskAssigned, type WorkTaskEvent, workTaskMachine } from './work-task.machine.js';

const assigned = (over: Partial<WorkTaskAssigned> = {}): WorkTaskAssigned => ({
  type: 'ASSIGN',
  actorId: 'system',
  taskId: 't1',
  title: '期中总结',
  deadline: '2026-12-05T15:59:59.999Z',
  deadlineDate: '2026-12-05',
  assigneeId: 'me',
  leaderId: 'boss',
  route: { assignee: ['me'], leader: ['boss'] },
  studentId: null,
  studentUserId: null,
  ...over,
});
const report: WorkTaskEvent = { type: 'REPORT', actorId: 'me', percent: 40, comment: '写了一半' };
const submit: WorkTaskEvent = { type: 'SUBMIT', actorId: 'me' };
const returned: WorkTaskEvent = { type: 'RETURN', actorId: 'boss', comment: '缺少数据' };
const given = givenFlow<typeof workTaskMachine, WorkTaskEvent>(workTaskFlow);

describe('work-task machine: given / when / then', () => {
  it('assigned → the assignee reports and submits → the leader approves', () => {
    const s = given().when(assigned()).thenState('working.open');
    expect(workTaskFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(workTaskFlow.assignees(s)).toEqual(['me']);
    const r = given(assigned()).when(report).thenState('working.open');
    expect(r.context.percent).toBe(40);
    expect(r.context.reports).toBe(1);
    const sub = given(assigned(), report).when(submit).thenState('review');
    expect(sub.context.percent).toBe(100);
    expect(workTaskFlow.assignees(sub)).toEqual(['boss']);
    const done = given(assigned(), report, submit).when({ type: 'APPROVE', actorId: 'boss' }).thenState('approved');
    expect(workTaskFlow.status(done)).toEqual({ review: 'passed' });
    expect(workTaskFlow.participants(done.context)).toEqual(['me', 'boss']);
  });

  it('the leader returns it with a reason; the assignee reports and submits again', () => {
    given(assigned(), submit).when({ type: 'RETURN', actorId: 'boss' }).thenRefused('impossible', 'work-tasks.errors.returnNeedsReason');
    const back = given(assigned(), submit).when(returned).thenState('working.returned');
    expect(workTaskFlow.status(back)).toEqual({ review: 'rejected', extra: 'returned' });
    expect(back.context.returns).toBe(1);
    expect(back.context.lastComment).toBe('缺少数据');
    expect(workTaskFlow.assignees(back)).toEqual(['me']);
    given(assigned(), submit, returned).when(report).thenState('working.returned');
    given(assigned(), submit, returned, report).when(submit).thenState('review');
  });

  it('a report gives a whole percentage of 0–100 and what was done', () => {
    given(assigned()).when({ type: 'REPORT', actorId: 'me', percent: 101, comment: 'x' }).thenRefused('impossible', 'work-tasks.errors.reportInvalid');
    given(assigned()).when({ type: 'REPORT', actorId: 'me', percent: 2.5, comment: 'x' }).thenRefused('impossible', 'work-tasks.errors.reportInvalid');
    given(assigned()).when({ type: 'REPORT', actorId: 'me', percent: 10, comment: '  ' }).thenRefused('impossible', 'work-tasks.errors.reportInvalid');
    given(assigned()).when({ type: 'REPORT', actorId: 'me', comment: 'x' }).thenRefused('impossible', 'work-tasks.errors.reportInvalid');
    given(assigned(), submit).when(report).thenRefused('impossible', 'work-tasks.errors.notWorking');
  });

  it('only the assignee reports and submits; only the leader decides; nobody reviews their own task', () => {
    given(assigned()).when({ ...report, actorId: 'boss' } as WorkTaskEvent).thenRefused('forbidden');
    given(assigned()).when({ type: 'SUBMIT', actorId: 'other' }).thenRefused('forbidden');
    given(assigned(), submit).when({ type: 'APPROVE', actorId: 'me' }).thenRefused('forbidden');
    given(assigned(), submit).when({ type: 'RETURN', actorId: 'me', comment: 'x' }).thenRefused('forbidden');
    given(assigned()).when({ type: 'APPROVE', actorId: 'boss' }).thenRefused('impossible', 'workflow.notPending');
    // an assignment of the leader to themselves is refused outright; and only the engine opens one
    given().when(assigned({ assigneeId: 'boss', route: { assignee: ['boss'], leader: ['boss'] } })).thenRefused('forbidden');
    given().when(assigned({ actorId: 'boss' })).thenRefused('forbidden');
    given().when(assigned({ deadline: 'soon' })).thenRefused('forbidden');
  });

  it('the assignee takes a submission back before the decision; the leader cancels what is not done', () => {
    given(assigned(), submit).when({ type: 'WITHDRAW', actorId: 'me' }).thenState('working.open');
    given(assigned(), submit).when({ type: 'WITHDRAW', actorId: 'boss' }).thenRefused('forbidden');
    const c = given(assigned()).when({ type: 'CANCEL', actorId: 'boss' }).thenState('cancelled');
    expect(workTaskFlow.status(c)).toEqual({ review: 'withdrawn' });
    given(assigned(), submit).when({ type: 'CANCEL', actorId: 'boss' }).thenState('cancelled');
    given(assigned()).when({ type: 'CANCEL', actorId: 'me' }).thenRefused('forbidden');
    given(assigned(), submit, { type: 'APPROVE', actorId: 'boss' }).when({ type: 'CANCEL', actorId: 'boss' }).thenRefused('impossible', 'work-tasks.errors.alreadyDone');
  });

  it('REPORT is never offered by the kit’s detail page (its probe carries no percentage)', () => {
    const s = given(assigned()).snapshot;
    expect(s.can(workTaskFlow.probe('REPORT', 'me', s) as never)).toBe(false);
    expect(s.can(workTaskFlow.probe('SUBMIT', 'me', s) as never)).toBe(true);
    expect(workTaskFlow.commandData('REPORT', { comment: 'x' }, 'Asia/Shanghai')).toEqual({ invalid: 'work-tasks.validation.percentRequired' });
  });
});

describe('work-task machine: every path', () => {
  const events: WorkTaskEvent[] = [
    assigned(),
    ...['me', 'boss', 'outsider'].flatMap((a): WorkTaskEvent[] => [
      { type: 'REPORT', actorId: a, percent: 50, comment: '进展' },
      { type: 'SUBMIT', actorId: a },
      { type: 'APPROVE', actorId: a },
      { type: 'RETURN', actorId: a, comment: '补充' },
      { type: 'WITHDRAW', actorId: a },
      { type: 'CANCEL', actorId: a },
    ]),
  ];
  const paths = everyPath(workTaskFlow, events, (s) => `${stateString(s.value)}|${s.context.returns > 0}|${s.context.reports > 0}`);

  it('reaches every state; the assignee alone works, the leader alone decides', () => {
    expect([...new Set(paths.map((p) => stateString(p.end.value)))].sort()).toEqual(['approved', 'cancelled', 'new', 'review', 'working.open', 'working.returned']);
    for (const p of paths) {
      for (const { before, event, after } of p.steps) {
        if (['REPORT', 'SUBMIT', 'WITHDRAW'].includes(event.type)) expect(event.actorId).toBe('me');
        if (['APPROVE', 'RETURN'].includes(event.type)) {
          expect(workTaskFlow.assignees(before)).toContain(event.actorId);
          expect(event.actorId).not.toBe(after.context.applicantId);
        }
        if (event.type === 'CANCEL') expect(event.actorId).toBe('boss');
      }
    }
  });
});
