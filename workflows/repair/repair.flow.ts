import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { skipWhenPossible } from '../kit/review.js';
import { reviewCommands } from '../kit/shared.js';
import { repairFields, repairFormSchema } from './repair.form.js';
import { closesAt, type RepairContext, repairAssignees, repairMachine, repairRules } from './repair.machine.js';

/** The role whose holders a work order is dispatched to (docs/product/repairs.md#who). */
export const REPAIR_WORKER_ROLE = RoleCode.repairman;

/** 报修, declared once (docs/adr/0049-repairs.md): its machine, commands, diagram, timer, form and who reports. */
export const repairFlow = defineFlow({
  flow: 'repair',
  machine: repairMachine,
  rules: repairRules,
  startEvent: 'SUBMIT',
  commands: {
    DISPATCH: {
      notNow: 'workflow.repairNotDispatching',
      ui: { icon: 'share', tone: 'primary', input: 'assignTo' },
      probe: () => ({ toUserId: '00000000-0000-4000-8000-000000000000' }),
      data: (input) => (typeof input.toUserId === 'string' && input.toUserId !== '' ? { data: { toUserId: input.toUserId } } : { invalid: 'validation.repairWorkerRequired' }),
    },
    // stamped by the server: the reporter's days to confirm count from it
    FIX: { notNow: 'workflow.repairNotRepairing', ui: { icon: 'check', tone: 'primary' }, probe: () => ({ at: new Date().toISOString() }), data: () => ({ data: { at: new Date().toISOString() } }) },
    CONFIRM: { notNow: 'workflow.repairNotFixed', ui: { icon: 'check', tone: 'primary' } },
    REOPEN: { notNow: 'workflow.repairNotFixed', ui: { icon: 'undo', tone: 'negative', reason: 'required' }, probe: () => ({ comment: 'probe' }) },
    REJECT: reviewCommands.REJECT,
    WITHDRAW: reviewCommands.WITHDRAW,
    URGE: reviewCommands.URGE,
    TRANSFER: reviewCommands.TRANSFER,
    CC: reviewCommands.CC,
  },
  diagram: [{ state: 'new' }, { state: 'dispatching' }, { state: 'repairing' }, { state: 'fixed' }, { state: 'confirmed' }],
  reviewers: (ctx, step) => repairAssignees(ctx, step),
  participants: (ctx) => [ctx.applicantId, ...ctx.route.office, ...ctx.route.worker],
  autoEvent: skipWhenPossible,
  // a fixed repair waits the type's days for its reporter, then the engine closes it (CLOSE)
  timer: (snapshot) => {
    const at = snapshot.value === 'fixed' ? closesAt(snapshot.context as RepairContext) : null;
    return at === null ? null : { type: 'CLOSE', at };
  },
  form: { schema: repairFormSchema, fields: repairFields },
  // anyone signed in reports: every role of the school
  apply: { roles: Object.values(RoleCode), icon: 'wrench', sort: 12, ownPage: '/bxgl/bxsq' },
  stepRoles: { office: RoleCode.office, worker: REPAIR_WORKER_ROLE },
  pickRoles: { DISPATCH: REPAIR_WORKER_ROLE },
  formView: (d) => ({ typeId: d.typeName ?? d.typeId, location: d.location, description: d.description, urgency: d.urgency, photos: d.photos }),
});
