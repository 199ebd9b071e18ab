import { expect } from '@jest/globals';
import { getSimplePaths } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import { type ActorEvent, type FlowDefinition, fold, type StoredFlowEvent, stateString } from '../engine/flow.js';

/** Events as the store keeps them: type apart, the rest as data. */
export const stored = <E extends { type: string }>(events: readonly E[]): StoredFlowEvent[] => events.map(({ type, ...data }) => ({ type, data: data as Record<string, unknown> }));

/**
 * given events / when command / then state or refusal (emmett style), for any flow's machine spec: the refusal is
 * the one the server answers (the declaration's, from the failing guard).
 */
export function givenFlow<M extends AnyStateMachine, E extends ActorEvent>(def: FlowDefinition<M>) {
  return (...events: E[]) => {
    const snapshot = fold(def.machine, stored(events as never));
    return {
      snapshot,
      when(event: E) {
        const accepted = (snapshot as AnyMachineSnapshot).can(event as never);
        const next = accepted ? fold(def.machine, stored([...events, event] as never)) : snapshot;
        return {
          thenState(expected: string): SnapshotFrom<M> {
            expect(accepted).toBe(true);
            expect(stateString((next as AnyMachineSnapshot).value)).toBe(expected);
            return next;
          },
          thenRefused(kind: 'forbidden' | 'impossible' | 'tooSoon', reason?: string) {
            expect(accepted).toBe(false);
            const refusal = def.refusal(snapshot, event);
            expect(refusal?.kind).toBe(kind);
            if (reason && refusal && refusal.kind !== 'forbidden') expect(refusal.reason).toBe(reason);
          },
        };
      },
    };
  };
}

/** Every simple path through a flow's machine for the given events (`@xstate/graph`), with each step's state before. */
export function everyPath<M extends AnyStateMachine>(def: FlowDefinition<M>, events: readonly ActorEvent[], serialize: (s: SnapshotFrom<M>) => string) {
  const paths = getSimplePaths(def.machine, { events: events as never, serializeState: serialize as never });
  return paths.map((p) => {
    let prev = fold(def.machine, []);
    const steps = p.steps.map((s) => {
      const step = { before: prev, event: s.event as unknown as ActorEvent & Record<string, unknown>, after: s.state as SnapshotFrom<M> };
      prev = s.state as SnapshotFrom<M>;
      return step;
    });
    return { end: p.state as SnapshotFrom<M>, steps };
  });
}

/**
 * What the paths of every review flow must show (its machine spec states it with this): they reach exactly `states`,
 * and each decision (APPROVE, REJECT) on the way was made by one of the step's reviewers who is not the applicant.
 */
export function expectReviewPaths<M extends AnyStateMachine>(def: FlowDefinition<M>, paths: ReturnType<typeof everyPath<M>>, states: readonly string[]): void {
  expect([...new Set(paths.map((p) => stateString((p.end as AnyMachineSnapshot).value)))].sort()).toEqual([...states].sort());
  for (const p of paths) {
    for (const { before, event, after } of p.steps) {
      if (event.type !== 'APPROVE' && event.type !== 'REJECT') continue;
      expect(def.assignees(before)).toContain(event.actorId);
      expect(event.actorId).not.toBe((after as AnyMachineSnapshot).context.applicantId);
    }
  }
}
