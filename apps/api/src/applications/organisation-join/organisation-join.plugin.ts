import { type Language, MessageType, ORGANISATION_JOIN_FLOW, organisationProfilePage, RoleCode, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { organisationJoinFlow } from '@schoolflow/workflows/organisation-join/organisation-join.flow.js';
import { organisationJoinFormSchema } from '@schoolflow/workflows/organisation-join/organisation-join.form.js';
import type { OrganisationJoinContext } from '@schoolflow/workflows/organisation-join/organisation-join.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { schoolToday } from '../../organisations/domain/school-today.js';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type PluginDeps, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { planOrganisationJoinStart, readOrganisationJoinStart } from './organisation-join.start.js';

const definition = organisationJoinFlow as unknown as FlowDefinition;

/** The body a request names, as its form was kept. */
const formOf = (context: unknown): Record<string, unknown> => (context as Partial<OrganisationJoinContext>).form ?? {};

/**
 * The messages of a join request's events: its advisor hears of a new request (with the reason) and of a withdrawal;
 * the applicant of the decision — welcomed into the body (the link opens the body's page) or told why not. The kit plans
 * urge and CC.
 */
export function organisationJoinMessages({ instanceId, event, before, after, owners, actorName }: NotificationInput): PlannedMessage[] {
  const form = formOf(after.context);
  const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
  const params = { actor: actorName, organisation: String(form.organisationName ?? ''), reason: String(event.type === 'SUBMIT' ? (form.reason ?? '') : (event.data.comment ?? '')) };
  const detail = workflowDetailPage(ORGANISATION_JOIN_FLOW, instanceId);
  const to = (ids: readonly string[], type: string, key: string, link = detail): PlannedMessage[] =>
    [...new Set(ids)].filter((id) => id !== actorId).map((recipientId) => ({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link }));
  switch (event.type) {
    case 'SUBMIT':
      return to(definition.assignees(after as never), MessageType.task, 'organisationJoinTask');
    case 'APPROVE':
      return to(owners, MessageType.result, 'organisationJoinApproved', organisationProfilePage(String(form.organisationId ?? '')));
    case 'REJECT':
      return to(owners, MessageType.result, 'organisationJoinRejected');
    case 'WITHDRAW':
      return to(definition.assignees(before as never), MessageType.system, 'organisationJoinWithdrawn');
    default:
      return [];
  }
}

/**
 * The membership a passed request makes (docs/adr/0061-organisations.md#joining): a term as `member` from the school's
 * day the effect runs, once per request (`organisation_member_instance_key`: a replay writes nothing). Re-checked on
 * the rows it writes: a body deleted meanwhile makes nothing (EFFECT_REFUSED, its people told); someone the advisor
 * added meanwhile is a member already — nothing more is written (the exclusion constraint holds either way).
 */
const JOIN_SQL = `INSERT INTO organisation_member (organisation_id, user_id, student_id, role, from_date, instance_id)
  SELECT o.id, $2::uuid, (SELECT id FROM student WHERE id = $3::uuid), 'member', $4::date, $1::uuid FROM organisation o
   WHERE o.id = $5::uuid
     AND NOT EXISTS (SELECT 1 FROM organisation_member m WHERE m.organisation_id = o.id AND m.user_id = $2::uuid AND (m.to_date IS NULL OR m.to_date >= $4::date))
  ON CONFLICT DO NOTHING`;

/** 入会申请 on the engine (its start: organisation-join.start.ts); when it passes, the applicant becomes a member. */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(organisationJoinFormSchema, body);
    return planOrganisationJoinStart(form, await readOrganisationJoinStart(db, form, actor, schoolToday(config.timeZone)), actor);
  },

  messages: organisationJoinMessages,

  // 学生组织's pages list the members this effect adds
  announcesEffects: true,

  subject: (context) => String(formOf(context).organisationName ?? ''),

  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as OrganisationJoinContext;
    const bodyId = String(ctx.form.organisationId ?? '');
    const [exists] = await db.query<{ id: string }[]>(`SELECT id FROM organisation WHERE id = $1::uuid FOR SHARE`, [bodyId]);
    if (!exists) return notApplied('workflow.effectRefusedOrganisationGone');
    await db.query(JOIN_SQL, [instanceId, ctx.applicantId, ctx.studentId, schoolToday(config.timeZone), bodyId]);
    return undefined;
  },

  /** The bodies one may ask to join: in use, of one's kind (students the student bodies, parents the parent committee), not one's own already. */
  async options(field: string, actor: Principal, db: Prepared, _lang: Language) {
    if (field !== 'organisationId') return [];
    const kinds = [...(actor.roles.includes(RoleCode.student) ? ['studentUnion', 'society', 'youthLeague'] : []), ...(actor.roles.includes(RoleCode.parent) ? ['parentCommittee'] : [])];
    return (await db.query(
      `SELECT o.id AS value, o.name AS label FROM organisation o
        WHERE o.enabled AND o.kind = ANY($2::text[]) AND o.advisor_id <> $1::uuid
          AND NOT EXISTS (SELECT 1 FROM organisation_member m WHERE m.organisation_id = o.id AND m.user_id = $1::uuid AND (m.to_date IS NULL OR m.to_date >= $3::date))
        ORDER BY array_position(ARRAY['studentUnion', 'youthLeague', 'society', 'parentCommittee'], o.kind), o.sort, o.name`,
      [actor.userId, kinds, schoolToday(config.timeZone)],
    )) as { value: string; label: string }[];
  },
});
