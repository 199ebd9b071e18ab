import { assign, setup } from 'xstate';
import { approveTo, commentOf, copied, copyPeople, type ReviewContext, type ReviewEvent, reviewRules, transferred } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';

/** What a sheet is about, named in both languages (messages and lists show it without reading the database). */
export interface SheetSubject {
  batchId: string;
  batchName: string;
  classId: string;
  className: { zh: string; en: string };
  courseId: string;
  courseName: { zh: string; en: string };
}

/** The engine opens a sheet (a batch's entry begins): its teacher and its reviewers, resolved by the server. */
export interface SheetOpened extends SheetSubject {
  type: 'OPEN';
  comment?: string;
  actorId: string;
  teacherId: string;
  route: { teacher: string[]; reviewer: string[] };
}

export type GradeConfirmationEvent =
  | SheetOpened
  | { type: 'SUBMIT'; actorId: string; comment?: string; /** Rows with neither a score nor a mark, counted by the server as it is sent. */ missing: number }
  | (ReviewEvent & { type: 'APPROVE' | 'REJECT' | 'WITHDRAW' | 'TRANSFER' | 'CC' })
  | (ReviewEvent & { type: 'URGE'; at: string });

export interface GradeConfirmationContext extends ReviewContext, SheetSubject {
  /** The sheet's teacher: they enter and submit; as the "applicant" they never review their own sheet. */
  teacherId: string;
  route: { teacher: string[]; reviewer: string[] };
  /** How many times it came back (rejections). */
  returns: number;
}

const EMPTY: GradeConfirmationContext = {
  applicantId: '',
  teacherId: '',
  batchId: '',
  batchName: '',
  classId: '',
  className: { zh: '', en: '' },
  courseId: '',
  courseName: { zh: '', en: '' },
  route: { teacher: [], reviewer: [] },
  lastComment: null,
  lastUrgedAt: null,
  cc: [],
  copiesSent: [],
  returns: 0,
};

type Args = { context: GradeConfirmationContext; event: GradeConfirmationEvent };

/** The grade-confirmation machine's guards, each with the refusal it gives. */
export const gradeConfirmationRules = {
  ...reviewRules,
  /** Only the engine opens a sheet (a user's start is refused before it reaches the machine). */
  byEngine: { check: ({ event }: Args) => event.actorId === 'system', refusal: 'forbidden' },
  isTeacher: { check: ({ context, event }: Args) => context.route.teacher.includes(event.actorId), refusal: 'forbidden' },
  /** Every row has a score or a mark (absent, exempt) before the sheet goes to review. */
  sheetComplete: { check: ({ event }: Args) => event.type === 'SUBMIT' && event.missing === 0, refusal: 'grades.errors.sheetIncomplete' },
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;

/**
 * 成绩确认 (docs/product/workflows.md#grade-confirmation: a sheet is submitted, then rejected or passed): the engine opens one sheet per
 * (batch, class, course) when the batch's entry begins; the teacher types the scores (through the grades API, while the
 * sheet is `entering`) and submits; a reviewer — a grade leader or the school office — passes it (the scores are
 * locked) or rejects it with a reason (back to the teacher, editable again). The teacher may take a submitted sheet
 * back before anyone decides, and urge the reviewers.
 */
export const gradeConfirmationMachine = setup({
  types: { context: {} as GradeConfirmationContext, events: {} as GradeConfirmationEvent },
  guards: guardsOf(gradeConfirmationRules),
  actions: {
    recordOpening: assign(({ event }) => {
      if (event.type !== 'OPEN') return {};
      const { batchId, batchName, classId, className, courseId, courseName, teacherId, route } = event;
      return { applicantId: teacherId, teacherId, batchId, batchName, classId, className, courseId, courseName, route };
    }),
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordReturn: assign({ lastComment: ({ event }) => commentOf(event), returns: ({ context }) => context.returns + 1 }),
    recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
    recordTransfer: assign(({ context, event }, params: { step: string }) => transferred(context, event as ReviewEvent, params.step)),
    recordCc: assign(({ context, event }) => copied(context, event as ReviewEvent)),
  },
}).createMachine({
  id: 'grade-confirmation',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.gradeOpened' },
      on: { OPEN: { guard: 'byEngine', target: 'entering', actions: 'recordOpening' } },
    },
    entering: {
      meta: { review: 'unreviewed', step: 'teacher', label: 'workflow.step.gradeEntering' },
      initial: 'draft',
      states: {
        draft: {},
        /** Rejected: back with its teacher, editable again. */
        returned: { meta: { review: 'rejected', extra: 'returned' } },
      },
      on: {
        SUBMIT: { guard: all(['isTeacher', 'sheetComplete']), target: 'review', actions: 'recordComment' },
        CC: copyPeople(),
      },
    },
    review: {
      meta: { review: 'pending', step: 'reviewer', label: 'workflow.step.gradeReview' },
      on: {
        APPROVE: approveTo('reviewer', 'passed'),
        REJECT: { guard: all([{ type: 'isReviewerOf', params: { step: 'reviewer' } }, 'hasReason']), target: 'entering.returned', actions: 'recordReturn' },
        WITHDRAW: { guard: 'isTeacher', target: 'entering.draft', actions: 'recordComment' },
        URGE: { guard: all(['isTeacher', 'notUrgedWithinTheHour']), actions: 'recordUrge' },
        TRANSFER: {
          guard: all([{ type: 'isReviewerOf', params: { step: 'reviewer' } }, { type: 'isNewReviewer', params: { step: 'reviewer' } }]),
          actions: { type: 'recordTransfer', params: { step: 'reviewer' } },
        },
        CC: copyPeople(),
      },
    },
    passed: {
      type: 'final',
      meta: { review: 'passed', label: 'workflow.step.gradePassed', refuses: { SUBMIT: 'grades.errors.sheetLocked' } },
    },
  },
});

/** Whether scores may be typed into a sheet in this state (its teacher's, while entering or returned). */
export const isSheetEditable = (state: string): boolean => state === 'entering' || state.startsWith('entering.');
