import { ABOVE_SCHOOL_LEVELS } from '@schoolflow/contracts';
import { type ChainContext, type ChainEvent, type ChainStep, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';

/** The start event: the report as submitted, with the award's owner and the route the server resolved. */
export interface AwardReviewSubmitted extends ChainSubmitted {
  /** Whose award it is: the reporting student (`studentId`) or teacher (the applicant's account). */
  recipient: 'student' | 'teacher';
  kind: string;
  contestId: string | null;
  title: string | null;
  level: string;
  prize: string;
  awardedOn: string;
  certificates: string[];
  remark: string | null;
  /** The student's class's head teacher (none for a teacher's award), then the office. */
  route: { headTeacher: string[]; office: string[] };
}

export type AwardReviewEvent = ChainEvent;
export type AwardReviewContext = ChainContext;

/**
 * The head teacher of the student's class reviews first; a teacher's award has no class, so the route names nobody
 * there and the request goes to the office at once (the step is optional). The office's decision is the last.
 */
const STEPS: readonly ChainStep[] = [
  { step: 'headTeacher', role: 'headteacher', review: 'unreviewed', label: 'workflow.step.headTeacherReview', optional: true },
  { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' },
];

/**
 * 奖项申报 (docs/product/awards.md#reporting): an award above the school's level counts once the head teacher and the
 * office passed it (the server's effect writes it to reward management). A school-level award is never reported here.
 */
export const awardReviewChain = reviewChain({
  id: 'award-review',
  steps: STEPS,
  submission: { check: ({ event }) => (ABOVE_SCHOOL_LEVELS as readonly string[]).includes(String(event.level)), refusal: 'validation.awardLevelAboveSchool' },
});

export const awardReviewMachine = awardReviewChain.machine;
