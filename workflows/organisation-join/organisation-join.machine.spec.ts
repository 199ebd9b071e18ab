import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { organisationJoinFlow } from './organisation-join.flow.js';
import { organisationJoinFormSchema } from './organisation-join.form.js';
import { type OrganisationJoinEvent, organisationJoinMachine, type OrganisationJoinSubmitted } from './organisation-join.machine.js';

const BODY = '00000000-0000-4000-8000-0000000000b1';
const asked = (over: Partial<OrganisationJoinSubmitted> = {}): OrganisationJoinSubmitted => ({
  type: 'SUBMIT',
  actorId: 'stu',
  studentId: 's1',
  studentUserId: 'stu',
  organisationId: BODY,
  organisationName: '文学社',
  organisationKind: 'society',
  reason: '喜欢写作，想和同学们交流',
  route: { advisor: ['adv'] },
  ...over,
});
/** A parent asking to join the parent committee: no student is its subject. */
const parentAsked = (over: Partial<OrganisationJoinSubmitted> = {}) =>
  asked({ actorId: 'par', studentId: null, studentUserId: null, organisationName: '家长委员会', organisationKind: 'parentCommittee', route: { advisor: ['adv'] }, ...over });
const given = givenFlow<typeof organisationJoinMachine, OrganisationJoinEvent>(organisationJoinFlow);

describe('organisation-join machine: given / when / then', () => {
  it('the advisor decides in one step; the body and reason are kept for the effect and the pages', () => {
    const s = given().when(asked()).thenState('advisorReview');
    expect(organisationJoinFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(organisationJoinFlow.assignees(s)).toEqual(['adv']);
    const done = given(asked()).when({ type: 'APPROVE', actorId: 'adv' }).thenState('approved');
    expect(organisationJoinFlow.status(done)).toEqual({ review: 'passed' });
    expect(done.context.form).toMatchObject({ organisationId: BODY, organisationName: '文学社', organisationKind: 'society', reason: '喜欢写作，想和同学们交流' });
    expect(organisationJoinFlow.participants(done.context)).toEqual(['stu', 'adv']);
    expect(organisationJoinFlow.formView(done.context.form as Record<string, unknown>)).toEqual({ organisationId: '文学社', reason: '喜欢写作，想和同学们交流', bodyId: BODY, kind: 'society' });
  });

  it('a parent asks for the parent committee the same way', () => {
    const s = given().when(parentAsked()).thenState('advisorReview');
    expect(s.context.studentId).toBeNull();
    given(parentAsked()).when({ type: 'APPROVE', actorId: 'adv' }).thenState('approved');
  });

  it('a refusal needs a reason; only the advisor decides; only the applicant withdraws; nobody reviews their own request', () => {
    given(asked()).when({ type: 'REJECT', actorId: 'adv' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    const refused = given(asked()).when({ type: 'REJECT', actorId: 'adv', comment: '本学期名额已满' }).thenState('rejected');
    expect(refused.context.lastComment).toBe('本学期名额已满');
    given(asked()).when({ type: 'APPROVE', actorId: 'outsider' }).thenRefused('forbidden');
    given(asked()).when({ type: 'APPROVE', actorId: 'stu' }).thenRefused('forbidden');
    given(asked()).when({ type: 'WITHDRAW', actorId: 'adv' }).thenRefused('forbidden');
    given(asked()).when({ type: 'WITHDRAW', actorId: 'stu' }).thenState('withdrawn');
    // the advisor asking to join their own body: nobody left to decide, the start is refused
    given().when(asked({ actorId: 'adv', route: { advisor: ['adv'] } })).thenRefused('impossible', 'workflow.notPossible');
    given().when(asked({ route: { advisor: [] } })).thenRefused('impossible', 'workflow.notPossible');
    // no transfer: the step is the body's advisor's, not a role's
    expect(organisationJoinFlow.commandTypes).not.toContain('TRANSFER');
  });

  it('the form: a body and a reason of at most 200 characters', () => {
    const ok = { organisationId: BODY, reason: '想参加' };
    expect(organisationJoinFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => organisationJoinFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, reason: '   ' })).toEqual(['reason:validation.joinReasonRequired']);
    expect(fail({ ...ok, reason: '长'.repeat(201) })).toEqual(['reason:validation.joinReasonTooLong']);
    expect(fail({ ...ok, organisationId: 'x' })).toEqual(['organisationId:validation.organisationRequired']);
    expect(fail({ reason: '想参加' })).toEqual(['organisationId:validation.organisationRequired']);
  });
});

describe('organisation-join machine: every path', () => {
  const events: OrganisationJoinEvent[] = [
    asked(),
    parentAsked(),
    ...['stu', 'par', 'adv', 'outsider'].flatMap((a): OrganisationJoinEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
  ];
  const paths = everyPath(organisationJoinFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
  it('reaches every state; a decision is always the advisor’s, never the applicant’s', () => {
    expectReviewPaths(organisationJoinFlow, paths, ['advisorReview', 'approved', 'new', 'rejected', 'withdrawn']);
  });
});
