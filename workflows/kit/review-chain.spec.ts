import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { defineFlow } from './define-flow.js';
import { type ChainEvent, type ChainStep, type ChainSubmitted, reviewChain } from './review-chain.js';
import { reviewCommands } from './shared.js';
import { givenFlow, stored } from './testing.js';

// The review chain's options, on a chain of the kit's own (not a school flow): a start that saves a draft, a step its
// route may name nobody for, a step passed by another event than APPROVE, a step nobody may take over.
const form = { schema: undefined as never, fields: [] };
const apply = { roles: [], icon: 'edit', sort: 1 };

const CONSENT_STEP: ChainStep = { step: 'peer', state: 'peerConsent', review: 'unreviewed', label: 'test.peer', passWith: 'CONSENT', optional: true, refuses: { APPROVE: 'test.awaitsConsent', TRANSFER: 'test.notTransferable' } };
const DESK_STEP: ChainStep = { step: 'desk', role: 'office', review: 'pending', label: 'test.desk' };
const valid = { check: ({ event }: { event: ChainSubmitted }) => event.ok !== false, refusal: 'test.invalid' };

const drafted = reviewChain({ id: 'kit-draft', steps: [DESK_STEP], draft: true, submission: valid });
const draftFlow = defineFlow({ ...drafted.declaration, flow: 'kit-draft', commands: { SUBMIT: { notNow: 'test.sent' }, ...reviewCommands }, form, apply, formView: () => ({}) });
const consented = reviewChain({ id: 'kit-consent', steps: [CONSENT_STEP, DESK_STEP], submission: valid });
const consentFlow = defineFlow({ ...consented.declaration, flow: 'kit-consent', commands: { CONSENT: { notNow: 'test.noConsent' }, ...reviewCommands }, form, apply, formView: () => ({}) });

const start = (type: 'DRAFT' | 'SUBMIT', route: Record<string, string[]>, over: Record<string, unknown> = {}): ChainEvent =>
  ({ type, actorId: 'app', studentId: null, studentUserId: null, route, ...over }) as ChainEvent;

describe('reviewChain({draft: true}): the start saves a draft its applicant sends', () => {
  const given = givenFlow<typeof drafted.machine, ChainEvent>(draftFlow);
  it('DRAFT → draft (nobody’s step) → SUBMIT by the applicant → the first step; the submission’s rule holds at the save', () => {
    const s = given().when(start('DRAFT', { desk: ['d1'] })).thenState('draft');
    expect([draftFlow.startEvent, draftFlow.draft, draftFlow.assignees(s), draftFlow.status(s)]).toEqual(['DRAFT', true, [], { review: 'unreviewed', extra: 'draft' }]);
    expect(draftFlow.steps.map((x) => x.state)).toEqual(['draft', 'deskReview', 'approved']);
    given().when(start('DRAFT', { desk: ['d1'] }, { ok: false })).thenRefused('impossible', 'test.invalid');
    given().when(start('SUBMIT', { desk: ['d1'] })).thenRefused('impossible');
    given(start('DRAFT', { desk: ['d1'] })).when({ type: 'SUBMIT', actorId: 'd1' }).thenRefused('forbidden');
    given(start('DRAFT', { desk: ['d1'] })).when({ type: 'APPROVE', actorId: 'd1' }).thenRefused('impossible', 'workflow.draftNotSubmitted');
    given(start('DRAFT', { desk: ['d1'] })).when({ type: 'SUBMIT', actorId: 'app' }).thenState('deskReview');
    given(start('DRAFT', { desk: ['d1'] })).when({ type: 'WITHDRAW', actorId: 'app' }).thenState('withdrawn');
    given(start('DRAFT', { desk: ['d1'] }), { type: 'SUBMIT', actorId: 'app' }).when({ type: 'SUBMIT', actorId: 'app' }).thenRefused('impossible', 'test.sent');
  });
});

describe('reviewChain steps: optional, passed with CONSENT, not transferable', () => {
  const given = givenFlow<typeof consented.machine, ChainEvent>(consentFlow);
  it('a route naming nobody for an optional step passes it at once; the diagram shows it only when it names someone', () => {
    const none = given().when(start('SUBMIT', { peer: [], desk: ['d1'] })).thenState('deskReview');
    const some = given().when(start('SUBMIT', { peer: ['p1'], desk: ['d1'] })).thenState('peerConsent');
    const step = consentFlow.steps.find((x) => x.state === 'peerConsent');
    expect([step?.shown?.(none.context), step?.shown?.(some.context)]).toEqual([false, true]);
  });
  it('its reviewer passes it with CONSENT, not APPROVE; nobody may take it over; the next step is as every step', () => {
    const s = [start('SUBMIT', { peer: ['p1'], desk: ['d1'] })];
    given(...s).when({ type: 'APPROVE', actorId: 'p1' }).thenRefused('impossible', 'test.awaitsConsent');
    given(...s).when({ type: 'TRANSFER', actorId: 'p1', toUserId: 'p2' }).thenRefused('impossible', 'test.notTransferable');
    given(...s).when({ type: 'CONSENT', actorId: 'd1' }).thenRefused('forbidden');
    const next = given(...s).when({ type: 'CONSENT', actorId: 'p1' }).thenState('deskReview');
    expect(stateString(next.value)).toBe('deskReview');
    expect(consentFlow.stepRoles).toEqual({ desk: 'office' });
    given(...s, { type: 'CONSENT', actorId: 'p1' }).when({ type: 'CONSENT', actorId: 'd1' }).thenRefused('impossible', 'test.noConsent');
    given(...s, { type: 'CONSENT', actorId: 'p1' }).when({ type: 'APPROVE', actorId: 'd1' }).thenState('approved');
  });
});

describe('reviewChain: a request whose subject is no student (a class, a classroom)', () => {
  const given = givenFlow<typeof consented.machine, ChainEvent>(consentFlow);
  it('its start names no student (null); one stored with \'\' before null was allowed folds to the same state and context', () => {
    const route = { peer: ['p1'], desk: ['d1'] };
    const now = given().when(start('SUBMIT', route)).thenState('peerConsent');
    const before = fold(consentFlow.machine, stored([start('SUBMIT', route, { studentId: '' })]));
    expect(now.context.studentId).toBeNull();
    expect([stateString(before.value), before.context]).toEqual([stateString(now.value), now.context]);
    expect(consentFlow.participants(before.context)).toEqual(['app', 'p1', 'd1']);
  });

  it('a student\'s request keeps its student', () => {
    const s = given().when(start('SUBMIT', { peer: [], desk: ['d1'] }, { studentId: 's1', studentUserId: 'u1' })).thenState('deskReview');
    expect([s.context.studentId, consentFlow.participants(s.context)]).toEqual(['s1', ['app', 'u1', 'd1']]);
  });
});
