import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { FlowDefinition } from '@schoolflow/workflows';
import { classroomLoanFlow } from '@schoolflow/workflows/classroom-loan/classroom-loan.flow.js';
import type { ServerConfig } from '../../config/app-config.js';
import { streamIdOf } from '../domain/workflow-instances.service.js';
import { engineOn, FixedClock } from '../testing/in-memory-ports.js';
import { WorkflowTimers } from './workflow-timers.service.js';

// The timers' due rules on in-memory ports (docs/adr/0031): given a loan nobody decided / when the sweep comes at a
// time / then its EXPIRE goes in, waits, or the instance leaves the due list.

const LOAN = classroomLoanFlow as unknown as FlowDefinition;
const BEGINS = Date.parse('2026-11-25T14:00:00+08:00');
const SUBMITTED = { actorId: 'teacher', studentId: '', studentUserId: null, classroomId: 'room', classroomName: '104', start: '2026-11-25T14:00:00+08:00', end: '2026-11-25T16:00:00+08:00', purpose: 'p', remark: null, route: { office: ['off1'] } };

function given(history: { type: string; data: Record<string, unknown> }[] = [], flows = [LOAN]) {
  const engine = engineOn(flows.map((definition) => ({ definition, buildStart: () => Promise.reject(new Error('no start')), messages: () => [] })));
  const id = randomUUID();
  engine.store.record(streamIdOf('classroom-loan', id), 'classroom-loan', id, [{ type: 'SUBMIT', data: SUBMITTED }, ...history], ['teacher', 'off1']);
  const stream = engine.store.streams.get(streamIdOf('classroom-loan', id));
  if (stream) stream.dueAt = BEGINS; // as the read model has it
  const clock = new FixedClock(0);
  const timers = new WorkflowTimers(engine.catalog, engine.store, engine.instances, engine.commands, clock, { timerSweepSeconds: 60 } as ServerConfig);
  return {
    ...engine,
    id,
    /** When the sweep runs at `at`: how many fired. */
    sweepAt: (at: number) => {
      clock.at = at;
      return timers.fireDue();
    },
    events: () => engine.store.streams.get(streamIdOf('classroom-loan', id))?.events ?? [],
  };
}

describe('the engine timers', () => {
  it('when its time has come, then the system event goes in, stamped with the clock\'s time', async () => {
    const g = given();
    await expect(g.sweepAt(BEGINS + 1000)).resolves.toBe(1);
    expect(g.events().at(-1)).toMatchObject({ type: 'EXPIRE', data: { actorId: 'system', at: new Date(BEGINS + 1000).toISOString() } });
  });

  it('when the read model says due but the machine\'s time has not come (this clock is behind), then nothing fires and it stays due', async () => {
    const g = given();
    await expect(g.sweepAt(BEGINS - 1000)).resolves.toBe(0);
    expect(g.store.appends).toHaveLength(0);
    expect(g.store.cleared).toEqual([]);
  });

  it('given the request was decided meanwhile, then nothing will ever fire: it leaves the due list', async () => {
    const g = given([{ type: 'APPROVE', data: { actorId: 'off1' } }]);
    await expect(g.sweepAt(BEGINS + 1000)).resolves.toBe(0);
    expect(g.store.appends).toHaveLength(0);
    expect(g.store.cleared).toEqual([g.id]);
  });

  it('given its flow is no longer registered, then it leaves the due list', async () => {
    const g = given([], []);
    await expect(g.sweepAt(BEGINS + 1000)).resolves.toBe(0);
    expect(g.store.cleared).toEqual([g.id]);
  });

  it('given another instance of the app fired it first (a lost race), then it is not counted and not retried now', async () => {
    const g = given();
    g.store.loseRaces(1);
    await expect(g.sweepAt(BEGINS + 1000)).resolves.toBe(0);
    expect(g.store.appends).toHaveLength(1);
  });
});
