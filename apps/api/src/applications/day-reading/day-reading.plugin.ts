import type { FlowDefinition } from '@schoolflow/workflows';
import { dayReadingFlow } from '@schoolflow/workflows/day-reading/day-reading.flow.js';
import { dayReadingFormSchema } from '@schoolflow/workflows/day-reading/day-reading.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type PluginDeps, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import { freeBedOfDayStudent } from '../../dormitories/domain/bed-release.js';
import { recheckStudent } from '../shared/effect-checks.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planDayReadingStart, readDayReadingStart } from './day-reading.start.js';

const definition = dayReadingFlow as unknown as FlowDefinition;

/**
 * 走读申请 on the engine: the student (or a parent's child), from a day not yet past, the route head teacher → office;
 * when it passes, the student is a day student from that day (an effect of the committed approval).
 */
export const createPlugin = ({ config, directory }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(dayReadingFormSchema, body);
    const clock = { timeZone: config.timeZone, now: Date.now() };
    return planDayReadingStart(form, await readDayReadingStart({ db, directory }, form, actor), actor, clock);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  /**
   * Passed: a day student from the day asked for (the record keeps it; a later change is another request) — if still
   * enrolled, as the start required: a student suspended or transferred out meanwhile is left as they are, and the
   * instance says why (docs/adr/0027). A day student has no bed: theirs is freed in the same transaction, the
   * dormitory's history saying the request did it (docs/adr/0053-dormitories.md#day-reading).
   */
  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as { studentId: string; form: { start?: unknown } };
    const refused = await recheckStudent(db, ctx.studentId, { lock: 'UPDATE', enrolled: true });
    if (refused) return refused;
    await db.query(`UPDATE student SET boarding = 'day', boarding_from = $2::date WHERE id = $1`, [ctx.studentId, String(ctx.form.start)]);
    await freeBedOfDayStudent(db, ctx.studentId, instanceId);
    return undefined;
  },
});
