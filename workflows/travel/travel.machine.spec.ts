import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, givenFlow, stored } from '../kit/testing.js';
import { travelFlow } from './travel.flow.js';
import { travelFormSchema } from './travel.form.js';
import { type TravelEvent, travelMachine, type TravelSubmitted } from './travel.machine.js';

const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'] };

function submitted(over: Partial<TravelSubmitted> = {}): TravelSubmitted {
  return {
    type: 'SUBMIT',
    actorId: 'parent',
    studentId: 's1',
    studentUserId: 'stu',
    destination: '市图书馆',
    start: '2026-11-23T13:00:00+08:00',
    end: '2026-11-23T17:00:00+08:00',
    transport: 'bus',
    reason: 'library',
    attachments: [],
    route: ROUTE,
    ...over,
  };
}

const given = givenFlow<typeof travelMachine, TravelEvent>(travelFlow);
const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00+08:00') + minutes * 60_000).toISOString();

describe('travel machine: given / when / then', () => {
  it('a submission goes to the head teacher; the end may equal the start, never precede it', () => {
    given().when(submitted()).thenState('headTeacherReview');
    given().when(submitted({ end: '2026-11-23T13:00:00+08:00' })).thenState('headTeacherReview');
    given().when(submitted({ end: '2026-11-23T12:59:00+08:00' })).thenRefused('impossible', 'validation.endBeforeStart');
  });

  it('head teacher → office → passed', () => {
    const s = given(submitted()).when({ type: 'APPROVE', actorId: 'ht' }).thenState('officeReview');
    expect(travelFlow.assignees(s)).toEqual(['off1', 'off2']);
    expect(travelFlow.status(s)).toEqual({ review: 'pending' });
    const done = given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    expect(travelFlow.status(done)).toEqual({ review: 'passed' });
    expect(travelFlow.assignees(done)).toEqual([]);
  });

  it('only the step reviewer acts; nobody reviews their own request', () => {
    given(submitted()).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'APPROVE', actorId: 'parent' }).thenRefused('forbidden');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('forbidden');
    // an office reviewer who applies for their child leaves the office step to the others
    const s = fold(travelMachine, stored([submitted({ actorId: 'off1' }), { type: 'APPROVE', actorId: 'ht' }]));
    expect(travelFlow.assignees(s)).toEqual(['off2']);
  });

  it('a head teacher applying for their own child: the step passes to the office by itself', () => {
    const own = submitted({ actorId: 'ht' });
    const s = fold(travelMachine, stored([own]));
    expect(travelFlow.autoEvent(s)).toEqual({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' });
    given(own).when({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' }).thenState('officeReview');
  });

  it('a rejection needs a reason and ends it', () => {
    given(submitted()).when({ type: 'REJECT', actorId: 'ht', comment: ' ' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'REJECT', actorId: 'ht', comment: '期中考试周' }).thenState('rejected');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'REJECT', actorId: 'off1', comment: 'no' }).thenState('rejected');
    given(submitted(), { type: 'REJECT', actorId: 'ht', comment: 'no' }).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('impossible', 'workflow.notPending');
  });

  it('the applicant withdraws while pending, not after a decision; nobody else may', () => {
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'stu' }).thenRefused('forbidden');
    given(submitted(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' })
      .when({ type: 'WITHDRAW', actorId: 'parent' })
      .thenRefused('impossible', 'workflow.notPending');
  });

  it('the applicant urges once an hour per instance while pending', () => {
    given(submitted()).when({ type: 'URGE', actorId: 'parent', at: at(0) }).thenState('headTeacherReview');
    given(submitted(), { type: 'URGE', actorId: 'parent', at: at(0) }).when({ type: 'URGE', actorId: 'parent', at: at(59) }).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(submitted(), { type: 'URGE', actorId: 'parent', at: at(0) }).when({ type: 'URGE', actorId: 'parent', at: at(60) }).thenState('headTeacherReview');
    given(submitted()).when({ type: 'URGE', actorId: 'ht', at: at(0) }).thenRefused('forbidden');
  });

  it('转办: the step’s reviewer hands it to someone new; the step stays, its reviewer changes; nobody else may', () => {
    const s = given(submitted()).when({ type: 'TRANSFER', actorId: 'ht', toUserId: 'ht2' }).thenState('headTeacherReview');
    expect(travelFlow.assignees(s)).toEqual(['ht2']);
    expect(travelFlow.participants(s.context)).toContain('ht2');
    given(submitted(), { type: 'TRANSFER', actorId: 'ht', toUserId: 'ht2' }).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('forbidden');
    given(submitted(), { type: 'TRANSFER', actorId: 'ht', toUserId: 'ht2' }).when({ type: 'APPROVE', actorId: 'ht2' }).thenState('officeReview');
    given(submitted()).when({ type: 'TRANSFER', actorId: 'off1', toUserId: 'ht2' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'TRANSFER', actorId: 'ht', toUserId: 'parent' }).thenRefused('impossible', 'workflow.transferPointless');
    given(submitted()).when({ type: 'TRANSFER', actorId: 'ht', toUserId: 'ht' }).thenRefused('impossible', 'workflow.transferPointless');
    given(submitted(), { type: 'REJECT', actorId: 'ht', comment: 'no' }).when({ type: 'TRANSFER', actorId: 'ht', toUserId: 'ht2' }).thenRefused('impossible', 'workflow.notPending');
  });

  it('抄送: the applicant or a reviewer copies people, who may then read it; nobody else may copy', () => {
    const s = given(submitted()).when({ type: 'CC', actorId: 'parent', userIds: ['aunt', 'coach'] }).thenState('headTeacherReview');
    expect(s.context.cc).toEqual(['aunt', 'coach']);
    expect(travelFlow.participants(s.context)).toEqual(expect.arrayContaining(['aunt', 'coach']));
    const again = given(submitted(), { type: 'CC', actorId: 'parent', userIds: ['aunt'] }).when({ type: 'CC', actorId: 'off1', userIds: ['aunt', 'nurse'] }).thenState('headTeacherReview');
    expect(again.context.cc).toEqual(['aunt', 'nurse']);
    given(submitted()).when({ type: 'CC', actorId: 'outsider', userIds: ['x'] }).thenRefused('forbidden');
    given(submitted(), { type: 'CC', actorId: 'parent', userIds: ['aunt'] }).when({ type: 'CC', actorId: 'aunt', userIds: ['x'] }).thenRefused('forbidden');
  });

  it('the form: required fields, lengths, the transport list and end not before start, with the spec messages', () => {
    const ok = { destination: ' 市图书馆 ', start: '2026-11-23 13:00', end: '2026-11-23 13:00', reason: 'library' };
    expect(travelFormSchema.parse(ok).destination).toBe('市图书馆');
    const fail = (form: Record<string, unknown>) => travelFormSchema.safeParse(form).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, destination: '   ' })).toEqual(['destination:validation.destinationRequired']);
    expect(fail({ ...ok, destination: 'x'.repeat(101) })).toEqual(['destination:validation.destinationTooLong']);
    expect(fail({ ...ok, end: '2026-11-23 12:59' })).toEqual(['end:validation.endBeforeStart']);
    expect(fail({ ...ok, transport: 'rocket' })).toEqual(['transport:validation.transportInvalid']);
    expect(fail({ ...ok, reason: '' })).toEqual(['reason:validation.travelReasonRequired']);
  });
});

describe('travel machine: every path (xstate graph traversal)', () => {
  const actors = ['parent', 'stu', 'ht', 'off1', 'outsider'];
  const events: TravelEvent[] = [
    submitted(),
    submitted({ actorId: 'ht' }),
    submitted({ end: '2026-11-22T08:00:00+08:00' }),
    ...actors.flatMap((a): TravelEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'reason' },
      { type: 'WITHDRAW', actorId: a },
      { type: 'URGE', actorId: a, at: '2026-11-23T09:00:00.000Z' },
      { type: 'TRANSFER', actorId: a, toUserId: 'ht2' },
      { type: 'CC', actorId: a, userIds: ['aunt'] },
    ]),
    { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
  ];
  const paths = everyPath(travelFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}|${s.context.lastUrgedAt ?? ''}|${JSON.stringify(s.context.route)}|${s.context.cc.join()}`);

  it('reaches every state', () => {
    expect([...new Set(paths.map((p) => stateString(p.end.value)))].sort()).toEqual(['approved', 'headTeacherReview', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });

  it('on every path: decisions come from the step reviewer, never the applicant; rejections carry a reason; withdrawals and urges are the applicant’s; a passed request had an approval of the office', () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      for (const { before, event, after } of path.steps) {
        if (event.type === 'APPROVE' || event.type === 'REJECT') {
          expect(event.actorId).not.toBe(after.context.applicantId);
          expect(travelFlow.assignees(before)).toContain(event.actorId);
        }
        if (event.type === 'REJECT') expect(String(event.comment).trim()).not.toBe('');
        if (event.type === 'WITHDRAW' || event.type === 'URGE') expect(event.actorId).toBe(after.context.applicantId);
        if (event.type === 'TRANSFER') {
          expect(travelFlow.assignees(before)).toContain(event.actorId);
          expect(travelFlow.assignees(after)).toEqual([event.toUserId]);
          expect(stateString(after.value)).toBe(stateString(before.value));
        }
        if (event.type === 'CC') expect(event.actorId === before.context.applicantId || Object.values(before.context.route).flat().includes(event.actorId)).toBe(true);
        if (event.type === 'SUBMIT') expect(Date.parse(String(event.end))).toBeGreaterThanOrEqual(Date.parse(String(event.start)));
      }
      if (stateString(path.end.value) === 'approved') {
        const last = path.steps[path.steps.length - 1];
        expect(last?.event.type).toBe('APPROVE');
        expect(last?.before.context.route.office).toContain(last?.event.actorId);
      }
    }
  });
});
