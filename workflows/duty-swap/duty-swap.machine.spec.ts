import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { dutySwapFlow } from './duty-swap.flow.js';
import { type DutySwapEvent, dutySwapMachine, type DutySwapSubmitted } from './duty-swap.machine.js';

const duty = (id: string, teacherId: string) => ({ id, post: { zh: '校门值岗', en: 'School gate' }, date: '2030-10-08', startsAt: '2030-10-08 07:10', endsAt: '2030-10-08 07:50', teacherId, teacherName: teacherId });
const swap = (over: Partial<DutySwapSubmitted> = {}): DutySwapSubmitted => ({
  type: 'SUBMIT',
  actorId: 'me',
  studentId: null,
  studentUserId: null,
  assignmentId: 'd1',
  withTeacherId: 'b',
  reason: '外出培训',
  duty: duty('d1', 'me'),
  other: null,
  withTeacherName: 'b',
  startsAt: '2030-10-07T23:10:00.000Z',
  route: { teacher: ['b'], office: ['off1'] },
  ...over,
});
const given = givenFlow<typeof dutySwapMachine, DutySwapEvent>(dutySwapFlow);

describe('duty-swap machine', () => {
  it('the colleague consents, then the office decides', () => {
    const s = given().when(swap()).thenState('teacherConsent');
    expect(dutySwapFlow.assignees(s)).toEqual(['b']);
    const off = given(swap()).when({ type: 'CONSENT', actorId: 'b' }).thenState('officeReview');
    expect(dutySwapFlow.assignees(off)).toEqual(['off1']);
    expect(dutySwapFlow.status(given(swap(), { type: 'CONSENT', actorId: 'b' }).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved'))).toEqual({ review: 'passed' });
  });

  it('only the colleague consents; not approved in their place; never with oneself; expires when the duty begins', () => {
    given(swap()).when({ type: 'APPROVE', actorId: 'b' }).thenRefused('impossible', 'workflow.awaitingConsent');
    given(swap()).when({ type: 'CONSENT', actorId: 'off1' }).thenRefused('forbidden');
    given().when(swap({ withTeacherId: 'me', route: { teacher: ['me'], office: ['off1'] } })).thenRefused('impossible', 'duty.errors.withYourself');
    given(swap()).when({ type: 'EXPIRE', actorId: 'system', at: '2030-10-07T23:10:00.000Z' }).thenState('expired');
  });

  it('every path: each decision is its step’s reviewer’s', () => {
    const events: DutySwapEvent[] = [swap(), ...['me', 'b', 'off1'].flatMap((a): DutySwapEvent[] => [{ type: 'CONSENT', actorId: a }, { type: 'APPROVE', actorId: a }, { type: 'REJECT', actorId: a, comment: 'no' }, { type: 'WITHDRAW', actorId: a }])];
    expectReviewPaths(dutySwapFlow, everyPath(dutySwapFlow, events, (s) => stateString(s.value)), ['approved', 'new', 'officeReview', 'rejected', 'teacherConsent', 'withdrawn']);
  });
});
