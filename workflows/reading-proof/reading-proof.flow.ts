import { proofFlow } from '../kit/proof.js';

/** 在读证明, declared once: the kit's proof. */
export const readingProofFlow = proofFlow('reading-proof', { icon: 'certificate', sort: 6 });
