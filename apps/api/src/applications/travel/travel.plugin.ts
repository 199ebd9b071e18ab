import type { FlowDefinition } from '@schoolflow/workflows';
import type { TravelSubmitted } from '@schoolflow/workflows/travel/travel.machine.js';
import { travelFlow } from '@schoolflow/workflows/travel/travel.flow.js';
import { travelFormSchema } from '@schoolflow/workflows/travel/travel.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { headTeacherThenOffice, schoolPeriod } from '../shared/student-applicant.js';

const definition = travelFlow as unknown as FlowDefinition;

/** 外出申请 on the engine: the student (or a parent's child), the route head teacher → office, the pictures. */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(travelFormSchema, body);
    const { start, end } = schoolPeriod(form.start, form.end, config.timeZone, { endMayEqualStart: true });
    const attachments = [...new Set(form.attachments ?? [])];
    const { student, route, owners, reviewers } = await headTeacherThenOffice(db, actor, form.studentId, attachments);
    const data: Omit<TravelSubmitted, 'type' | 'actorId'> = {
      studentId: student.id,
      studentUserId: student.user_id,
      destination: form.destination,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      transport: form.transport ?? null,
      reason: form.reason,
      attachments,
      route,
    };
    return { data: data as unknown as Record<string, unknown>, studentId: student.id, owners, reviewers, attachments };
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),
});
