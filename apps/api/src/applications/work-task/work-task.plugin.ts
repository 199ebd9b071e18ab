import { MessageType, workTaskDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { workTaskFlow } from '@schoolflow/workflows/work-task/work-task.flow.js';
import type { WorkTaskContext } from '@schoolflow/workflows/work-task/work-task.machine.js';
import type { EffectInput, FlowPlugin, NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';

const definition = workTaskFlow as unknown as FlowDefinition;

/** The events whose percentage or text the lists show (the start writes the row; a copy changes neither). */
const SHOWN = new Set(['REPORT', 'SUBMIT', 'APPROVE', 'RETURN', 'WITHDRAW', 'CANCEL']);

/**
 * The messages of an assignment's events: the assignee hears of a new task, an approval, a return (with its reason)
 * and a cancellation; the leader of a submission. Each links to the task's detail page.
 */
export function workTaskMessages({ event, after, actorName }: NotificationInput): PlannedMessage[] {
  const ctx = after.context as WorkTaskContext;
  const form = ctx.form;
  const params = { actor: actorName, title: String(form.title ?? ''), deadline: String(form.deadlineDate ?? ''), reason: String(event.data.comment ?? '') };
  const link = workTaskDetailPage(ctx.taskId);
  const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
  const to = (ids: readonly string[], type: string, key: string): PlannedMessage[] =>
    [...new Set(ids)].filter((id) => id !== actorId).map((recipientId) => ({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link }));
  switch (event.type) {
    case 'ASSIGN':
      return to(ctx.route.assignee, MessageType.task, 'workTaskAssigned');
    case 'SUBMIT':
      return to(ctx.route.leader, MessageType.task, 'workTaskSubmitted');
    case 'APPROVE':
      return to(ctx.route.assignee, MessageType.result, 'workTaskApproved');
    case 'RETURN':
      return to(ctx.route.assignee, MessageType.task, 'workTaskReturned');
    case 'CANCEL':
      return to(ctx.route.assignee, MessageType.result, 'workTaskCancelled');
    default:
      return [];
  }
}

/**
 * 工作任务 on the engine (docs/adr/0055-work-tasks.md). Its instances are opened by the work-tasks module
 * (`AssignWorkTask`, through `startAsSystem`), one per assignee, never through 业务申请. Its effect keeps the
 * assignment's row's percentage and last text (the lists read them) in step with the committed events.
 */
export const createPlugin = (): FlowPlugin => ({
  definition,

  buildStart(): never {
    throw WorkflowErrors.startedByEngine();
  },

  subject(context: unknown): string {
    return String((context as Partial<WorkTaskContext>).form?.title ?? '');
  },

  messages: workTaskMessages,

  // the task lists read the percentage and last text this effect writes
  announcesEffects: true,

  async effects({ instanceId, event, after }: EffectInput, db): Promise<void> {
    if (!SHOWN.has(event.type)) return;
    const ctx = after.context as WorkTaskContext;
    await db.query(`UPDATE work_task_assignee SET percent = $2, last_comment = $3 WHERE instance_id = $1`, [instanceId, ctx.percent, ctx.lastComment]);
  },
});
