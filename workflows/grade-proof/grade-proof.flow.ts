import { proofFlow } from '../kit/proof.js';

/** 成绩证明, declared once: the kit's proof. */
export const gradeProofFlow = proofFlow('grade-proof', { icon: 'chart bar outline', sort: 7 });
