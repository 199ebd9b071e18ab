import type { SnapshotFrom } from 'xstate';
import { type ActorEvent, type FlowDefinition, type Refusal, stateString } from '../engine/flow.js';
import { LEAVE_COMMANDS } from './leave.events.js';
import { type LeaveContext, leaveMachine, reviewersOf, type ReviewStep } from './leave.machine.js';

type LeaveSnapshot = SnapshotFrom<typeof leaveMachine>;

const STEP_OF_STATE: Record<string, ReviewStep> = {
  headTeacherReview: 'headTeacher',
  officeReview: 'office',
  principalReview: 'principal',
};

export function currentStep(snapshot: LeaveSnapshot): ReviewStep | null {
  return STEP_OF_STATE[stateString(snapshot.value)] ?? null;
}

/** The leave flow as both sides use it (labels are `web` i18n keys). */
export const leaveFlow: FlowDefinition<typeof leaveMachine> = {
  flow: 'leave',
  machine: leaveMachine,
  startEvent: 'SUBMIT',
  commandTypes: LEAVE_COMMANDS,
  steps: [
    { state: 'new', labelKey: 'workflow.step.submitted' },
    { state: 'headTeacherReview', labelKey: 'workflow.step.headTeacherReview' },
    { state: 'officeReview', labelKey: 'workflow.step.officeReview' },
    { state: 'principalReview', labelKey: 'workflow.step.principalReview' },
    { state: 'approved', labelKey: 'workflow.step.approved' },
  ],

  assignees(snapshot) {
    const step = currentStep(snapshot);
    return step ? reviewersOf(snapshot.context, step) : [];
  },

  autoEvent(snapshot) {
    return snapshot.can({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' })
      ? { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' } as ActorEvent
      : null;
  },

  status(snapshot) {
    const state = stateString(snapshot.value);
    switch (state) {
      case 'new':
      case 'headTeacherReview':
        return { review: 'unreviewed' };
      case 'officeReview':
      case 'principalReview':
        return { review: 'pending' };
      case 'approved.notCancelled':
        return { review: 'passed', extra: 'notCancelled' };
      case 'approved.cancelled':
        return { review: 'passed', extra: 'cancelled' };
      case 'rejected':
        return { review: 'rejected' };
      case 'withdrawn':
        return { review: 'withdrawn' };
      default:
        return { review: 'pending' };
    }
  },

  refusal(snapshot, event) {
    return leaveRefusal(snapshot, event);
  },

  stateOf(snapshot) {
    return stateString(snapshot.value);
  },
};

/**
 * Why an event is refused, checked in the order a person would explain it: is it possible at all in this state,
 * is it this person's to do, is the input complete. Answers null when the machine accepts it.
 */
export function leaveRefusal(snapshot: LeaveSnapshot, event: ActorEvent): Refusal | null {
  if (snapshot.can(event as never)) return null;
  const ctx: LeaveContext = snapshot.context;
  const state = stateString(snapshot.value);
  const step = STEP_OF_STATE[state];
  const pending = step !== undefined;
  switch (event.type) {
    case 'APPROVE':
    case 'REJECT': {
      if (!step) return { kind: 'impossible', reason: 'workflow.notPending' };
      if (ctx.applicantId === event.actorId || ctx.studentUserId === event.actorId) return { kind: 'forbidden' };
      if (!reviewersOf(ctx, step).includes(event.actorId)) return { kind: 'forbidden' };
      if (event.type === 'REJECT') return { kind: 'impossible', reason: 'workflow.rejectNeedsReason' };
      return { kind: 'impossible', reason: 'workflow.notPossible' };
    }
    case 'WITHDRAW':
      if (!pending) return { kind: 'impossible', reason: 'workflow.notPending' };
      return { kind: 'forbidden' };
    case 'CANCEL_LEAVE': {
      if (state !== 'approved.notCancelled') return { kind: 'impossible', reason: state === 'approved.cancelled' ? 'workflow.alreadyCancelled' : 'workflow.notApproved' };
      const may = event.actorId === ctx.applicantId || event.actorId === ctx.studentUserId || ctx.route.headTeacher.includes(event.actorId);
      if (!may) return { kind: 'forbidden' };
      return { kind: 'impossible', reason: 'workflow.returnOutsideLeave' };
    }
    default:
      return { kind: 'impossible', reason: 'workflow.unknownAction' };
  }
}
