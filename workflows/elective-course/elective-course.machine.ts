import { type ChainContext, type ChainEvent, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';

/** The start event: the declaration as submitted, with the semester it is for and the office's reviewers. */
export interface ElectiveCourseSubmitted extends ChainSubmitted {
  name: string;
  description: string;
  grades: number[];
  capacity: number;
  minSize: number;
  slots: string[];
  classroomId: string | null;
  classroomName: string | null;
  semesterId: string;
  route: { office: string[] };
}

export type ElectiveCourseEvent = ChainEvent;
export type ElectiveCourseContext = ChainContext;

/**
 * 选修课申报 (docs/product/electives.md#declaring): a teacher declares a course, the educational administration (the
 * office) passes or rejects it; a passed one becomes an offerable elective course of its semester (the server's effect).
 */
export const electiveCourseChain = reviewChain({
  id: 'elective-course',
  steps: [{ step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' }],
  submission: { check: ({ event }) => Number(event.minSize) <= Number(event.capacity), refusal: 'validation.electiveMinSizeInvalid' },
});

export const electiveCourseMachine = electiveCourseChain.machine;
