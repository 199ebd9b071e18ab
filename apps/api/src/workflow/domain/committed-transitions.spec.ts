import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@schoolflow/event-store';
import { fold } from '@schoolflow/workflows';
import { type AnyMachineSnapshot, assign, setup } from 'xstate';
import { committedTransitions, type StoredRow, type TransitionSources } from './committed-transitions.js';
import type { FlowPlugin } from './flow-plugin.js';
import type { DecidedTransition } from './stream-cache.js';

/** A request submitted and approved; `by` records who moved it last, so a test sees which states it was given. */
const machine = setup({ types: { context: {} as { by: string }, events: {} as { type: 'SUBMIT' | 'APPROVE'; actorId: string } } }).createMachine({
  id: 'request',
  context: { by: '' },
  initial: 'draft',
  states: {
    draft: { on: { SUBMIT: { target: 'review', actions: assign({ by: ({ event }) => event.actorId }) } } },
    review: { on: { APPROVE: { target: 'done', actions: assign({ by: ({ event }) => event.actorId }) } } },
    done: {},
  },
});
const plugin = { definition: { machine } } as unknown as FlowPlugin;
const pluginOf = (flow: string) => (flow === 'request' ? plugin : undefined);

function recorded(id: string, version: number, type: string, actorId: string, position: number): RecordedEvent {
  return { position: String(position), transactionId: '1', streamId: `request-${id}`, streamType: 'request', version, type, data: { actorId }, metadata: {} as RecordedEvent['metadata'], recordedAt: new Date() };
}
const row = (e: RecordedEvent): StoredRow => ({ stream_id: e.streamId, type: e.type, data: e.data, version: e.version });

/** The stored streams, and the streams each read asked for. */
function store(events: RecordedEvent[]): { query: TransitionSources['query']; asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    query: async (_sql, params) => {
      const ids = params[0] as string[];
      asked.push([...ids].sort());
      return events.filter((e) => ids.includes(e.streamId)).map(row);
    },
  };
}

/** The transition a command decided, marked so that a test can tell it from a fold of the stream. */
function decidedAs(by: string, events: RecordedEvent[]): DecidedTransition {
  const before = fold(machine, events.slice(0, -1).map((e) => ({ type: e.type, data: e.data })));
  const after = { ...fold(machine, events.map((e) => ({ type: e.type, data: e.data }))), context: { by } } as AnyMachineSnapshot;
  return { before, after };
}

describe('committedTransitions: a batch of committed events as transitions (docs/adr/0072)', () => {
  const submitA = recorded('a', 1, 'SUBMIT', 'student', 10);
  const approveA = recorded('a', 2, 'APPROVE', 'teacher', 11);
  const submitB = recorded('b', 1, 'SUBMIT', 'parent', 12);

  it('given every event decided here, when the caller reads no history, then no stream is read and the decided states are used', async () => {
    const db = store([submitA, approveA]);
    const known = new Map([[`${approveA.streamId}@2`, decidedAs('as-decided', [submitA, approveA])]]);
    const [t] = await committedTransitions([approveA], pluginOf, { query: db.query, decided: (s, v) => known.get(`${s}@${v}`), history: false });
    expect(db.asked).toEqual([]);
    expect((t?.after.context as { by: string } | undefined)?.by).toBe('as-decided');
    expect(t?.before.value).toBe('review');
    expect(t?.history).toEqual([]);
  });

  it('given every event decided here, when the caller reads history, then the streams are read once for it and the decided states are still used', async () => {
    const db = store([submitA, approveA]);
    const known = new Map([[`${approveA.streamId}@2`, decidedAs('as-decided', [submitA, approveA])]]);
    const [t] = await committedTransitions([approveA], pluginOf, { query: db.query, decided: (s, v) => known.get(`${s}@${v}`), history: true });
    expect(db.asked).toEqual([['request-a']]);
    expect(t?.history.map((h) => h.type)).toEqual(['SUBMIT']);
    expect((t?.after.context as { by: string } | undefined)?.by).toBe('as-decided');
  });

  it('given an event appended elsewhere, then only its stream is read and it is folded from the stored events', async () => {
    const db = store([submitA, approveA, submitB]);
    const known = new Map([[`${submitB.streamId}@1`, decidedAs('as-decided', [submitB])]]);
    const out = await committedTransitions([approveA, submitB], pluginOf, { query: db.query, decided: (s, v) => known.get(`${s}@${v}`), history: false });
    expect(db.asked).toEqual([['request-a']]);
    expect(out.map((t) => [t.event.streamId, t.before.value, t.after.value, (t.after.context as { by: string }).by])).toEqual([
      ['request-a', 'review', 'done', 'teacher'],
      ['request-b', 'draft', 'review', 'as-decided'],
    ]);
  });

  it('given two events of one stream, the first decided here and the next not, then the next continues from the decided state', async () => {
    const db = store([submitA, approveA]);
    const known = new Map([[`${submitA.streamId}@1`, decidedAs('as-decided', [submitA])]]);
    const [first, next] = await committedTransitions([submitA, approveA], pluginOf, { query: db.query, decided: (s, v) => known.get(`${s}@${v}`), history: false });
    expect(first?.after).toBe(next?.before);
    expect([next?.before.value, next?.after.value, (next?.after.context as { by: string } | undefined)?.by]).toEqual(['review', 'done', 'teacher']);
  });

  it('given no decided transitions at all, then every event is folded from one read of its streams', async () => {
    const db = store([submitA, approveA, submitB]);
    const out = await committedTransitions([submitA, approveA, submitB], pluginOf, { query: db.query, history: false });
    expect(db.asked).toEqual([['request-a', 'request-b']]);
    expect(out.map((t) => `${t.event.streamId}:${String(t.before.value)}->${String(t.after.value)}`)).toEqual(['request-a:draft->review', 'request-a:review->done', 'request-b:draft->review']);
  });

  it('given events of flows it does not handle, then it reads nothing and answers none', async () => {
    const db = store([]);
    const other = { ...submitA, streamType: 'other', streamId: 'other-a' };
    expect(await committedTransitions([other], pluginOf, { query: db.query, history: true })).toEqual([]);
    expect(db.asked).toEqual([]);
  });
});
