import type { BothNames } from '@schoolflow/contracts';
import { type ChainContext, type ChainEvent, type ChainStep, type ChainSubmitted, reviewChain } from '../kit/review-chain.js';
import { startsAtOf } from '../make-up-class/make-up-class.machine.js';

/** A lesson a swap moves, as the request keeps it. */
export interface MovedLesson {
  /** The weekly template's lesson. */
  id: string;
  courseId: string;
  courseName: BothNames;
  teacherId: string;
  teacherName: string;
  classroomId: string | null;
}

/** The start event: the form, the two lessons found there, the route and whom it concerns, all read by the server. */
export interface ClassSwapSubmitted extends ChainSubmitted {
  classId: string;
  className: BothNames;
  fromDate: string;
  fromPeriod: number;
  toDate: string;
  toPeriod: number;
  /** The two periods' names as the school calls them, in both languages (第3节 / Period 3). */
  fromPeriodName: BothNames;
  toPeriodName: BothNames;
  /** The teaching week of the earlier date in its semester: where the class's students and parents are sent when it passes. */
  week: number;
  /** When the earlier of the two periods begins (ISO instant): a request nobody has decided by then expires. */
  startsAt: string;
  reason: string;
  /** The applicant's lesson: it goes from (fromDate, fromPeriod) to (toDate, toPeriod). */
  lesson: MovedLesson;
  /** The lesson at the target, which comes the other way (a swap); null: the target was free (a move). */
  other: MovedLesson | null;
  /** The class's students and their parents' accounts: told once when it passes. */
  audience: string[];
  /** The other lesson's teacher when it is not the applicant (they consent), none for a move; the school office. */
  route: { teacher: string[]; office: string[] };
}

export type ClassSwapEvent = ChainEvent;
export type ClassSwapContext = ChainContext;

/**
 * The other teacher's consent (docs/product/workflows.md#class-swap, `CONSENT`): their own lesson moves, so it is theirs to agree to — or to
 * refuse with a reason — and nobody else's: it cannot be handed to another teacher (no role, no TRANSFER). When the
 * target is free, or the applicant's own, there is nobody to ask and the request goes straight to the office.
 */
const TEACHER_CONSENT: ChainStep = {
  step: 'teacher',
  state: 'teacherConsent',
  review: 'unreviewed',
  label: 'workflow.step.teacherConsent',
  passWith: 'CONSENT',
  optional: true,
  refuses: { APPROVE: 'workflow.awaitingConsent', TRANSFER: 'workflow.consentNotTransferable' },
};

/**
 * 调课 (docs/product/workflows.md#class-swap: submitted for review): the other teacher
 * consents when there is one, then the office decides, on the kit's review chain. A request still waiting when the
 * earlier of its two periods begins expires then (the engine's timer) and lets both lessons go: a lesson that has begun
 * cannot be moved. Its own rule: two different lessons.
 */
export const classSwapChain = reviewChain({
  id: 'class-swap',
  expiresAt: startsAtOf,
  steps: [TEACHER_CONSENT, { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' }],
  submission: {
    check: ({ event }) => !(event.fromDate === event.toDate && Number(event.fromPeriod) === Number(event.toPeriod)),
    refusal: 'timetable.errors.samePeriod',
  },
});

export const classSwapMachine = classSwapChain.machine;
