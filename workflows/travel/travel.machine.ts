import { type ChainContext, type ChainEvent, HEAD_TEACHER_THEN_OFFICE, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';
import type { TravelRequest } from './travel.form.js';

/** The start event: the form as submitted (its fields are the schema's: TravelRequest), with the student and the route the server resolved. */
export interface TravelSubmitted extends ChainSubmitted, TravelRequest {
  /** The head teacher of the student's class; the school office (administrators stand in when there is none). */
  route: { headTeacher: string[]; office: string[] };
}

export type TravelEvent = ChainEvent;
export type TravelContext = ChainContext;

/**
 * 外出申请 (docs/product/workflows.md#travel): head teacher → school office → passed, on the kit's review chain
 * (reject with a reason, withdraw, urge, transfer, CC at each step). Its own rule: the end not before the start.
 * Nothing changes when it passes: the school knows where the student is.
 */
export const travelChain = reviewChain({
  id: 'travel',
  steps: HEAD_TEACHER_THEN_OFFICE,
  submission: { check: ({ event }) => Date.parse(String(event.end)) >= Date.parse(String(event.start)), refusal: 'validation.endBeforeStart' },
});

export const travelMachine = travelChain.machine;
