import { assign, setup } from 'xstate';
import { approveTo, commentOf, copied, type ReviewContext, reviewersOf as stepReviewers, reviewRules, reviewStep, skipTo, transferred } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';
import type { LeaveEvent, LeaveRoute } from './leave.events.js';

export type ReviewStep = keyof LeaveRoute;

export interface LeaveContext extends ReviewContext {
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
  cc: [],
  copiesSent: [],
};

/** Reviewers of a step who may act (the kit's rule: nobody reviews their own request). */
export function reviewersOf(context: LeaveContext, step: ReviewStep): string[] {
  return stepReviewers(context, step);
}

type Args = { context: LeaveContext; event: LeaveEvent };

/** The leave machine's guards, each with the refusal it gives (docs/adr: the flow kit). */
export const leaveRules = {
  ...reviewRules,
  endAfterStart: { check: ({ event }: Args) => event.type === 'SUBMIT' && Date.parse(event.end) > Date.parse(event.start), refusal: 'validation.endBeforeStart' },
  /** Routing, not a rule: no refusal. */
  needsPrincipal: { check: ({ context }: Args) => context.durationDays > context.thresholdDays },
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
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;

/**
 * Student leave (docs/product/workflows.md#leave): head teacher → school office → principal when longer than the threshold
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
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordReturn: assign({ returnedAt: ({ event }) => (event.type === 'CANCEL_LEAVE' ? event.returnedAt : null) }),
    recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
    recordTransfer: assign(({ context, event }, params: { step: string }) => transferred(context, event, params.step)),
    recordCc: assign(({ context, event }) => copied(context, event)),
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
        APPROVE: approveTo('headTeacher', 'officeReview'),
        ...reviewStep('headTeacher'),
        SKIP_STEP: skipTo('headTeacher', 'officeReview'),
      },
    },
    officeReview: {
      meta: { review: 'pending', step: 'office', label: 'workflow.step.officeReview' },
      on: {
        APPROVE: [
          { guard: all([{ type: 'isReviewerOf', params: { step: 'office' as const } }, 'needsPrincipal']), target: 'principalReview', actions: 'recordComment' },
          approveTo('office', 'approved'),
        ],
        ...reviewStep('office'),
        // With no office reviewer left, the principal decides whatever the length.
        SKIP_STEP: skipTo('office', 'principalReview'),
      },
    },
    principalReview: {
      meta: { review: 'pending', step: 'principal', label: 'workflow.step.principalReview' },
      on: {
        APPROVE: approveTo('principal', 'approved'),
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
