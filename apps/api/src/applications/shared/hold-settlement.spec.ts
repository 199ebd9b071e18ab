import { describe, expect, it } from '@jest/globals';
import { fold, type FlowDefinition } from '@schoolflow/workflows';
import { classroomLoanFlow } from '@schoolflow/workflows/classroom-loan/classroom-loan.flow.js';
import { heldAtStart } from '../../workflow/domain/flow-hold.js';
import { requestHold } from './hold-settlement.js';

// A request's hold as its events move it (docs/adr/0031): the one rule the effects write and the rebuild folds.
const LOAN = classroomLoanFlow as unknown as FlowDefinition;
const hold = requestHold(LOAN, ['classroom_booking']);
const SUBMIT = { type: 'SUBMIT', data: { actorId: 'teacher', studentId: '', studentUserId: null, classroomId: 'room', classroomName: '104', start: '2026-11-25T14:00:00+08:00', end: '2026-11-25T16:00:00+08:00', purpose: 'p', remark: null, route: { office: ['off1'] } } };
const START = heldAtStart('00000000-0000-4000-8000-000000000001', { classroom_booking: [{ classroom_id: 'room', period: '["2026-11-25T06:00:00.000Z","2026-11-25T08:00:00.000Z")' }] });

/** Given the loan submitted, when `event` is committed (its effect applied or not), then its rows. */
function when(event: { type: string; data: Record<string, unknown> }, applied = true) {
  const before = fold(LOAN.machine, [SUBMIT]);
  const after = fold(LOAN.machine, [SUBMIT, event]);
  return hold.evolve(START, { ...event, before, after, applied }).classroom_booking;
}

describe('a request\'s hold, evolved', () => {
  it('the start holds its rows pending, each with an id of its own that a rebuild makes again', () => {
    expect(START.classroom_booking).toEqual([expect.objectContaining({ instance_id: '00000000-0000-4000-8000-000000000001', status: 'pending', id: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    expect(heldAtStart('00000000-0000-4000-8000-000000000001', { classroom_booking: [{}] }).classroom_booking?.[0]?.id).toBe(START.classroom_booking?.[0]?.id);
  });

  it('when it passes, its rows stand (passed); when rejected or withdrawn, they go', () => {
    expect(when({ type: 'APPROVE', data: { actorId: 'off1' } })).toEqual([expect.objectContaining({ status: 'passed' })]);
    expect(when({ type: 'REJECT', data: { actorId: 'off1', comment: '考试' } })).toEqual([]);
    expect(when({ type: 'WITHDRAW', data: { actorId: 'teacher' } })).toEqual([]);
  });

  it('given its effect has not run (or was refused), then nothing moved yet', () => {
    expect(when({ type: 'APPROVE', data: { actorId: 'off1' } }, false)).toEqual(START.classroom_booking);
    expect(when({ type: 'REJECT', data: { actorId: 'off1', comment: '考试' } }, false)).toEqual(START.classroom_booking);
  });

  it('an event that does not move the review (an urge, a CC) leaves it', () => {
    expect(when({ type: 'URGE', data: { actorId: 'teacher', at: '2026-11-24T00:00:00.000Z' } })).toEqual(START.classroom_booking);
  });
});
