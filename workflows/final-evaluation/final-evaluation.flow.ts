import { OBJECTION_MAX, RoleCode } from '@schoolflow/contracts';
import { z } from 'zod';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { type FinalEvaluationContext, finalEvaluationMachine, finalEvaluationReviewers, finalEvaluationRules } from './final-evaluation.machine.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form the head teacher's page sends to submit a round's class. */
export const finalEvaluationFormSchema = z.object({
  roundId: z.string({ error: 'validation.fieldChoose' }).regex(UUID, 'validation.fieldChoose'),
  classId: z.string({ error: 'validation.fieldChoose' }).regex(UUID, 'validation.fieldChoose'),
});
export type FinalEvaluationForm = z.infer<typeof finalEvaluationFormSchema>;

const text = (input: Record<string, unknown>) => (typeof input.comment === 'string' ? input.comment.trim() : '');

/**
 * 期末学业评价, declared once. The head teacher's page starts it (`apply.ownPage`: one instance per round and class, the
 * start is the first SUBMIT); families object and the head teacher answers from the instance's page; the office
 * confirms from its review queue.
 */
export const finalEvaluationFlow = defineFlow({
  flow: 'final-evaluation',
  machine: finalEvaluationMachine,
  rules: finalEvaluationRules,
  startEvent: 'SUBMIT',
  commands: {
    // the facts (families, the publicity's end, what is missing) are the server's, read as it is sent (commandFacts)
    SUBMIT: {
      notNow: 'evaluations.final.errors.notEditable',
      probe: () => ({ missing: 0, families: {}, publicityDays: 0, publicityEndsAt: new Date().toISOString() }),
      ui: { icon: 'check', tone: 'primary' },
    },
    OBJECT: {
      notNow: 'evaluations.final.errors.notInPublicity',
      probe: (ctx: FinalEvaluationContext) => ({ studentId: Object.values(ctx.families).flat()[0] ?? '', comment: '?', at: new Date().toISOString() }),
      data: (input) => {
        if (typeof input.studentId !== 'string' || !UUID.test(input.studentId)) return { invalid: 'validation.fieldChoose' };
        if (text(input).length > OBJECTION_MAX) return { invalid: 'validation.commentTooLong' };
        return { data: { studentId: input.studentId, at: new Date().toISOString() } };
      },
      ui: { icon: 'bell', tone: 'basic', reason: 'required' },
    },
    ANSWER: {
      notNow: 'evaluations.final.errors.notInPublicity',
      probe: (ctx: FinalEvaluationContext) => ({ objection: ctx.objections.find((o) => o.answer === null)?.no ?? 0, comment: '?', at: new Date().toISOString() }),
      data: (input) => {
        const no = Number(input.objection);
        if (!Number.isInteger(no) || no < 1) return { invalid: 'validation.fieldChoose' };
        return { data: { objection: no, at: new Date().toISOString() } };
      },
      ui: { icon: 'undo', tone: 'basic', reason: 'required' },
    },
    APPROVE: reviewCommands.APPROVE,
    REJECT: reviewCommands.REJECT,
    WITHDRAW: reviewCommands.WITHDRAW,
    URGE: reviewCommands.URGE,
  },
  diagram: [{ state: 'new' }, { state: 'publicity' }, { state: 'review' }, { state: 'published' }],
  reviewers: finalEvaluationReviewers,
  // the class's families read it too (from the publicity on: they are named by the submission)
  participants: (ctx) => [...ctx.route.headTeacher, ...ctx.route.office, ...Object.keys(ctx.families)],
  form: { schema: finalEvaluationFormSchema as unknown as z.ZodType<Record<string, unknown>>, fields: [] },
  apply: { roles: [RoleCode.headTeacher], icon: 'clipboard check', sort: 30, ownPage: 'evaluation/qmpj' },
  stepRoles: {},
  timer: (snapshot) =>
    snapshot.matches('publicity') && snapshot.context.publicityEndsAt ? { type: 'PUBLICITY_END', at: snapshot.context.publicityEndsAt } : null,
  formView: (d) => ({ roundId: d.roundId, roundName: d.roundName, classId: d.classId, className: d.className }),
});
