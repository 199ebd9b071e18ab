import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { proofFields, proofFormSchema } from '../kit/proof.js';
import { reviewCommands } from '../kit/shared.js';
import { gradeProofChain } from './grade-proof.machine.js';

/** 成绩证明, declared once. */
export const gradeProofFlow = defineFlow({
  ...gradeProofChain.declaration,
  flow: 'grade-proof',
  commands: reviewCommands,
  form: { schema: proofFormSchema, fields: proofFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'chart bar outline', sort: 7 },
  formView: (d) => ({ purpose: d.purpose, language: d.language, studentId: d.studentId }),
});
