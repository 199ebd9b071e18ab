import { parseSchoolTime } from '@schoolflow/contracts';
import type { ActorEvent } from '../engine/flow.js';
import { defineFlow } from '../kit/define-flow.js';
import { urgeCommand } from '../kit/shared.js';
import { type LeaveContext, leaveMachine, leaveRules, reviewersOf, type ReviewStep } from './leave.machine.js';

const SKIP: ActorEvent & { reason: string } = { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' };

/** Student leave, declared once: the machine (states' meta, guards' refusals), its commands and its diagram. */
export const leaveFlow = defineFlow({
  flow: 'leave',
  machine: leaveMachine,
  rules: leaveRules,
  startEvent: 'SUBMIT',
  commands: {
    APPROVE: { notNow: 'workflow.notPending', ui: { icon: 'check', tone: 'primary' } },
    REJECT: { notNow: 'workflow.notPending', probe: () => ({ comment: 'probe' }), ui: { icon: 'close', tone: 'negative', reason: 'required' } },
    WITHDRAW: { notNow: 'workflow.notPending', ui: { icon: 'undo', tone: 'basic' } },
    CANCEL_LEAVE: {
      notNow: 'workflow.notApproved',
      ui: { icon: 'home', tone: 'primary', input: 'returnedAt' },
      probe: (ctx: LeaveContext) => ({ returnedAt: ctx.start }),
      data: (input, timeZone) => {
        const text = input.returnedAt;
        if (typeof text !== 'string' || text.trim() === '') return { invalid: 'validation.returnedAtRequired' };
        const at = parseSchoolTime(text, timeZone);
        return at === null ? { invalid: 'validation.timeInvalid' } : { data: { returnedAt: new Date(at).toISOString() } };
      },
    },
    URGE: urgeCommand,
  },
  diagram: [
    { state: 'new' },
    { state: 'headTeacherReview' },
    { state: 'officeReview' },
    { state: 'principalReview', shown: (ctx: LeaveContext) => Number(ctx.durationDays) > Number(ctx.thresholdDays) },
    { state: 'approved' },
  ],
  reviewers: (ctx, step) => reviewersOf(ctx, step as ReviewStep),
  participants: (ctx) => [ctx.applicantId, ctx.studentUserId ?? '', ...ctx.route.headTeacher, ...ctx.route.office, ...ctx.route.principal],
  autoEvent: (snapshot) => (snapshot.can(SKIP as never) ? { ...SKIP } : null),
  formView: (d) => ({
    type: d.leaveType,
    start: d.start,
    end: d.end,
    durationHours: d.durationHours,
    durationDays: d.durationDays,
    reason: d.reason,
    attachments: d.attachments,
    studentId: d.studentId,
  }),
});
