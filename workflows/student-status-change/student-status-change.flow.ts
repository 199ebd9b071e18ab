import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { statusChangeFields, statusChangeFormSchema } from './student-status-change.form.js';
import { statusChangeChain } from './student-status-change.machine.js';

/** 学籍异动, declared once. */
export const statusChangeFlow = defineFlow({
  ...statusChangeChain.declaration,
  flow: 'student-status-change',
  commands: reviewCommands,
  form: { schema: statusChangeFormSchema, fields: statusChangeFields },
  apply: { roles: [RoleCode.office, RoleCode.headTeacher], icon: 'id card outline', sort: 5 },
  formView: (d) => ({
    studentId: d.studentName ?? d.studentId,
    kind: d.kind,
    effectiveDate: d.effectiveDate,
    toClassId: d.toClassName ?? undefined,
    reason: d.reason,
    attachments: d.attachments,
  }),
});
