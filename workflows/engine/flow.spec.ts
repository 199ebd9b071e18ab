import { describe, expect, it } from '@jest/globals';
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate';
import { leaveMachine } from '../leave/leave.machine.js';
import { advance, fold, type StoredFlowEvent } from './flow.js';

// fold and advance take each event through one inert scope per machine instead of xstate's `transition()`, which
// builds an actor per call (docs/adr/0074). They must answer what `transition()` answers, and one instance's events
// must never reach another's state through the shared scope.

const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'], principal: ['pr'] };
const submit = (studentId: string, end: string, days: number): StoredFlowEvent => ({
  type: 'SUBMIT',
  data: { actorId: 'parent', studentId, studentUserId: `u-${studentId}`, leaveType: 'personal', start: '2026-11-23T08:00:00+08:00', end, durationHours: days * 24, durationDays: days, reason: 'family', attachments: [], route: ROUTE, thresholdDays: 3 },
});
const act = (type: string, actorId: string, extra: Record<string, unknown> = {}): StoredFlowEvent => ({ type, data: { actorId, ...extra } });

/** The same events through xstate's own pure `transition()`. */
function viaXstate(events: readonly StoredFlowEvent[]): AnyMachineSnapshot {
  let [s] = initialTransition(leaveMachine);
  for (const e of events) [s] = transition(leaveMachine, s, { ...e.data, type: e.type } as never);
  return s as AnyMachineSnapshot;
}
const seen = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context, status: s.status });

describe('fold and advance (docs/adr/0074)', () => {
  const short = [submit('s1', '2026-11-24T17:00:00+08:00', 1.4), act('APPROVE', 'ht'), act('APPROVE', 'stranger'), act('URGE', 'parent'), act('APPROVE', 'off1')];
  const long = [submit('s2', '2026-11-28T17:00:00+08:00', 5.4), act('APPROVE', 'ht'), act('REJECT', 'off2', { comment: 'no' }), act('WITHDRAW', 'parent')];

  it('given accepted and refused events alike, then every step answers what xstate’s transition() answers', () => {
    for (const events of [short, long]) {
      for (let n = 0; n <= events.length; n++) expect(seen(fold(leaveMachine, events.slice(0, n)))).toEqual(seen(viaXstate(events.slice(0, n))));
    }
    // the paths go somewhere: the short leave passes (a stranger's approval refused), the long one ends rejected
    expect(short.map((_, n) => fold(leaveMachine, short.slice(0, n + 1)).value)).toEqual(['headTeacherReview', 'officeReview', 'officeReview', 'officeReview', { approved: 'notCancelled' }]);
    expect(long.map((_, n) => fold(leaveMachine, long.slice(0, n + 1)).value)).toEqual(['headTeacherReview', 'officeReview', 'rejected', 'rejected']);
  });

  it('given two instances advanced in turn through the one scope, then each ends as its own fold alone', () => {
    let a = fold(leaveMachine, []);
    let b = fold(leaveMachine, []);
    for (let i = 0; i < Math.max(short.length, long.length); i++) {
      const ea = short[i];
      const eb = long[i];
      if (ea) a = advance(leaveMachine, a, [ea]);
      if (eb) b = advance(leaveMachine, b, [eb]);
    }
    expect(seen(a)).toEqual(seen(viaXstate(short)));
    expect(seen(b)).toEqual(seen(viaXstate(long)));
  });
});
