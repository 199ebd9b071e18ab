import type { BothNames } from '@schoolflow/contracts';
import { type ChainContext, type ChainDrafted, type ChainEvent, HEAD_TEACHER_THEN_OFFICE, reviewChain } from '../kit/review-chain.js';

/** The start event: the form as saved, named, with its route and whom it concerns, all read by the server. */
export interface MakeUpClassDrafted extends ChainDrafted {
  classId: string;
  className: BothNames;
  courseId: string;
  courseName: BothNames;
  date: string;
  /** The teaching week of the date in its semester: where the class's students and parents are sent when it passes. */
  week: number;
  /** Period numbers, once each, in order. */
  periods: number[];
  /** The periods' names as the school calls them, in both languages (第3节 / Period 3), in the same order. */
  periodNames: BothNames[];
  /** When the first of them begins (ISO instant): a request nobody has decided by then expires. */
  startsAt: string;
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

/** When a request's first period begins, as its start recorded it (none: a request saved before it was recorded). */
export const startsAtOf = (context: ChainContext): string | null => (typeof context.form.startsAt === 'string' ? context.form.startsAt : null);

/**
 * 补课 (docs/product/workflows.md#make-up-class: not submitted, pending head teacher, pending educational administration,
 * audit passed, not passed) on the kit's review chain, begun as a draft: saved (its periods already held), sent by its
 * teacher, reviewed by the class's head teacher — passed on by itself when the teacher is that head teacher — then
 * by the office. A lesson cannot be made up once it has begun: a draft or a request still under review when its first
 * period begins expires then (the engine's timer), and lets its periods go. Its own rule: at least one period.
 */
export const makeUpClassChain = reviewChain({
  id: 'make-up-class',
  steps: HEAD_TEACHER_THEN_OFFICE,
  draft: true,
  expiresAt: startsAtOf,
  submission: { check: ({ event }) => Array.isArray(event.periods) && event.periods.length > 0, refusal: 'validation.periodsRequired' },
});

export const makeUpClassMachine = makeUpClassChain.machine;
