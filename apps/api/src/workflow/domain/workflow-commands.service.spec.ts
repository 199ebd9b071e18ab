import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Permission, type WorkflowEventInput } from '@schoolflow/contracts';
import { applyPermissionOf, type FlowDefinition } from '@schoolflow/workflows';
import { classroomLoanFlow } from '@schoolflow/workflows/classroom-loan/classroom-loan.flow.js';
import { leaveFlow } from '@schoolflow/workflows/leave/leave.flow.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { engineOn, InMemoryPeopleDirectory, type InMemoryWorkflowStore, principal } from '../testing/in-memory-ports.js';
import type { FlowPlugin, StartPlan } from './flow-plugin.js';
import { requestFingerprint } from './idempotency.js';
import { MAX_RETRIES_WITHOUT_IF_MATCH } from './workflow-commands.service.js';
import { streamIdOf } from './workflow-instances.service.js';

// The engine's command rules on in-memory ports (docs/adr/0031): the retry on a lost version race, the
// Idempotency-Key, the people a transfer or a CC names. Given a stream / when a command / then its outcome.

const LEAVE = leaveFlow as unknown as FlowDefinition;
const LOAN = classroomLoanFlow as unknown as FlowDefinition;
const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'], principal: ['pr'] };
const SUBMITTED = {
  actorId: 'parent',
  studentId: 's1',
  studentUserId: 'stu',
  leaveType: 'personal',
  start: '2026-11-23T08:00:00+08:00',
  end: '2026-11-24T17:00:00+08:00',
  durationHours: 33,
  durationDays: 1.4,
  reason: 'family',
  attachments: [],
  route: ROUTE,
  thresholdDays: 3,
};
const PARTICIPANTS = ['parent', 'stu', 'ht', 'off1', 'off2', 'pr'];
const CLIENT = { ip: '127.0.0.1', userAgent: 'jest' };
const APPLY = 'workflow:leave:apply';

const plugin = (definition: FlowDefinition, plan?: () => StartPlan): FlowPlugin => ({
  definition,
  buildStart: async () => {
    if (!plan) throw new Error('no start in this test');
    return plan();
  },
  messages: () => [],
});
const leavePlan = (): StartPlan => {
  const { actorId: _actor, ...data } = SUBMITTED;
  return { data, studentId: 's1', owners: ['parent', 'stu'], reviewers: ['ht', 'off1', 'off2', 'pr'], attachments: [] };
};
const HOLDERS = { headteacher: ['ht', 'ht2', 'parent'], office: ['off1', 'off2', 'off3'] };

/** What a refused command answered: its status and message key. */
async function refusal(p: Promise<unknown>): Promise<[number, string]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppException) return [err.status, err.messageKey];
    throw err;
  }
  throw new Error('the command was not refused');
}

/** Given a leave request with these events after its submission (and these people in the directory). */
function given(history: { type: string; data: Record<string, unknown> }[] = [], directory = new InMemoryPeopleDirectory(HOLDERS, ['aunt'])) {
  const engine = engineOn([plugin(LEAVE, leavePlan), plugin(LOAN)], { directory });
  const id = randomUUID();
  const streamId = streamIdOf('leave', id);
  engine.store.record(streamId, 'leave', id, [{ type: 'SUBMIT', data: SUBMITTED }, ...history], PARTICIPANTS);
  const appended = () => engine.store.appends.length;
  return {
    ...engine,
    id,
    streamId,
    appended,
    /** When `actor` sends `input` (If-Match, Idempotency-Key as given). */
    when: (actor: string, input: WorkflowEventInput, o: { ifMatch?: number; key?: string; instance?: string } = {}) =>
      engine.commands.dispatch('leave', o.instance ?? id, input, principal(actor), o.ifMatch ?? null, CLIENT, randomUUID(), o.key ?? null),
  };
}

/** Someone else's approval by the head teacher going in first (the step moves on). */
const headTeacherApproved = (store: InMemoryWorkflowStore, streamId: string, id: string) => () => store.record(streamId, 'leave', id, [{ type: 'APPROVE', data: { actorId: 'ht' } }]);

describe('a command that loses its version race', () => {
  it('given another command went in first without moving the step, when the reviewer approves without If-Match, then it is decided again on the stream and goes in', async () => {
    const g = given();
    g.store.loseRaces(1);
    await expect(g.when('ht', { type: 'APPROVE' })).resolves.toEqual({ id: g.id, version: 2, state: 'officeReview' });
    expect(g.appended()).toBe(2);
  });

  it(`given every attempt loses, then it gives up after ${MAX_RETRIES_WITHOUT_IF_MATCH} attempts and answers 409 workflow.conflict`, async () => {
    const g = given();
    g.store.loseRaces(10);
    expect(await refusal(g.when('ht', { type: 'APPROVE' }))).toEqual([409, 'workflow.conflict']);
    expect(g.appended()).toBe(MAX_RETRIES_WITHOUT_IF_MATCH);
  });

  it('given If-Match, then the lost race is 409 at once: the caller asked for that version', async () => {
    const g = given();
    g.store.loseRaces(1);
    expect(await refusal(g.when('ht', { type: 'APPROVE' }, { ifMatch: 1 }))).toEqual([409, 'workflow.conflict']);
    expect(g.appended()).toBe(1);
  });

  it('given the winner moved the step, then 409: an approval never lands on the next step', async () => {
    const g = given();
    g.store.loseRaces(1, headTeacherApproved(g.store, g.streamId, g.id));
    expect(await refusal(g.when('ht', { type: 'APPROVE' }))).toEqual([409, 'workflow.conflict']);
    expect(g.appended()).toBe(1);
  });

  it('given If-Match of an older version, then 409 before anything is appended', async () => {
    const g = given([{ type: 'APPROVE', data: { actorId: 'ht' } }]);
    expect(await refusal(g.when('off1', { type: 'APPROVE' }, { ifMatch: 1 }))).toEqual([409, 'workflow.conflict']);
    expect(g.appended()).toBe(0);
  });
});

describe('an event the engine appends itself (appendAsSystem)', () => {
  const loan = () => {
    const engine = engineOn([plugin(LOAN)]);
    const id = randomUUID();
    const data = { actorId: 'teacher', studentId: '', studentUserId: null, classroomId: 'room', classroomName: '104', start: '2026-11-25T14:00:00+08:00', end: '2026-11-25T16:00:00+08:00', purpose: 'p', remark: null, route: { office: ['off1'] } };
    engine.store.record(streamIdOf('classroom-loan', id), 'classroom-loan', id, [{ type: 'SUBMIT', data }], ['teacher', 'off1']);
    return { ...engine, id, expire: () => engine.commands.appendAsSystem('classroom-loan', id, 'EXPIRE', { at: '2026-11-25T07:00:00.000Z' }) };
  };

  it(`given lost races, then it is decided again, up to ${MAX_RETRIES_WITHOUT_IF_MATCH} attempts; then 409`, async () => {
    const won = loan();
    won.store.loseRaces(MAX_RETRIES_WITHOUT_IF_MATCH - 1);
    await expect(won.expire()).resolves.toMatchObject({ version: 2, state: 'expired' });
    const lost = loan();
    lost.store.loseRaces(MAX_RETRIES_WITHOUT_IF_MATCH);
    expect(await refusal(lost.expire())).toEqual([409, 'workflow.conflict']);
    expect(lost.store.appends).toHaveLength(MAX_RETRIES_WITHOUT_IF_MATCH);
  });

  it('given the machine does not take it now (done before, moved on), then null and nothing appended', async () => {
    const g = loan();
    await g.expire();
    await expect(g.expire()).resolves.toBeNull();
    expect(g.store.appends).toHaveLength(1);
  });
});

describe('a start its machine does not take', () => {
  const LOAN_APPLY = applyPermissionOf('classroom-loan');
  const loanPlan = (over: Record<string, unknown> = {}) => (): StartPlan => ({
    data: { studentId: null, studentUserId: null, classroomId: 'room', classroomName: '104', start: '2026-11-25T06:00:00.000Z', end: '2026-11-25T08:00:00.000Z', purpose: 'p', remark: null, route: { office: ['off1'] }, ...over },
    studentId: null,
    owners: ['teacher'],
    reviewers: ['off1'],
    attachments: [],
  });
  const start = (plan: () => StartPlan) => {
    const engine = engineOn([plugin(LOAN, plan)]);
    return { ...engine, when: () => engine.commands.start('classroom-loan', {}, principal('teacher', [LOAN_APPLY]), CLIENT, randomUUID()) };
  };

  it('when the plan breaks the machine’s own rule, then the engine answers that rule’s refusal (not a bare "not possible") and nothing is appended', async () => {
    const g = start(loanPlan({ end: '2026-11-25T05:00:00.000Z' }));
    expect(await refusal(g.when())).toEqual([422, 'validation.endBeforeStart']);
    expect(g.store.appends).toHaveLength(0);
  });

  it('a start whose subject is no student names none: null in its event and in what it read', async () => {
    const g = start(loanPlan());
    await expect(g.when()).resolves.toMatchObject({ version: 1, state: 'officeReview' });
    const [first] = g.store.appends[0]?.events ?? [];
    expect([first?.data.studentId, (first?.metadata?.instance as { studentId?: unknown } | undefined)?.studentId]).toEqual([null, null]);
  });
});

describe('Idempotency-Key (docs/adr/0028)', () => {
  it('given a command went in with a key, when the same key comes again for the same instance, then the first outcome answers and nothing is appended', async () => {
    const g = given();
    const first = await g.when('ht', { type: 'APPROVE' }, { key: 'approve-0001' });
    // the step has moved on: deciding it again would be refused; the key answers what happened
    await expect(g.when('ht', { type: 'APPROVE' }, { key: 'approve-0001' })).resolves.toEqual(first);
    expect(first).toEqual({ id: g.id, version: 2, state: 'officeReview' });
    expect(g.appended()).toBe(1);
  });

  it('when the same key comes for another instance, then 422 validation.idempotencyKeyReused and nothing is appended', async () => {
    const g = given();
    await g.when('ht', { type: 'APPROVE' }, { key: 'approve-0001' });
    const other = randomUUID();
    g.store.record(streamIdOf('leave', other), 'leave', other, [{ type: 'SUBMIT', data: SUBMITTED }], PARTICIPANTS);
    expect(await refusal(g.when('ht', { type: 'APPROVE' }, { key: 'approve-0001', instance: other }))).toEqual([422, 'validation.idempotencyKeyReused']);
    expect(g.appended()).toBe(1);
  });

  it('when the same key comes with another body, then 422: the key cannot stand for another request', async () => {
    const g = given();
    await g.when('ht', { type: 'APPROVE' }, { key: 'approve-0001' });
    expect(await refusal(g.when('ht', { type: 'APPROVE', comment: 'other' }, { key: 'approve-0001' }))).toEqual([422, 'validation.idempotencyKeyReused']);
  });

  it('given no key, then every start acts: two instances', async () => {
    const g = given();
    const a = await g.commands.start('leave', {}, principal('parent', [APPLY]), CLIENT, 'r1');
    const b = await g.commands.start('leave', {}, principal('parent', [APPLY]), CLIENT, 'r2');
    expect(a.id).not.toBe(b.id);
    expect(g.appended()).toBe(2);
  });

  it('given a keyed start went in, when it is sent again, then the same instance answers at its first version', async () => {
    const g = given();
    const a = await g.commands.start('leave', {}, principal('parent', [APPLY]), CLIENT, 'r1', 'start-0001');
    await expect(g.commands.start('leave', {}, principal('parent', [APPLY]), CLIENT, 'r2', 'start-0001')).resolves.toEqual(a);
    expect(g.appended()).toBe(1);
  });

  it('given the same keyed command sent twice at once, when the twin goes in first, then the loser answers the twin\'s outcome, not 409', async () => {
    const g = given();
    const input: WorkflowEventInput = { type: 'APPROVE' };
    g.store.loseRaces(1, () => g.store.record(g.streamId, 'leave', g.id, [{ type: 'APPROVE', data: { actorId: 'ht' }, metadata: { actorId: 'ht', idempotencyKey: 'approve-0001', idempotencyFingerprint: requestFingerprint('event', input) } }]));
    await expect(g.when('ht', input, { key: 'approve-0001' })).resolves.toEqual({ id: g.id, version: 2, state: 'officeReview' });
    expect(g.appended()).toBe(1);
  });
});

describe('转办: whom a step is handed to', () => {
  it('when handed to another holder of the step\'s role, then it goes in and they review the step', async () => {
    const g = given();
    await expect(g.when('ht', { type: 'TRANSFER', toUserId: 'ht2' })).resolves.toMatchObject({ version: 2, state: 'headTeacherReview' });
    const loaded = await g.instances.load('leave', g.id, principal('x', [Permission.workflowViewAll]));
    expect(LEAVE.assignees(loaded.snapshot)).toEqual(['ht2']);
  });

  it('when handed to someone who does not hold the role, then 422 workflow.transferNotHolder and nothing is appended', async () => {
    const g = given();
    expect(await refusal(g.when('ht', { type: 'TRANSFER', toUserId: 'off3' }))).toEqual([422, 'workflow.transferNotHolder']);
    expect(g.appended()).toBe(0);
  });

  it('when handed to oneself or to the applicant (even one holding the role), then 422 workflow.transferPointless', async () => {
    const g = given();
    expect(await refusal(g.when('ht', { type: 'TRANSFER', toUserId: 'ht' }))).toEqual([422, 'workflow.transferPointless']);
    expect(await refusal(g.when('ht', { type: 'TRANSFER', toUserId: 'parent' }))).toEqual([422, 'workflow.transferPointless']);
    expect(g.appended()).toBe(0);
  });

  it('when one who does not review the step hands it on, then 403', async () => {
    const g = given();
    expect((await refusal(g.when('off1', { type: 'TRANSFER', toUserId: 'ht2' })))[0]).toBe(403);
  });

  it('given a step without a role, then it is nobody else\'s to take: 422 workflow.notTransferable', async () => {
    const engine = engineOn([plugin({ ...LEAVE, stepRoles: {} } as FlowDefinition)], { directory: new InMemoryPeopleDirectory(HOLDERS) });
    const id = randomUUID();
    engine.store.record(streamIdOf('leave', id), 'leave', id, [{ type: 'SUBMIT', data: SUBMITTED }], PARTICIPANTS);
    expect(await refusal(engine.commands.dispatch('leave', id, { type: 'TRANSFER', toUserId: 'ht2' }, principal('ht'), null, CLIENT, 'r', null))).toEqual([422, 'workflow.notTransferable']);
  });

  it('the candidates are the role\'s holders less the step\'s reviewers and the applicant; none for one who may not transfer', async () => {
    const g = given();
    await expect(g.people.transferCandidates('leave', g.id, principal('ht'))).resolves.toEqual([{ id: 'ht2', name: 'ht2' }]);
    await expect(g.people.transferCandidates('leave', g.id, principal('off1'))).resolves.toEqual([]);
  });
});

describe('抄送: whom a CC names', () => {
  it('when a CC names someone the directory does not offer the sender, then 422 workflow.ccTargetInvalid and nothing is appended', async () => {
    const g = given();
    expect(await refusal(g.when('parent', { type: 'CC', userIds: ['aunt', 'stranger'] }))).toEqual([422, 'workflow.ccTargetInvalid']);
    expect(g.appended()).toBe(0);
  });

  it('when it names those it offers, then it goes in', async () => {
    const g = given();
    await expect(g.when('parent', { type: 'CC', userIds: ['aunt'] })).resolves.toMatchObject({ version: 2 });
  });
});

describe('the transitions a command decided, kept for the subscriptions (docs/adr/0072)', () => {
  it('when a command goes in, then its event’s state before and after are kept under the stream and the new version', async () => {
    const g = given();
    await g.when('ht', { type: 'APPROVE' });
    const kept = g.streams.decidedAt(g.streamId, 2);
    expect([kept?.before.value, kept?.after.value]).toEqual(['headTeacherReview', 'officeReview']);
    expect(g.streams.decidedAt(g.streamId, 1)).toBeUndefined();
  });

  it('when a command loses its version race for good, then nothing is kept for it', async () => {
    const g = given();
    g.store.loseRaces(10);
    await refusal(g.when('ht', { type: 'APPROVE' }));
    expect(g.streams.decidedAt(g.streamId, 2)).toBeUndefined();
  });

  it('when an instance is started, then its first event is kept from the machine’s initial state', async () => {
    const engine = engineOn([plugin(LEAVE, leavePlan)], { directory: new InMemoryPeopleDirectory(HOLDERS) });
    const started = await engine.commands.start('leave', {}, principal('parent', [APPLY]), CLIENT, randomUUID());
    const kept = engine.streams.decidedAt(streamIdOf('leave', started.id), 1);
    expect([kept?.before.value, kept?.after.value]).toEqual(['new', started.state]);
  });
});
