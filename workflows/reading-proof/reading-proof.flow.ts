import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { proofFields, proofFormSchema } from '../kit/proof.js';
import { reviewCommands } from '../kit/shared.js';
import { readingProofChain } from './reading-proof.machine.js';

/** 在读证明, declared once. */
export const readingProofFlow = defineFlow({
  ...readingProofChain.declaration,
  flow: 'reading-proof',
  commands: reviewCommands,
  form: { schema: proofFormSchema, fields: proofFields },
  apply: { roles: [RoleCode.student, RoleCode.parent], icon: 'certificate', sort: 6 },
  formView: (d) => ({ purpose: d.purpose, language: d.language, studentId: d.studentId }),
});
