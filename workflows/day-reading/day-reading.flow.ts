import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { dayReadingFields, dayReadingFormSchema } from './day-reading.form.js';
import { dayReadingChain } from './day-reading.machine.js';

/** 走读申请, declared once: the kit's review chain, its commands, its form and who starts it. */
export const dayReadingFlow = defineFlow({
  ...dayReadingChain.declaration,
  flow: 'day-reading',
  commands: reviewCommands,
  form: { schema: dayReadingFormSchema, fields: dayReadingFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'home', sort: 3 },
  formView: (d) => ({ start: d.start, address: d.address, guardianPhone: d.guardianPhone, reason: d.reason, studentId: d.studentId }),
});
