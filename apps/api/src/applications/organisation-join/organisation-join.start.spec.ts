import { describe, expect, it } from '@jest/globals';
import { RoleCode } from '@schoolflow/contracts';
import type { OrganisationJoinForm } from '@schoolflow/workflows/organisation-join/organisation-join.form.js';
import { planned } from '../../workflow/testing/start-planning.js';
import { type OrganisationJoinStartRead, planOrganisationJoinStart } from './organisation-join.start.js';

// 入会申请's start decided without a database: given what it read (written by hand) / when planned / then the plan or the refusal.
const FORM: OrganisationJoinForm = { organisationId: 'o1', reason: '想参加读书会' };
const SOCIETY = { id: 'o1', name: '文学社', kind: 'society' as const, enabled: true, advisor_id: 'adv', advisor_enabled: true };
const READ: OrganisationJoinStartRead = { body: SOCIETY, student: { id: 's1', user_id: 'stu', status: 'enrolled' }, member: false, pending: false };
const student = { userId: 'stu', roles: [RoleCode.student] };
const parent = { userId: 'par', roles: [RoleCode.parent] };
const given = (read: Partial<OrganisationJoinStartRead> = {}) => ({
  when: (actor: { userId: string; roles: string[] } = student) => planned(() => planOrganisationJoinStart(FORM, { ...READ, ...read }, actor)),
});

describe('organisation-join start: given what it read / when planned / then', () => {
  it('a student asks to join a society: its advisor decides, the body is kept as it is now, the student owns it', () => {
    expect(given().when().thenPlanned()).toEqual({
      data: { organisationId: 'o1', organisationName: '文学社', organisationKind: 'society', reason: '想参加读书会', studentId: 's1', studentUserId: 'stu', route: { advisor: ['adv'] } },
      studentId: 's1',
      owners: ['stu'],
      reviewers: ['adv'],
      attachments: [],
    });
  });

  it('a parent asks to join the parent committee (no student is its subject)', () => {
    const plan = given({ body: { ...SOCIETY, name: '家长委员会', kind: 'parentCommittee' }, student: null }).when(parent).thenPlanned();
    expect(plan).toMatchObject({ data: { organisationKind: 'parentCommittee', studentId: null, studentUserId: null, route: { advisor: ['adv'] } }, owners: ['par'], reviewers: ['adv'] });
  });

  it('refuses a body that does not exist or is disabled', () => {
    given({ body: null }).when().thenRefused(422, 'organisations.errors.notFound');
    given({ body: { ...SOCIETY, enabled: false } }).when().thenRefused(422, 'organisations.errors.disabled');
  });

  it('students join the student bodies, parents the parent committee; a student not enrolled may not', () => {
    given({ student: null }).when(parent).thenRefused(403, 'organisations.errors.notForYou');
    given({ body: { ...SOCIETY, kind: 'parentCommittee' } }).when().thenRefused(403, 'organisations.errors.notForYou');
    given({ student: null }).when({ userId: 'tea', roles: [RoleCode.teacher] }).thenRefused(403, 'organisations.errors.notForYou');
    given({ student: { id: 's1', user_id: 'stu', status: 'suspended' } }).when().thenRefused(422, 'organisations.errors.notEnrolled');
  });

  it('refuses a member, a second request while one waits, and a body whose advisor cannot decide', () => {
    given({ member: true }).when().thenRefused(409, 'organisations.errors.alreadyMember');
    given({ pending: true }).when().thenRefused(409, 'organisations.errors.requestPending');
    given({ body: { ...SOCIETY, advisor_enabled: false } }).when().thenRefused(422, 'organisations.errors.advisorUnavailable');
    // nobody reviews their own request
    given({ body: { ...SOCIETY, advisor_id: 'stu' } }).when().thenRefused(422, 'organisations.errors.advisorUnavailable');
  });
});
