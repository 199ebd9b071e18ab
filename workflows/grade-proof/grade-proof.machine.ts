import type { ChainContext, ChainEvent } from '../kit/review-chain.js';
import type { ProofSubmitted } from '../kit/proof.js';
import { gradeProofFlow } from './grade-proof.flow.js';

export type GradeProofSubmitted = ProofSubmitted;
export type GradeProofEvent = ChainEvent;
export type GradeProofContext = ChainContext;

/**
 * 成绩证明 (docs/product/workflows.md#proofs): the school office decides; when it passes, the server issues the certificate — the student's
 * published grades as they stand that day (none before any are published), with a verification code.
 */
export const gradeProofMachine = gradeProofFlow.machine;
