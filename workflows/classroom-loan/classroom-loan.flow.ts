import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { classroomLoanFields, classroomLoanFormSchema } from './classroom-loan.form.js';
import { classroomLoanChain } from './classroom-loan.machine.js';

/** 教室借用, declared once. */
export const classroomLoanFlow = defineFlow({
  ...classroomLoanChain.declaration,
  flow: 'classroom-loan',
  commands: reviewCommands,
  form: { schema: classroomLoanFormSchema, fields: classroomLoanFields },
  apply: { roles: [RoleCode.teacher, RoleCode.student], icon: 'building outline', sort: 4 },
  formView: (d) => ({ classroomId: d.classroomName ?? d.classroomId, start: d.start, end: d.end, purpose: d.purpose, remark: d.remark ?? undefined }),
});
