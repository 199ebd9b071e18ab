import { describe, expect, it } from '@jest/globals';
import { assign, setup } from 'xstate';
import { z } from 'zod';
import { fold, type StoredFlowEvent } from '../engine/flow.js';
import { defineFlow } from './define-flow.js';
import { all, guardsOf } from './rules.js';

// A small flow of the kit's own, to pin how a declaration is read: not leave, so nothing here leans on its shape.
interface Ctx {
  applicantId: string;
  reviewers: string[];
  amount: number;
}
type Ev =
  | { type: 'SUBMIT'; actorId: string; reviewers: string[]; amount: number; comment?: string }
  | { type: 'APPROVE'; actorId: string; comment?: string }
  | { type: 'REJECT'; actorId: string; comment?: string }
  | { type: 'ARCHIVE'; actorId: string; comment?: string };
type Args = { context: Ctx; event: Ev };

const rules = {
  isReviewer: { check: ({ context, event }: Args) => context.reviewers.includes(event.actorId) && event.actorId !== context.applicantId, refusal: 'forbidden' },
  hasReason: { check: ({ event }: Args) => typeof event.comment === 'string' && event.comment.trim() !== '', refusal: 'test.reasonNeeded' },
  small: { check: ({ context }: Args) => context.amount <= 100 },
  isApplicant: { check: ({ context, event }: Args) => context.applicantId === event.actorId, refusal: 'forbidden' },
} as const;

const machine = setup({ types: { context: {} as Ctx, events: {} as Ev }, guards: guardsOf(rules) }).createMachine({
  id: 'kit-test',
  context: { applicantId: '', reviewers: [], amount: 0 },
  initial: 'draft',
  states: {
    draft: {
      meta: { review: 'unreviewed', label: 'test.draft' },
      on: {
        SUBMIT: {
          target: 'review',
          actions: assign(({ event }) => (event.type === 'SUBMIT' ? { applicantId: event.actorId, reviewers: event.reviewers, amount: event.amount } : {})),
        },
      },
    },
    review: {
      meta: { review: 'pending', step: 'desk', label: 'test.review' },
      on: {
        // routing: a small amount passes at once; a large one needs a second look — either way only a reviewer
        APPROVE: [{ guard: all(['isReviewer', 'small']), target: 'done' }, { guard: 'isReviewer', target: 'secondLook' }],
        REJECT: { guard: all(['isReviewer', 'hasReason']), target: 'rejected' },
      },
    },
    secondLook: { meta: { review: 'pending', step: 'desk', label: 'test.second' }, on: { APPROVE: { guard: 'isReviewer', target: 'done' } } },
    done: {
      meta: { review: 'passed', label: 'test.done' },
      initial: 'open',
      states: {
        open: { meta: { extra: 'open' }, on: { ARCHIVE: { guard: 'isApplicant', target: 'archived' } } },
        archived: { type: 'final', meta: { extra: 'archived', end: 'archived', refuses: { ARCHIVE: 'test.alreadyArchived' } } },
      },
    },
    rejected: { type: 'final', meta: { review: 'rejected' } },
  },
});

const flow = defineFlow({
  flow: 'kit-test',
  machine,
  rules,
  startEvent: 'SUBMIT',
  commands: {
    APPROVE: { notNow: 'test.notPending' },
    REJECT: { notNow: 'test.notPending', probe: () => ({ comment: 'probe' }) },
    ARCHIVE: { notNow: 'test.notDone' },
  },
  diagram: [{ state: 'draft' }, { state: 'review' }, { state: 'secondLook', shown: (c: Ctx) => c.amount > 100 }, { state: 'done' }],
  reviewers: (ctx) => ctx.reviewers.filter((id) => id !== ctx.applicantId),
  participants: (ctx) => [ctx.applicantId, ...ctx.reviewers],
  formView: (d) => ({ amount: d.amount }),
  form: { schema: z.object({ amount: z.number() }), fields: [{ name: 'amount', kind: 'text' }] },
  apply: { roles: ['teacher'], icon: 'edit', sort: 1 },
});

const at = (...events: Ev[]) => fold(machine, events.map(({ type, ...data }): StoredFlowEvent => ({ type, data })));
const submitted = (amount = 10): Ev => ({ type: 'SUBMIT', actorId: 'app', reviewers: ['r1', 'app'], amount });

describe('the flow kit reads a declaration', () => {
  it('given a state, its meta says the review status, the extra status and the step', () => {
    expect(flow.status(at())).toEqual({ review: 'unreviewed' });
    expect(flow.status(at(submitted()))).toEqual({ review: 'pending' });
    expect(flow.currentStep(at(submitted()))).toBe('desk');
    expect(flow.assignees(at(submitted()))).toEqual(['r1']); // nobody reviews their own request
    const done = at(submitted(), { type: 'APPROVE', actorId: 'r1' });
    expect(flow.status(done)).toEqual({ review: 'passed', extra: 'open' });
    expect(flow.currentStep(done)).toBeNull();
    expect(flow.assignees(done)).toEqual([]);
  });

  it('when an actor is not the one the guard names, then forbidden; when the input is short, then the guard\'s reason', () => {
    const s = at(submitted());
    expect(flow.refusal(s, { type: 'APPROVE', actorId: 'app' })).toEqual({ kind: 'forbidden' });
    expect(flow.refusal(s, { type: 'REJECT', actorId: 'r1' })).toEqual({ kind: 'impossible', reason: 'test.reasonNeeded' });
    expect(flow.refusal(s, { type: 'REJECT', actorId: 'r1', comment: 'x' })).toBeNull();
    // neither branch of a routed APPROVE holds for an outsider: the identity guard speaks, not the routing one
    expect(flow.refusal(s, { type: 'APPROVE', actorId: 'outsider' })).toEqual({ kind: 'forbidden' });
    expect(flow.refusal(at(submitted(500)), { type: 'APPROVE', actorId: 'r1' })).toBeNull();
  });

  it('when a state has no transition for a command, then the state\'s own word, else the command\'s "not now"', () => {
    const archived = at(submitted(), { type: 'APPROVE', actorId: 'r1' }, { type: 'ARCHIVE', actorId: 'app' });
    expect(flow.refusal(archived, { type: 'ARCHIVE', actorId: 'app' })).toEqual({ kind: 'impossible', reason: 'test.alreadyArchived' });
    expect(flow.refusal(at(submitted()), { type: 'ARCHIVE', actorId: 'app' })).toEqual({ kind: 'impossible', reason: 'test.notDone' });
    expect(flow.refusal(archived, { type: 'APPROVE', actorId: 'r1' })).toEqual({ kind: 'impossible', reason: 'test.notPending' });
    expect(flow.refusal(at(submitted()), { type: 'TELEPORT', actorId: 'r1' })).toEqual({ kind: 'impossible', reason: 'workflow.unknownAction' });
  });

  it('probes each command with its smallest complete data, the same way on every side', () => {
    const s = at(submitted());
    expect(flow.commandTypes.filter((type) => flow.refusal(s, flow.probe(type, 'r1', s)) === null)).toEqual(['APPROVE', 'REJECT']);
    expect(flow.commandTypes.filter((type) => flow.refusal(s, flow.probe(type, 'app', s)) === null)).toEqual([]);
  });

  it('labels the diagram from the states\' meta, keeps conditional steps, and names everyone the instance names', () => {
    expect(flow.steps.map((s) => [s.state, s.labelKey])).toEqual([
      ['draft', 'test.draft'],
      ['review', 'test.review'],
      ['secondLook', 'test.second'],
      ['done', 'test.done'],
    ]);
    expect(flow.steps[2]?.shown?.({ amount: 500 })).toBe(true);
    expect(flow.participants({ applicantId: 'app', reviewers: ['r1', 'app', ''] })).toEqual(['app', 'r1']);
    expect(flow.commandData('APPROVE', { returnedAt: 'ignored' }, 'Asia/Shanghai')).toEqual({ data: {} });
  });
});
