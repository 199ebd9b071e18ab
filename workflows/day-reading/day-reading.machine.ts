import { type ChainContext, type ChainEvent, HEAD_TEACHER_THEN_OFFICE, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';

/** The start event: the form as submitted, with the student and the route the server resolved. */
export interface DayReadingSubmitted extends ChainSubmitted {
  /** The first day as a day student (YYYY-MM-DD, school calendar). */
  start: string;
  address: string;
  guardianPhone: string;
  reason: string;
  route: { headTeacher: string[]; office: string[] };
}

export type DayReadingEvent = ChainEvent;
export type DayReadingContext = ChainContext;

/**
 * 走读申请 (docs/product/workflows.md#day-reading): head teacher → school office → passed, on the kit's review chain. When it passes, the
 * student is a day student from `start` (the server's effect of the committed approval).
 */
export const dayReadingChain = reviewChain({
  id: 'day-reading',
  steps: HEAD_TEACHER_THEN_OFFICE,
  submission: { check: ({ event }) => /^\d{4}-\d{2}-\d{2}$/.test(String(event.start)), refusal: 'validation.dateInvalid' },
});

export const dayReadingMachine = dayReadingChain.machine;
