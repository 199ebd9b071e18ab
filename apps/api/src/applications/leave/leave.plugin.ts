import type { Prepared } from '../../infrastructure/database/prepared.js';
import { leaveFormSchema, MessageType, workflowDetailPage } from '@schoolflow/contracts';
import { leaveFlow, type LeaveContext, stateString } from '@schoolflow/workflows';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { correctRollsForLeave } from '../../attendance/domain/leave-corrections.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type PluginDeps, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { planLeaveStart, readLeaveStart } from './leave.start.js';

const STEP_KEY: Record<string, string> = {
  headTeacherReview: 'messages.step.headTeacherReview',
  officeReview: 'messages.step.officeReview',
  principalReview: 'messages.step.principalReview',
};


/** Student leave on the engine: who may apply, the route of reviewers, pictures, and the messages each step sends. */
export class LeavePlugin implements FlowPlugin {
  readonly definition = leaveFlow as unknown as FlowPlugin['definition'];

  constructor(private readonly deps: PluginDeps) {}

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(leaveFormSchema, body);
    const clock = { timeZone: this.deps.config.timeZone, now: Date.now() };
    return planLeaveStart(form, await readLeaveStart({ db, directory: this.deps.directory }, form, actor), actor, clock);
  }

  /**
   * When a leave passes, the rolls already taken of the student's periods inside it become on leave (考勤: "a leave
   * passed later corrects the record"; docs/adr/0052-attendance.md#leave), from the committed passing event.
   */
  async effects({ instanceId, before, after }: EffectInput, db: { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> }): Promise<void> {
    if (!passedBy(this.definition, { before, after })) return;
    const ctx = after.context as LeaveContext;
    await correctRollsForLeave(db, { instanceId, studentId: ctx.studentId, start: ctx.start, end: ctx.end }, this.deps.config.timeZone);
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

export const createPlugin = (deps: PluginDeps): FlowPlugin => new LeavePlugin(deps);
