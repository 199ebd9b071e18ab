import type { FlowDefinition } from '@schoolflow/workflows';
import { travelFlow } from '@schoolflow/workflows/travel/travel.flow.js';
import { travelFormSchema } from '@schoolflow/workflows/travel/travel.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planTravelStart, readTravelStart } from './travel.start.js';

const definition = travelFlow as unknown as FlowDefinition;

/** 外出申请 on the engine: the student (or a parent's child), the route head teacher → office, the pictures. */
export const createPlugin = ({ config, directory }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(travelFormSchema, body);
    const clock = { timeZone: config.timeZone, now: Date.now() };
    return planTravelStart(form, await readTravelStart({ db, directory }, form, actor), actor, clock);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),
});
