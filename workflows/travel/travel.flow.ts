import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { TRAVEL_FORM_KEYS, travelFields, travelFormSchema } from './travel.form.js';
import { travelChain } from './travel.machine.js';

/** 外出申请, declared once: the kit's review chain, its commands, its form and who starts it. */
export const travelFlow = defineFlow({
  ...travelChain.declaration,
  flow: 'travel',
  commands: reviewCommands,
  form: { schema: travelFormSchema, fields: travelFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'map signs', sort: 2 },
  // the schema's fields as stored (the student: the one resolved); one left out (null) is shown as absent
  formView: (d) => Object.fromEntries(TRAVEL_FORM_KEYS.map((name) => [name, d[name] ?? undefined])),
});
