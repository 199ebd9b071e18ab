import { and, assign, setup } from 'xstate';
import type { LeaveEvent, LeaveRoute } from './leave.events.js';

export type ReviewStep = keyof LeaveRoute;

export interface LeaveContext {
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
};

/** Reviewers of a step who may act: the route's, minus the applicant (nobody reviews their own request). */
export function reviewersOf(context: LeaveContext, step: ReviewStep): string[] {
  return context.route[step].filter((id) => id !== context.applicantId);
}

function hasText(s: string | undefined): boolean {
  return typeof s === 'string' && s.trim().length > 0;
}

/**
 * Student leave (school-business §3, §4): head teacher → school office → principal when longer than the threshold
 * → approved; a rejection ends it and needs a reason; the applicant may withdraw while pending; after approval the
 * applicant or head teacher records the actual return (销假), which must lie inside the leave.
 * Pure: no I/O; the server resolves the route and the threshold and puts them in SUBMIT.
 */
export const leaveMachine = setup({
  types: {
    context: {} as LeaveContext,
    events: {} as LeaveEvent,
  },
  guards: {
    endAfterStart: ({ event }) => event.type === 'SUBMIT' && Date.parse(event.end) > Date.parse(event.start),
    isReviewerOf: ({ context, event }, params: { step: ReviewStep }) => reviewersOf(context, params.step).includes(event.actorId),
    hasReason: ({ event }) => hasText(event.comment),
    isApplicant: ({ context, event }) => event.actorId === context.applicantId,
    needsPrincipal: ({ context }) => context.durationDays > context.thresholdDays,
    /** The step's only reviewers are the applicant: it falls to the next step. */
    applicantIsOnlyReviewer: ({ context }, params: { step: ReviewStep }) =>
      context.route[params.step].length > 0 && reviewersOf(context, params.step).length === 0,
    mayRecordReturn: ({ context, event }) =>
      event.actorId === context.applicantId || event.actorId === context.studentUserId || context.route.headTeacher.includes(event.actorId),
    returnInsideLeave: ({ context, event }) => {
      if (event.type !== 'CANCEL_LEAVE') return false;
      const at = Date.parse(event.returnedAt);
      return Number.isFinite(at) && at >= Date.parse(context.start) && at <= Date.parse(context.end);
    },
  },
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
  },
}).createMachine({
  id: 'leave',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      on: { SUBMIT: { guard: 'endAfterStart', target: 'headTeacherReview', actions: 'recordSubmission' } },
    },
    headTeacherReview: {
      on: {
        APPROVE: { guard: { type: 'isReviewerOf', params: { step: 'headTeacher' } }, target: 'officeReview', actions: 'recordComment' },
        REJECT: {
          guard: and([{ type: 'isReviewerOf', params: { step: 'headTeacher' as const } }, 'hasReason']),
          target: 'rejected',
          actions: 'recordComment',
        },
        WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' },
        SKIP_STEP: { guard: { type: 'applicantIsOnlyReviewer', params: { step: 'headTeacher' } }, target: 'officeReview' },
      },
    },
    officeReview: {
      on: {
        APPROVE: [
          { guard: and([{ type: 'isReviewerOf', params: { step: 'office' as const } }, 'needsPrincipal']), target: 'principalReview', actions: 'recordComment' },
          { guard: { type: 'isReviewerOf', params: { step: 'office' } }, target: 'approved', actions: 'recordComment' },
        ],
        REJECT: {
          guard: and([{ type: 'isReviewerOf', params: { step: 'office' as const } }, 'hasReason']),
          target: 'rejected',
          actions: 'recordComment',
        },
        WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' },
        // With no office reviewer left, the principal decides whatever the length.
        SKIP_STEP: { guard: { type: 'applicantIsOnlyReviewer', params: { step: 'office' } }, target: 'principalReview' },
      },
    },
    principalReview: {
      on: {
        APPROVE: { guard: { type: 'isReviewerOf', params: { step: 'principal' } }, target: 'approved', actions: 'recordComment' },
        REJECT: {
          guard: and([{ type: 'isReviewerOf', params: { step: 'principal' as const } }, 'hasReason']),
          target: 'rejected',
          actions: 'recordComment',
        },
        WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' },
      },
    },
    approved: {
      initial: 'notCancelled',
      states: {
        notCancelled: {
          on: {
            CANCEL_LEAVE: {
              guard: and(['mayRecordReturn', 'returnInsideLeave']),
              target: 'cancelled',
              actions: ['recordReturn', 'recordComment'],
            },
          },
        },
        cancelled: { type: 'final' },
      },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});
