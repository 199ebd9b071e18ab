import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { organisationJoinFields, organisationJoinFormSchema } from './organisation-join.form.js';
import { organisationJoinChain } from './organisation-join.machine.js';

const { APPROVE, REJECT, WITHDRAW, URGE, CC } = reviewCommands;

/**
 * 入会申请, declared once (docs/adr/0061-organisations.md#joining): the kit's chain with one step (the body's advisor),
 * its commands (no transfer: the advisor is the body's, not a role's), its form, and who asks — students and parents,
 * from 我的组织 (`/xszz/wdzz`), not from 业务申请. The form view keeps the body's name for the lists (`organisationId`, as
 * a repair keeps its type's) and its id and kind beside it (`bodyId`, `kind`) for the body's page.
 */
export const organisationJoinFlow = defineFlow({
  ...organisationJoinChain.declaration,
  flow: 'organisation-join',
  commands: { APPROVE, REJECT, WITHDRAW, URGE, CC },
  form: { schema: organisationJoinFormSchema, fields: organisationJoinFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'users', sort: 15, ownPage: '/xszz/wdzz' },
  formView: (d) => ({ organisationId: d.organisationName ?? d.organisationId, reason: d.reason, bodyId: d.organisationId, kind: d.organisationKind }),
});
