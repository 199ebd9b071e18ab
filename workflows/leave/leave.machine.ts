import { assign, setup } from 'xstate';
import { all, guardsOf, type Rule } from '../kit/rules.js';
import { type SharedContext, sharedRules } from '../kit/shared.js';
import type { LeaveEvent, LeaveRoute } from './leave.events.js';

export type ReviewStep = keyof LeaveRoute;

export interface LeaveContext extends SharedContext {
  applicantId: string;
  studentId: string;
  studentUserId: string | null;
  leaveType: 'personal' | 'sick';
  start: string;
  end: string;
  durationDays: number;
  thresholdDays: number;
  route: LeaveRoute;
  /** Set by CANCEL_LEAVE (销假): the actual return time. */
  returnedAt: string | null;
  /** Who decided last, and why (a rejection's reason). */
  lastComment: string | null;
}

const EMPTY: LeaveContext = {
  applicantId: '',
  studentId: '',
  studentUserId: null,
  leaveType: 'personal',
  start: '',
  end: '',
  durationDays: 0,
  thresholdDays: 3,
  route: { headTeacher: [], office: [], principal: [] },
  returnedAt: null,
  lastComment: null,
  lastUrgedAt: null,
};

/** Reviewers of a step who may act: the route's, minus the applicant (nobody reviews their own request). */
export function reviewersOf(context: LeaveContext, step: ReviewStep): string[] {
  return context.route[step].filter((id) => id !== context.applicantId);
}

function hasText(s: string | undefined): boolean {
  return typeof s === 'string' && s.trim().length > 0;
}

type Args = { context: LeaveContext; event: LeaveEvent };

/** The leave machine's guards, each with the refusal it gives (docs/adr: the flow kit). */
export const leaveRules = {
  ...sharedRules,
  endAfterStart: { check: ({ event }: Args) => event.type === 'SUBMIT' && Date.parse(event.end) > Date.parse(event.start), refusal: 'validation.endBeforeStart' },
  isReviewerOf: {
    check: ({ context, event }: Args, params: { step: ReviewStep }) => reviewersOf(context, params.step).includes(event.actorId),
    refusal: 'forbidden',
  },
  hasReason: { check: ({ event }: Args) => hasText(event.comment), refusal: 'workflow.rejectNeedsReason' },
  isApplicant: { check: ({ context, event }: Args) => event.actorId === context.applicantId, refusal: 'forbidden' },
  /** Routing, not a rule: no refusal. */
  needsPrincipal: { check: ({ context }: Args) => context.durationDays > context.thresholdDays },
  /** The step's only reviewers are the applicant: it falls to the next step. */
  applicantIsOnlyReviewer: {
    check: ({ context }: Args, params: { step: ReviewStep }) => context.route[params.step].length > 0 && reviewersOf(context, params.step).length === 0,
  },
  mayRecordReturn: {
    check: ({ context, event }: Args) =>
      event.actorId === context.applicantId || event.actorId === context.studentUserId || context.route.headTeacher.includes(event.actorId),
    refusal: 'forbidden',
  },
  returnInsideLeave: {
    check: ({ context, event }: Args) => {
      if (event.type !== 'CANCEL_LEAVE') return false;
      const at = Date.parse(event.returnedAt);
      return Number.isFinite(at) && at >= Date.parse(context.start) && at <= Date.parse(context.end);
    },
    refusal: 'workflow.returnOutsideLeave',
  },
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: ReviewStep }>>;

/** Every review step: the applicant may withdraw while it is pending. */
const reviewStep = (step: ReviewStep) => ({
  REJECT: { guard: all([{ type: 'isReviewerOf', params: { step } }, 'hasReason']), target: 'rejected', actions: 'recordComment' },
  WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' },
  // no target: the step stays, its reviewers are reminded (messages from the committed event)
  URGE: { guard: all(['isApplicant', 'notUrgedWithinTheHour']), actions: 'recordUrge' },
}) as const;

/**
 * Student leave (school-business §3, §4): head teacher → school office → principal when longer than the threshold
 * → approved; a rejection ends it and needs a reason; the applicant may withdraw while pending; after approval the
 * applicant or head teacher records the actual return (销假), which must lie inside the leave.
 * Each state's `meta` says its review status, its step and its label; each guard's refusal is in `leaveRules`.
 * Pure: no I/O; the server resolves the route and the threshold and puts them in SUBMIT.
 */
export const leaveMachine = setup({
  types: {
    context: {} as LeaveContext,
    events: {} as LeaveEvent,
  },
  guards: guardsOf(leaveRules),
  actions: {
    recordSubmission: assign(({ event }) => {
      if (event.type !== 'SUBMIT') return {};
      return {
        applicantId: event.actorId,
        studentId: event.studentId,
        studentUserId: event.studentUserId,
        leaveType: event.leaveType,
        start: event.start,
        end: event.end,
        durationDays: event.durationDays,
        thresholdDays: event.thresholdDays,
        route: event.route,
      };
    }),
    recordComment: assign({ lastComment: ({ event }) => (hasText(event.comment) ? (event.comment as string).trim() : null) }),
    recordReturn: assign({ returnedAt: ({ event }) => (event.type === 'CANCEL_LEAVE' ? event.returnedAt : null) }),
    recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
  },
}).createMachine({
  id: 'leave',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.submitted' },
      on: { SUBMIT: { guard: 'endAfterStart', target: 'headTeacherReview', actions: 'recordSubmission' } },
    },
    headTeacherReview: {
      meta: { review: 'unreviewed', step: 'headTeacher', label: 'workflow.step.headTeacherReview' },
      on: {
        APPROVE: { guard: { type: 'isReviewerOf', params: { step: 'headTeacher' } }, target: 'officeReview', actions: 'recordComment' },
        ...reviewStep('headTeacher'),
        SKIP_STEP: { guard: { type: 'applicantIsOnlyReviewer', params: { step: 'headTeacher' } }, target: 'officeReview' },
      },
    },
    officeReview: {
      meta: { review: 'pending', step: 'office', label: 'workflow.step.officeReview' },
      on: {
        APPROVE: [
          { guard: all([{ type: 'isReviewerOf', params: { step: 'office' as const } }, 'needsPrincipal']), target: 'principalReview', actions: 'recordComment' },
          { guard: { type: 'isReviewerOf', params: { step: 'office' } }, target: 'approved', actions: 'recordComment' },
        ],
        ...reviewStep('office'),
        // With no office reviewer left, the principal decides whatever the length.
        SKIP_STEP: { guard: { type: 'applicantIsOnlyReviewer', params: { step: 'office' } }, target: 'principalReview' },
      },
    },
    principalReview: {
      meta: { review: 'pending', step: 'principal', label: 'workflow.step.principalReview' },
      on: {
        APPROVE: { guard: { type: 'isReviewerOf', params: { step: 'principal' } }, target: 'approved', actions: 'recordComment' },
        ...reviewStep('principal'),
      },
    },
    approved: {
      meta: { review: 'passed', label: 'workflow.step.approved' },
      initial: 'notCancelled',
      states: {
        notCancelled: {
          meta: { extra: 'notCancelled' },
          on: {
            CANCEL_LEAVE: {
              guard: all(['mayRecordReturn', 'returnInsideLeave']),
              target: 'cancelled',
              actions: ['recordReturn', 'recordComment'],
            },
          },
        },
        cancelled: { type: 'final', meta: { extra: 'cancelled', end: 'cancelled', refuses: { CANCEL_LEAVE: 'workflow.alreadyCancelled' } } },
      },
    },
    rejected: { type: 'final', meta: { review: 'rejected' } },
    withdrawn: { type: 'final', meta: { review: 'withdrawn' } },
  },
});
