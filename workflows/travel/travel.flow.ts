import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { travelFields, travelFormSchema } from './travel.form.js';
import { travelChain } from './travel.machine.js';

/** 外出申请, declared once: the kit's review chain, its commands, its form and who starts it. */
export const travelFlow = defineFlow({
  ...travelChain.declaration,
  flow: 'travel',
  commands: reviewCommands,
  form: { schema: travelFormSchema, fields: travelFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'map signs', sort: 2 },
  formView: (d) => ({
    destination: d.destination,
    start: d.start,
    end: d.end,
    transport: d.transport ?? undefined,
    reason: d.reason,
    attachments: d.attachments,
    studentId: d.studentId,
  }),
});
