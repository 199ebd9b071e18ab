import { RoleCode } from '@schoolflow/contracts';
import { z } from 'zod';
import { defineFlow } from '../kit/define-flow.js';
import { reviewersOf } from '../kit/review.js';
import { reviewCommands } from '../kit/shared.js';
import { type GradeConfirmationContext, gradeConfirmationMachine, gradeConfirmationRules } from './grade-confirmation.machine.js';

/**
 * 成绩确认, declared once. Nobody starts it by hand: the engine opens it when a batch's entry begins (`apply.bySystem`),
 * so it has no form in 业务申请; its instances are the teachers' entry tasks and the reviewers' review tasks.
 */
export const gradeConfirmationFlow = defineFlow({
  flow: 'grade-confirmation',
  machine: gradeConfirmationMachine,
  rules: gradeConfirmationRules,
  startEvent: 'OPEN',
  commands: {
    SUBMIT: { notNow: 'grades.errors.sheetLocked', probe: () => ({ missing: 0 }), ui: { icon: 'check', tone: 'primary' } },
    APPROVE: reviewCommands.APPROVE,
    REJECT: reviewCommands.REJECT,
    WITHDRAW: reviewCommands.WITHDRAW,
    URGE: reviewCommands.URGE,
    TRANSFER: reviewCommands.TRANSFER,
    CC: reviewCommands.CC,
  },
  diagram: [{ state: 'new' }, { state: 'entering' }, { state: 'review' }, { state: 'passed' }],
  // The teacher's step is theirs (they are its "applicant" only so that they never review their own sheet).
  reviewers: (ctx: GradeConfirmationContext, step) => (step === 'teacher' ? [...ctx.route.teacher] : reviewersOf(ctx, step)),
  participants: (ctx) => [...ctx.route.teacher, ...ctx.route.reviewer],
  form: { schema: z.object({}) as unknown as z.ZodType<Record<string, unknown>>, fields: [] },
  apply: { roles: [], icon: 'check square outline', sort: 20, bySystem: true },
  stepRoles: { reviewer: RoleCode.office },
  formView: (d) => ({ batchId: d.batchId, batchName: d.batchName, classId: d.classId, className: d.className, courseId: d.courseId, courseName: d.courseName, teacherId: d.teacherId }),
});
