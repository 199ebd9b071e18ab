import { describe, expect, it } from '@jest/globals';
import { defineFlow } from './define-flow.js';
import { type ChainEvent, reviewChain } from './review-chain.js';
import { CC_PER_WINDOW, reviewCommands } from './shared.js';
import { givenFlow } from './testing.js';

// 抄送 as every flow gets it (issue 32, findings 1 and 2), on a chain of the kit's own: a CC names people not copied
// yet (repeats merged), a sender copies a few times an hour at most, and an old history (CCs without a time) folds as
// it did. That the people exist and the instance may be shown to them is the server's (transfer-cc e2e).
const chain = reviewChain({ id: 'kit-cc', steps: [{ step: 'desk', role: 'office', review: 'pending', label: 'test.desk' }], submission: { check: () => true } });
const flow = defineFlow({ ...chain.declaration, flow: 'kit-cc', commands: reviewCommands, form: { schema: undefined as never, fields: [] }, apply: { roles: [], icon: 'edit', sort: 1 }, formView: () => ({}) });
const given = givenFlow<typeof chain.machine, ChainEvent>(flow);

const submitted: ChainEvent = { type: 'SUBMIT', actorId: 'app', studentId: '', studentUserId: null, route: { desk: ['d1'] } };
const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00+08:00') + minutes * 60_000).toISOString();
const cc = (actorId: string, userIds: string[], minutes?: number): ChainEvent => ({ type: 'CC', actorId, userIds, ...(minutes === undefined ? {} : { at: at(minutes) }) });

describe('CC: people not copied yet (repeats merged)', () => {
  it('given someone copied, when a CC names only them, then refused (nobody new); when it names someone new too, then both are kept once', () => {
    const once = given(submitted).when(cc('app', ['aunt'], 0)).thenState('deskReview');
    expect(once.context.cc).toEqual(['aunt']);
    given(submitted, cc('app', ['aunt'], 0)).when(cc('d1', ['aunt'], 1)).thenRefused('impossible', 'workflow.ccNobodyNew');
    const twice = given(submitted, cc('app', ['aunt'], 0)).when(cc('d1', ['aunt', 'nurse'], 1)).thenState('deskReview');
    expect(twice.context.cc).toEqual(['aunt', 'nurse']);
  });

  it('when the server makes a CC from the input on the instance, then those already copied are left out (nobody is messaged twice)', () => {
    const state = given(submitted, cc('app', ['aunt'], 0)).snapshot;
    const made = flow.commandData('CC', { userIds: ['aunt', 'nurse', 'nurse'] }, 'Asia/Shanghai', state);
    expect('data' in made && made.data.userIds).toEqual(['nurse']);
    const none = flow.commandData('CC', { userIds: ['aunt'] }, 'Asia/Shanghai', state);
    expect('data' in none && none.data.userIds).toEqual([]);
    expect(typeof ('data' in none && none.data.at)).toBe('string'); // stamped as it is sent, like an urge
    expect(flow.commandData('CC', { userIds: [] }, 'Asia/Shanghai', state)).toEqual({ invalid: 'validation.ccRequired' });
  });
});

describe(`CC: at most ${CC_PER_WINDOW} an hour per instance and sender`, () => {
  const three = [cc('app', ['a'], 0), cc('app', ['b'], 10), cc('app', ['c'], 20)];
  it('given three CCs within the hour, when the sender copies again, then "too often" (429) until the first is an hour old', () => {
    given(submitted, ...three).when(cc('app', ['d'], 59)).thenRefused('tooSoon', 'workflow.copiedTooOften');
    const later = given(submitted, ...three).when(cc('app', ['d'], 60)).thenState('deskReview');
    expect(later.context.cc).toEqual(['a', 'b', 'c', 'd']);
    // older CCs are let go as each is recorded: the context does not grow with the history
    expect(later.context.copiesSent.map((c) => c.at)).toEqual([at(10), at(20), at(60)]);
  });

  it('is per sender: a reviewer still copies when the applicant has used up the hour', () => {
    given(submitted, ...three).when(cc('d1', ['d'], 30)).thenState('deskReview');
  });

  it('given an old history (CCs stored without a time), when it folds, then they are kept and do not count', () => {
    const old = [cc('app', ['a']), cc('app', ['b']), cc('app', ['c']), cc('app', ['d']), cc('app', ['a'])];
    const folded = given(submitted, ...old).snapshot;
    expect([folded.context.cc, folded.context.copiesSent]).toEqual([['a', 'b', 'c', 'd'], []]);
    given(submitted, ...old).when(cc('app', ['e'], 0)).thenState('deskReview');
  });

  it('is offered as the machine decides: not once the hour is used up', () => {
    const now = Date.now();
    const recent = [0, 1, 2].map((i): ChainEvent => ({ type: 'CC', actorId: 'app', userIds: [`p${i}`], at: new Date(now - i * 60_000).toISOString() }));
    const used = given(submitted, ...recent).snapshot;
    expect(flow.refusal(used, flow.probe('CC', 'app', used))).toEqual({ kind: 'tooSoon', reason: 'workflow.copiedTooOften' });
    expect(flow.refusal(used, flow.probe('CC', 'd1', used))).toBeNull();
  });
});
