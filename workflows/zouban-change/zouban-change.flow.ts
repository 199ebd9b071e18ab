import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { zoubanChangeFields, zoubanChangeFormSchema } from './zouban-change.form.js';
import { zoubanChangeChain } from './zouban-change.machine.js';

/** 走班选科变更, declared once: the kit's review chain (head teacher → office), its commands, its form; students apply. */
export const zoubanChangeFlow = defineFlow({
  ...zoubanChangeChain.declaration,
  flow: 'zouban-change',
  commands: reviewCommands,
  form: { schema: zoubanChangeFormSchema, fields: zoubanChangeFields },
  apply: { roles: [RoleCode.student], icon: 'random', sort: 10 },
  formView: (d) => ({ windowId: d.windowName ?? d.windowId, courseIds: d.combination ?? d.courseIds, reason: d.reason }),
});
