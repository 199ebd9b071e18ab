import { type ChainContext, type ChainEvent, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';

export interface ClassroomLoanSubmitted extends ChainSubmitted {
  classroomId: string;
  /** The classroom's name when asked for (the detail page shows it as it was). */
  classroomName: string;
  start: string;
  end: string;
  purpose: string;
  remark: string | null;
  route: { office: string[] };
}

export type ClassroomLoanEvent = ChainEvent;
export type ClassroomLoanContext = ChainContext;

/**
 * 教室借用 (docs/product/workflows.md#classroom-loan): the school office decides. The subject is a classroom, not a student (a teacher or a
 * student asks). While pending or passed, the time is the loan's: the server books it with the start, and frees it
 * when the request ends rejected, withdrawn or expired (nobody decided before it began: the engine's timer).
 */
export const classroomLoanChain = reviewChain({
  id: 'classroom-loan',
  steps: [{ step: 'office', role: 'office', review: 'unreviewed', label: 'workflow.step.officeReview' }],
  submission: { check: ({ event }) => Date.parse(String(event.end)) > Date.parse(String(event.start)), refusal: 'validation.endBeforeStart' },
  // a loan nobody decided on before it begins is moot: it expires then, and its time is free again
  expiresAt: (context) => String(context.form.start),
});

export const classroomLoanMachine = classroomLoanChain.machine;
