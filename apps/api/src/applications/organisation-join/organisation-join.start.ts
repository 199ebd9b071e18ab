import { memberTypeOf, ORGANISATION_JOIN_FLOW, type OrganisationKind, RoleCode } from '@schoolflow/contracts';
import type { OrganisationJoinForm } from '@schoolflow/workflows/organisation-join/organisation-join.form.js';
import type { OrganisationJoinSubmitted } from '@schoolflow/workflows/organisation-join/organisation-join.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import { OrganisationsErrors } from '../../organisations/organisations.errors.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import type { Applicant } from '../shared/student-applicant.js';

/**
 * 入会申请's start (docs/product/campus-life.md#joining): read (`readOrganisationJoinStart`), then decided on what was
 * read (`planOrganisationJoinStart`, pure).
 */

/** Everything a join request's start reads. */
export interface OrganisationJoinStartRead {
  /** The body, with its advisor's account's state; null: no such body. */
  body: { id: string; name: string; kind: OrganisationKind; enabled: boolean; advisor_id: string; advisor_enabled: boolean } | null;
  /** The applicant's own student row, or null: not a student. */
  student: { id: string; user_id: string; status: string } | null;
  /** The applicant holds a term of the body today or later. */
  member: boolean;
  /** The applicant has a request to it that its advisor has not decided yet. */
  pending: boolean;
}

// the body and its advisor, the applicant's student row, their terms and waiting requests of it: one round trip
const START_SQL = `SELECT (SELECT json_build_object('id', o.id, 'name', o.name, 'kind', o.kind, 'enabled', o.enabled, 'advisor_id', o.advisor_id, 'advisor_enabled', a.enabled)
                             FROM organisation o JOIN sys_user a ON a.id = o.advisor_id WHERE o.id = $2::uuid) AS body,
       (SELECT json_build_object('id', s.id, 'user_id', s.user_id, 'status', s.status) FROM student s WHERE s.user_id = $1::uuid LIMIT 1) AS student,
       EXISTS (SELECT 1 FROM organisation_member m WHERE m.organisation_id = $2::uuid AND m.user_id = $1::uuid AND (m.to_date IS NULL OR m.to_date >= $3::date)) AS member,
       EXISTS (SELECT 1 FROM wf_instance i WHERE i.flow = '${ORGANISATION_JOIN_FLOW}' AND i.form->>'bodyId' = $2::text AND i.applicant_id = $1::uuid
                  AND i.review_status IN ('unreviewed', 'pending')) AS pending`;

export async function readOrganisationJoinStart(db: Prepared, form: OrganisationJoinForm, actor: Applicant, today: string): Promise<OrganisationJoinStartRead> {
  const [row] = (await db.query(START_SQL, [actor.userId, form.organisationId, today])) as OrganisationJoinStartRead[];
  return row ?? { body: null, student: null, member: false, pending: false };
}

/**
 * Decides a join request's start on what was read, purely: a body in use; a student asks to join a student body (an
 * enrolled one), a parent the parent committee; not a member already, nothing waiting; its advisor's account in use and
 * not the applicant's (nobody reviews their own request). The plan: the start event with the body as it is now and its
 * advisor as the one step's reviewer; the applicant owns it.
 */
export function planOrganisationJoinStart(form: OrganisationJoinForm, read: OrganisationJoinStartRead, actor: Applicant): StartPlan {
  const body = read.body;
  if (!body) throw OrganisationsErrors.joinUnknown();
  if (!body.enabled) throw OrganisationsErrors.disabled();
  const student = memberTypeOf(body.kind) === 'student';
  if (student ? !actor.roles.includes(RoleCode.student) || !read.student : !actor.roles.includes(RoleCode.parent)) throw OrganisationsErrors.notForYou();
  if (student && read.student?.status !== 'enrolled') throw OrganisationsErrors.notEnrolled();
  if (read.member) throw OrganisationsErrors.alreadyMember();
  if (read.pending) throw OrganisationsErrors.requestPending();
  if (!body.advisor_enabled || body.advisor_id === actor.userId) throw OrganisationsErrors.advisorUnavailable();
  const mine = student ? read.student : null;
  const data: Omit<OrganisationJoinSubmitted, 'type' | 'actorId'> = {
    organisationId: body.id,
    organisationName: body.name,
    organisationKind: body.kind,
    reason: form.reason,
    studentId: mine?.id ?? null,
    studentUserId: mine?.user_id ?? null,
    route: { advisor: [body.advisor_id] },
  };
  return { data, studentId: mine?.id ?? null, owners: [actor.userId], reviewers: [body.advisor_id], attachments: [] };
}
