import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { finalEvaluationFlow, finalEvaluationFormSchema } from '@schoolflow/workflows/final-evaluation/final-evaluation.flow.js';
import type { FinalEvaluationContext } from '@schoolflow/workflows/final-evaluation/final-evaluation.machine.js';
import type { AnyMachineSnapshot } from 'xstate';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { planFinalEvaluationStart, readFinalEvaluationStart, readSubmissionFacts, submissionFacts } from './final-evaluation.start.js';

const definition = finalEvaluationFlow as unknown as FlowDefinition;

/**
 * 期末学业评价 on the engine (docs/product/evaluations.md#final-term-evaluation). The head teacher's page starts it (the
 * first SUBMIT); a submission reads its facts — the families, the publicity's end in school days
 * (EVALUATION_PUBLICITY_DAYS), the students still without results or a comment — and the engine's timer ends the
 * publicity. The results themselves stay in the evaluation tables: the flow's state says who may read them.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(finalEvaluationFormSchema, body);
    return planFinalEvaluationStart(form, await readFinalEvaluationStart(db, form), actor.userId, config.evaluationPublicityDays, { now: Date.now(), timeZone: config.timeZone });
  },

  subject: (context: unknown) => (context as FinalEvaluationContext).className,

  async commandFacts(type: string, snapshot: AnyMachineSnapshot, db: Prepared): Promise<Record<string, unknown>> {
    if (type !== 'SUBMIT') return {};
    const ctx = snapshot.context as FinalEvaluationContext;
    const read = await readSubmissionFacts(db, ctx.roundId, ctx.classId);
    return { ...submissionFacts(read, config.evaluationPublicityDays, { now: Date.now(), timeZone: config.timeZone }) };
  },

  messages({ instanceId, event, after }: NotificationInput): PlannedMessage[] {
    const ctx = after.context as FinalEvaluationContext;
    const link = workflowDetailPage(definition.flow, instanceId);
    const params = { round: ctx.roundName, className: ctx.className, reason: String(event.data.comment ?? '') };
    const to = (ids: readonly string[], type: string, key: string): PlannedMessage[] =>
      [...new Set(ids)]
        .filter((id) => id !== event.data.actorId)
        .map((recipientId) => ({ recipientId, type, titleKey: `evaluations.final.messages.${key}.title`, contentKey: `evaluations.final.messages.${key}.content`, params, link }));
    const families = Object.keys(ctx.families);
    switch (event.type) {
      case 'SUBMIT':
        return to(families, MessageType.system, 'publicity');
      case 'OBJECT':
        return to([ctx.headTeacherId], MessageType.task, 'objected');
      case 'ANSWER': {
        const objection = ctx.objections.find((o) => o.no === Number(event.data.objection));
        return objection ? to([objection.by], MessageType.result, 'answered') : [];
      }
      case 'PUBLICITY_END':
        return to(definition.assignees(after as never), MessageType.task, 'review');
      case 'APPROVE':
        return to([ctx.headTeacherId, ...families], MessageType.result, 'published');
      case 'REJECT':
        return to([ctx.headTeacherId], MessageType.result, 'returned');
      default:
        return [];
    }
  },
});
