import { type ChainContext, type ChainEvent, type ChainStep, type ChainSubmitted, reviewChain } from '../kit/review-chain.js';

/** The start event: the request as submitted, with the route the server resolved. */
export interface ZoubanChangeSubmitted extends ChainSubmitted {
  windowId: string;
  windowName: string;
  /** The combination asked for (sorted course ids) and its name; the one held when asking. */
  courseIds: string[];
  combination: string;
  was: string;
  reason: string;
  route: { headTeacher: string[]; office: string[] };
}

export type ZoubanChangeEvent = ChainEvent;
export type ZoubanChangeContext = ChainContext;

const STEPS: readonly ChainStep[] = [
  { step: 'headTeacher', role: 'headteacher', review: 'unreviewed', label: 'workflow.step.headTeacherReview' },
  { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' },
];

/**
 * 走班选科变更: the student's head teacher, then the school office; when the office passes it the server's effect
 * changes the choice (and, once generated, moves the student between teaching classes within their capacity).
 */
export const zoubanChangeChain = reviewChain({
  id: 'zouban-change',
  steps: STEPS,
  submission: { check: ({ event }) => Array.isArray(event.courseIds) && (event.courseIds as unknown[]).length > 0, refusal: 'class-walking.validation.choiceRequired' },
});

export const zoubanChangeMachine = zoubanChangeChain.machine;
