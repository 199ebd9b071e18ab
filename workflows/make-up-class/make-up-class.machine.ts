import { type ChainContext, type ChainDrafted, type ChainEvent, HEAD_TEACHER_THEN_OFFICE, reviewChain } from '../kit/review-chain.js';

/** A name in both languages, as the request keeps it (messages and pages show it without reading the database). */
export interface BothNames {
  zh: string;
  en: string;
}

/** The start event: the form as saved, named, with its route and whom it concerns, all read by the server. */
export interface MakeUpClassDrafted extends ChainDrafted {
  classId: string;
  className: BothNames;
  courseId: string;
  courseName: BothNames;
  date: string;
  /** Period numbers, once each, in order. */
  periods: number[];
  /** The room (the one chosen, else the class's own), or null when the class has none. */
  classroomId: string | null;
  classroomName: string | null;
  reason: string;
  teacherName: string;
  /** The class's students and their parents' accounts: told once when it passes. */
  audience: string[];
  /** The class's head teacher; the school office (administrators stand in when there is none but the applicant). */
  route: { headTeacher: string[]; office: string[] };
}

export type MakeUpClassEvent = ChainEvent;
export type MakeUpClassContext = ChainContext;

/**
 * 补课 (DESIGN.md §7; school-business §4: not submitted, pending head teacher, pending educational administration,
 * audit passed, not passed) on the kit's review chain, begun as a draft: saved (its periods already held), sent by its
 * teacher, reviewed by the class's head teacher — passed on by itself when the teacher is that head teacher — then
 * by the office. Its own rule: at least one period.
 */
export const makeUpClassChain = reviewChain({
  id: 'make-up-class',
  steps: HEAD_TEACHER_THEN_OFFICE,
  draft: true,
  submission: { check: ({ event }) => Array.isArray(event.periods) && event.periods.length > 0, refusal: 'validation.periodsRequired' },
});

export const makeUpClassMachine = makeUpClassChain.machine;
