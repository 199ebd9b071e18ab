import type { ChainContext, ChainEvent } from '../kit/review-chain.js';
import type { ProofSubmitted } from '../kit/proof.js';
import { readingProofFlow } from './reading-proof.flow.js';

export type ReadingProofSubmitted = ProofSubmitted;
export type ReadingProofEvent = ChainEvent;
export type ReadingProofContext = ChainContext;

/**
 * 在读证明 (docs/product/workflows.md#proofs): the school office decides; when it passes, the server issues the certificate — the student's
 * enrollment as it stands that day, in the language asked for, with a verification code.
 */
export const readingProofMachine = readingProofFlow.machine;
