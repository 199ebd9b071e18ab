import { z } from 'zod';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { type WorkTaskContext, workTaskAssignees, workTaskMachine, workTaskRules } from './work-task.machine.js';

/**
 * 工作任务, declared once (docs/adr/0055-work-tasks.md). Nobody starts it through 业务申请: the work-tasks module
 * opens one instance per assignee when a leader assigns a task (`apply.bySystem`). REPORT carries a percentage and
 * the text; its probe carries neither, so the kit's detail page never offers it (the task pages have its form).
 */
export const workTaskFlow = defineFlow({
  flow: 'work-task',
  machine: workTaskMachine,
  rules: workTaskRules,
  startEvent: 'ASSIGN',
  commands: {
    REPORT: {
      notNow: 'work-tasks.errors.notWorking',
      data: (input) => (typeof input.percent === 'number' ? { data: { percent: input.percent } } : { invalid: 'work-tasks.validation.percentRequired' }),
    },
    SUBMIT: { notNow: 'work-tasks.errors.notWorking', ui: { icon: 'check', tone: 'primary' } },
    APPROVE: { notNow: 'workflow.notPending', ui: { icon: 'check', tone: 'primary' } },
    RETURN: { notNow: 'workflow.notPending', probe: () => ({ comment: 'probe' }), ui: { icon: 'undo', tone: 'negative', reason: 'required' } },
    WITHDRAW: reviewCommands.WITHDRAW,
    CANCEL: { notNow: 'work-tasks.errors.alreadyDone', ui: { icon: 'close', tone: 'basic', secondary: true } },
    CC: reviewCommands.CC,
  },
  diagram: [{ state: 'new' }, { state: 'working' }, { state: 'review' }, { state: 'approved' }],
  reviewers: (ctx: WorkTaskContext, step) => workTaskAssignees(ctx, step),
  participants: (ctx) => [...ctx.route.assignee, ...ctx.route.leader],
  form: { schema: z.object({}) as unknown as z.ZodType<Record<string, unknown>>, fields: [] },
  apply: { roles: [], icon: 'tasks', sort: 30, bySystem: true },
  formView: (d) => ({ taskId: d.taskId, title: d.title, deadline: d.deadline, deadlineDate: d.deadlineDate, assigneeId: d.assigneeId, leaderId: d.leaderId }),
});
