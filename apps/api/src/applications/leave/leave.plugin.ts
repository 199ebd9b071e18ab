import type { Prepared } from '../../infrastructure/database/prepared.js';
import { leaveFormSchema, MessageType, workflowDetailPage } from '@schoolflow/contracts';
import { leaveFlow, type LeaveContext, stateString } from '@schoolflow/workflows';
import type { ServerConfig } from '../../config/app-config.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { planLeaveStart, readLeaveStart } from './leave.start.js';

const STEP_KEY: Record<string, string> = {
  headTeacherReview: 'messages.step.headTeacherReview',
  officeReview: 'messages.step.officeReview',
  principalReview: 'messages.step.principalReview',
};


/** Student leave on the engine: who may apply, the route of reviewers, pictures, and the messages each step sends. */
export class LeavePlugin implements FlowPlugin {
  readonly definition = leaveFlow as unknown as FlowPlugin['definition'];

  constructor(private readonly config: ServerConfig) {}

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(leaveFormSchema, body);
    const clock = { timeZone: this.config.timeZone, now: Date.now() };
    return planLeaveStart(form, await readLeaveStart(db, form, actor), actor, clock);
  }

  messages({ instanceId, event, before, after, owners: allOwners, student: who, actorName }: NotificationInput): PlannedMessage[] {
    const ctx = after.context as LeaveContext;
    const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
    const owners = allOwners.filter((id) => id !== actorId);
    const link = workflowDetailPage('leave', instanceId);
    const base = {
      student: who?.name ?? '',
      className: who?.className ?? { zh: '', en: '' },
      actor: actorName,
      start: { time: ctx.start },
      end: { time: ctx.end },
      days: ctx.durationDays,
      leaveTypeKey: `messages.leaveType.${ctx.leaveType}`,
    };
    const out: PlannedMessage[] = [];
    const to = (ids: string[], type: string, key: string, extra: Record<string, unknown> = {}) => {
      for (const recipientId of new Set(ids)) {
        out.push({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params: { ...base, ...extra }, link });
      }
    };
    const beforeState = stateString(before.value);
    const afterState = stateString(after.value);
    const afterAssignees = leaveFlow.assignees(after as never);
    switch (event.type) {
      case 'APPROVE':
        if (afterState.startsWith('approved')) to(owners, MessageType.result, 'leaveApproved');
        else to(owners, MessageType.result, 'leaveStepApproved', { nextKey: STEP_KEY[afterState] ?? 'messages.system' });
        break;
      case 'REJECT':
        to(owners, MessageType.result, 'leaveRejected', { reason: String(event.data.comment ?? '') });
        break;
      case 'WITHDRAW':
        to(leaveFlow.assignees(before as never).filter((id) => id !== actorId), MessageType.system, 'leaveWithdrawn');
        break;
      case 'CANCEL_LEAVE':
        to([...ctx.route.headTeacher, ...owners].filter((id) => id !== actorId), MessageType.system, 'leaveReturned', { returnedAt: { time: String(event.data.returnedAt ?? '') } });
        break;
      default:
        break;
    }
    // Each step messages its reviewers.
    if (afterState !== beforeState && afterAssignees.length > 0) to(afterAssignees, MessageType.task, 'leaveTask');
    return out;
  }
}

export const createPlugin = ({ config }: PluginDeps): FlowPlugin => new LeavePlugin(config);
