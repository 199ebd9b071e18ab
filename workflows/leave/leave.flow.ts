import { leaveFormSchema, parseSchoolTime, RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { skipWhenPossible } from '../kit/review.js';
import { reviewCommands } from '../kit/shared.js';
import { type LeaveContext, leaveMachine, leaveRules, reviewersOf, type ReviewStep } from './leave.machine.js';



/** Student leave, declared once: the machine (states' meta, guards' refusals), its commands and its diagram. */
export const leaveFlow = defineFlow({
  flow: 'leave',
  machine: leaveMachine,
  rules: leaveRules,
  startEvent: 'SUBMIT',
  commands: {
    APPROVE: reviewCommands.APPROVE,
    REJECT: reviewCommands.REJECT,
    WITHDRAW: reviewCommands.WITHDRAW,
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
    URGE: reviewCommands.URGE,
    TRANSFER: reviewCommands.TRANSFER,
    CC: reviewCommands.CC,
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
  autoEvent: skipWhenPossible,
  // Leave has its own form page (a live duration); the fields serve the generic lists and checks.
  form: {
    schema: leaveFormSchema,
    fields: [
      { name: 'studentId', kind: 'child' },
      { name: 'type', kind: 'select', options: ['personal', 'sick'] },
      { name: 'start', kind: 'datetime' },
      { name: 'end', kind: 'datetime' },
      { name: 'reason', kind: 'textarea', max: 500 },
      { name: 'attachments', kind: 'pictures', optional: true },
    ],
  },
  apply: { roles: [RoleCode.student, RoleCode.parent], refusal: 'workflow.notApplicant', icon: 'edit outline', sort: 1 },
  stepRoles: { headTeacher: RoleCode.headTeacher, office: RoleCode.office, principal: RoleCode.principal },
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
