import type { FinalObjection } from '@schoolflow/contracts';
import { assign, setup } from 'xstate';
import { commentOf, hasText, type ReviewContext, type ReviewEvent, reviewersOf, reviewRules } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';

/** A name in both languages (messages and lists show it without reading the database). */
export interface Named {
  zh: string;
  en: string;
}

/**
 * What the server reads as a submission is sent (first or again after a return), recorded in its event so a replay
 * decides the same: the families who may object (each user of the class's students and their guardians → the
 * students they speak for), the publicity's length and its end in school days (publicity.ts), and how many
 * students still lack results or a term comment.
 */
export interface SubmissionFacts {
  families: Readonly<Record<string, readonly string[]>>;
  publicityDays: number;
  publicityEndsAt: string;
  missing: number;
}

/** The start: a round's class, its head teacher (who submits), the office (who confirms), with the facts. */
export interface EvaluationSubmitted extends SubmissionFacts {
  type: 'SUBMIT';
  actorId: string;
  comment?: string;
  roundId: string;
  roundName: Named;
  classId: string;
  className: Named;
  headTeacherId: string;
  route: { headTeacher: string[]; office: string[] };
}

/** An objection a family raised during the publicity, and the head teacher's answer (the pages read it as it is). */
export type Objection = FinalObjection;

export type FinalEvaluationEvent =
  | EvaluationSubmitted
  | ({ type: 'SUBMIT'; actorId: string; comment?: string } & SubmissionFacts)
  | { type: 'OBJECT'; actorId: string; studentId: string; comment?: string; at: string }
  | { type: 'ANSWER'; actorId: string; objection: number; comment?: string; at: string }
  /** The engine's timer: the publicity's school days are over. */
  | { type: 'PUBLICITY_END'; actorId: string; at: string; comment?: string }
  | (ReviewEvent & { type: 'APPROVE' | 'REJECT' | 'WITHDRAW' })
  | (ReviewEvent & { type: 'URGE'; at: string });

export interface FinalEvaluationContext extends ReviewContext {
  roundId: string;
  roundName: Named;
  classId: string;
  className: Named;
  /** The class's head teacher: submits, answers; as the "applicant" never confirms their own class. */
  headTeacherId: string;
  route: { headTeacher: string[]; office: string[] };
  families: Readonly<Record<string, readonly string[]>>;
  publicityDays: number;
  publicityEndsAt: string | null;
  objections: readonly Objection[];
  /** How many times it was submitted (a return or a withdrawal asks for another). */
  submissions: number;
}

const EMPTY: FinalEvaluationContext = {
  applicantId: '',
  headTeacherId: '',
  roundId: '',
  roundName: { zh: '', en: '' },
  classId: '',
  className: { zh: '', en: '' },
  route: { headTeacher: [], office: [] },
  families: {},
  publicityDays: 0,
  publicityEndsAt: null,
  objections: [],
  submissions: 0,
  lastComment: null,
  lastUrgedAt: null,
  cc: [],
  copiesSent: [],
};

type Args = { context: FinalEvaluationContext; event: FinalEvaluationEvent };

/** The objections nobody answered yet. */
export const openObjections = (context: Pick<FinalEvaluationContext, 'objections'>): Objection[] => context.objections.filter((o) => o.answer === null);

const objectionOf = (context: FinalEvaluationContext, event: FinalEvaluationEvent): Objection | undefined =>
  event.type === 'ANSWER' ? context.objections.find((o) => o.no === event.objection) : undefined;

/** The final-evaluation machine's guards, each with the refusal it gives. */
export const finalEvaluationRules = {
  ...reviewRules,
  /** The first submission is the class's head teacher's (the route the server resolved names them). */
  submittedByHeadTeacher: {
    check: ({ event }: Args) => event.type === 'SUBMIT' && 'route' in event && event.route.headTeacher.includes(event.actorId) && event.headTeacherId === event.actorId,
    refusal: 'forbidden',
  },
  isHeadTeacher: { check: ({ context, event }: Args) => event.actorId === context.headTeacherId, refusal: 'forbidden' },
  /** Every student of the class has results and a term comment before the class goes to the public notice. */
  resultsComplete: { check: ({ event }: Args) => event.type === 'SUBMIT' && event.missing === 0, refusal: 'evaluations.final.errors.incomplete' },
  /** A student of the class or one of their guardians objects, for that student. */
  isFamilyOf: {
    check: ({ context, event }: Args) => event.type === 'OBJECT' && (context.families[event.actorId] ?? []).includes(event.studentId),
    refusal: 'forbidden',
  },
  objectionHasText: { check: ({ event }: Args) => hasText(event.comment), refusal: 'evaluations.final.errors.objectionNeedsText' },
  objectionOpen: {
    check: ({ context, event }: Args) => objectionOf(context, event)?.answer === null,
    refusal: 'evaluations.final.errors.noSuchObjection',
  },
  /** Nobody answers their own objection (a head teacher whose child is in the class). */
  notOwnObjection: { check: ({ context, event }: Args) => objectionOf(context, event)?.by !== event.actorId, refusal: 'forbidden' },
  answerHasText: { check: ({ event }: Args) => hasText(event.comment), refusal: 'evaluations.final.errors.answerNeedsText' },
  /** The office confirms only once every objection has its answer. */
  objectionsAnswered: { check: ({ context }: Args) => openObjections(context).length === 0, refusal: 'evaluations.final.errors.objectionsOpen' },
  /** Only the engine's timer, and only once the publicity's school days are over. */
  publicityDue: {
    check: ({ context, event }: Args) =>
      event.type === 'PUBLICITY_END' && event.actorId === 'system' && context.publicityEndsAt !== null && Date.parse(event.at) >= Date.parse(context.publicityEndsAt),
  },
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;

const OBJECTIONS = {
  OBJECT: { guard: all(['isFamilyOf', 'objectionHasText']), actions: 'recordObjection' },
  ANSWER: { guard: all(['isHeadTeacher', 'notOwnObjection', 'objectionOpen', 'answerHasText']), actions: 'recordAnswer' },
} as const;

/**
 * 期末学业评价 (docs/product/evaluations.md#final-term-evaluation): the head teacher submits the class's results and
 * term comments; they are put up for the class's students and parents (公示) for the configured school days, during
 * which — and until the office decides — a family may object and the head teacher must answer; when the days are
 * over (the engine's timer) the office confirms, every objection answered, and the results are published (the final
 * report and the radar read them), or returns them with a reason to the head teacher, who submits again (a new
 * publicity). The head teacher may take them back before the office decides.
 */
export const finalEvaluationMachine = setup({
  types: { context: {} as FinalEvaluationContext, events: {} as FinalEvaluationEvent },
  guards: guardsOf(finalEvaluationRules),
  actions: {
    recordStart: assign(({ event }) => {
      if (event.type !== 'SUBMIT' || !('route' in event)) return {};
      const { roundId, roundName, classId, className, headTeacherId, route } = event;
      return { applicantId: headTeacherId, headTeacherId, roundId, roundName, classId, className, route };
    }),
    recordSubmission: assign(({ context, event }) => {
      if (event.type !== 'SUBMIT') return {};
      return {
        families: event.families,
        publicityDays: event.publicityDays,
        publicityEndsAt: event.publicityEndsAt,
        submissions: context.submissions + 1,
        lastComment: commentOf(event),
      };
    }),
    recordObjection: assign({
      objections: ({ context, event }) =>
        event.type === 'OBJECT'
          ? [
              ...context.objections,
              { no: context.objections.length + 1, by: event.actorId, studentId: event.studentId, text: String(event.comment).trim(), at: event.at, answer: null, answeredBy: null, answeredAt: null },
            ]
          : context.objections,
    }),
    recordAnswer: assign({
      objections: ({ context, event }) =>
        event.type === 'ANSWER'
          ? context.objections.map((o) => (o.no === event.objection ? { ...o, answer: String(event.comment).trim(), answeredBy: event.actorId, answeredAt: event.at } : o))
          : context.objections,
    }),
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordUrge: assign({ lastUrgedAt: ({ event }) => (event.type === 'URGE' ? event.at : null) }),
  },
}).createMachine({
  id: 'final-evaluation',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.evaluationSubmitted' },
      on: { SUBMIT: { guard: all(['submittedByHeadTeacher', 'resultsComplete']), target: 'publicity', actions: ['recordStart', 'recordSubmission'] } },
    },
    /** Back with the head teacher: taken back (draft) or returned by the office with a reason. */
    editing: {
      meta: { review: 'unreviewed', step: 'headTeacher', label: 'workflow.step.evaluationSubmitted' },
      initial: 'draft',
      states: {
        draft: {},
        returned: { meta: { review: 'rejected', extra: 'returned' } },
      },
      on: { SUBMIT: { guard: all(['isHeadTeacher', 'resultsComplete']), target: 'publicity', actions: 'recordSubmission' } },
    },
    /** 公示: the class's families read the results; the office waits for the school days to pass. */
    publicity: {
      meta: {
        review: 'pending',
        step: 'publicity',
        label: 'workflow.step.evaluationPublicity',
        refuses: { APPROVE: 'evaluations.final.errors.publicityRunning', REJECT: 'evaluations.final.errors.publicityRunning', SUBMIT: 'evaluations.final.errors.notEditable' },
      },
      on: {
        ...OBJECTIONS,
        PUBLICITY_END: { guard: 'publicityDue', target: 'review' },
        WITHDRAW: { guard: 'isHeadTeacher', target: 'editing.draft', actions: 'recordComment' },
      },
    },
    review: {
      meta: { review: 'pending', step: 'office', label: 'workflow.step.evaluationOfficeReview', refuses: { SUBMIT: 'evaluations.final.errors.notEditable' } },
      on: {
        ...OBJECTIONS,
        APPROVE: { guard: all([{ type: 'isReviewerOf', params: { step: 'office' } }, 'objectionsAnswered']), target: 'published', actions: 'recordComment' },
        REJECT: { guard: all([{ type: 'isReviewerOf', params: { step: 'office' } }, 'hasReason']), target: 'editing.returned', actions: 'recordComment' },
        WITHDRAW: { guard: 'isHeadTeacher', target: 'editing.draft', actions: 'recordComment' },
        URGE: { guard: all(['isHeadTeacher', 'notUrgedWithinTheHour']), actions: 'recordUrge' },
      },
    },
    published: {
      type: 'final',
      meta: {
        review: 'passed',
        label: 'workflow.step.evaluationPublished',
        refuses: { OBJECT: 'evaluations.final.errors.published', ANSWER: 'evaluations.final.errors.published', SUBMIT: 'evaluations.final.errors.published' },
      },
    },
  },
});

/** Whether families read the class's results in this state (from the publicity on). */
export const isVisibleToFamilies = (state: string): boolean => state === 'publicity' || state === 'review' || state === 'published';

/** Who acts now: the head teacher while an objection waits for an answer; the office once the publicity is over. */
export function finalEvaluationReviewers(context: FinalEvaluationContext, step: string): string[] {
  const answering = openObjections(context).length > 0 ? [context.headTeacherId] : [];
  if (step === 'headTeacher') return [context.headTeacherId];
  if (step === 'publicity') return answering;
  if (step === 'office') return [...new Set([...reviewersOf(context, 'office'), ...answering])];
  return [];
}
