import { RoleCode, requiredText, studentRef } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';
import { defineFlow } from './define-flow.js';
import { type ChainSubmitted, reviewChain } from './review-chain.js';
import { reviewCommands } from './shared.js';

/**
 * What the proofs (在读证明, 成绩证明; docs/product/workflows.md#proofs) share: a student or a parent asks for a certificate with a purpose
 * and the language it is written in, the school office decides, and a passed request is a certificate the server
 * issues (a PDF with a verification code anyone may check).
 */
export const PROOF_PURPOSE_MAX = 100;
export const PROOF_LANGUAGES = ['zh', 'en'] as const;

/** `{purpose, language: 'zh' | 'en'}`; a parent adds `studentId`. */
export const proofFormSchema = z.object({
  purpose: requiredText('validation.proofPurposeRequired', PROOF_PURPOSE_MAX, 'validation.proofPurposeTooLong'),
  language: z.enum(PROOF_LANGUAGES, { error: 'validation.proofLanguageInvalid' }),
  studentId: studentRef(),
});
export type ProofForm = z.infer<typeof proofFormSchema>;

export const proofFields: readonly FormField[] = [
  { name: 'studentId', kind: 'child' },
  { name: 'purpose', kind: 'text', max: PROOF_PURPOSE_MAX },
  { name: 'language', kind: 'select', options: PROOF_LANGUAGES },
];

/** The start event of a proof: the form with the student and the office the server resolved. */
export interface ProofSubmitted extends ChainSubmitted {
  purpose: string;
  language: 'zh' | 'en';
  route: { office: string[] };
}

/** A proof's machine: one step, the school office; the kit's reject, withdraw, urge, transfer and CC. */
export function proofChain(id: string) {
  return reviewChain({
    id,
    steps: [{ step: 'office', role: 'office', review: 'unreviewed', label: 'workflow.step.officeReview' }],
    submission: { check: ({ event }) => (PROOF_LANGUAGES as readonly unknown[]).includes(event.language), refusal: 'validation.proofLanguageInvalid' },
  });
}

/** A proof declared: its chain, the kit's commands and form, asked for by a student or a parent. */
export function proofFlow(flow: string, apply: { icon: string; sort: number }) {
  const chain = proofChain(flow);
  return defineFlow({
    ...chain.declaration,
    flow,
    commands: reviewCommands,
    form: { schema: proofFormSchema, fields: proofFields },
    apply: { roles: [RoleCode.student, RoleCode.parent], ...apply },
    formView: (d) => ({ purpose: d.purpose, language: d.language, studentId: d.studentId }),
  });
}
