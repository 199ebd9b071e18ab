import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { repairFlow } from '@schoolflow/workflows/repair/repair.flow.js';
import { repairFormSchema } from '@schoolflow/workflows/repair/repair.form.js';
import type { RepairContext } from '@schoolflow/workflows/repair/repair.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { planRepairStart, readRepairStart } from './repair.start.js';

const definition = repairFlow as unknown as FlowDefinition;

/** What a repair's messages name it by: its type and where (no student is its subject). */
function subjectOf(context: unknown): string {
  const form = (context as Partial<RepairContext>).form ?? {};
  return `${String(form.typeName ?? '')} · ${String(form.location ?? '')}`;
}

/**
 * The messages of a repair's own events (the kit plans urge, transfer and CC): whoever must act next is told it is
 * theirs — the office a new report, the worker a work order (again when it is reopened), the reporter a repair to
 * confirm; the reporter hears of a rejection, and the worker and the reporter of the end, by confirmation or timeout.
 */
export function repairMessages(input: NotificationInput): PlannedMessage[] {
  const { instanceId, event, before, after, owners, actorName } = input;
  const context = after.context as RepairContext;
  const form = context.form;
  const params = { actor: actorName, type: String(form.typeName ?? ''), location: String(form.location ?? ''), days: context.closeAfterDays, reason: String(event.data.comment ?? '') };
  const link = workflowDetailPage(definition.flow, instanceId);
  const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
  const out: PlannedMessage[] = [];
  const to = (ids: readonly string[], type: string, key: string) => {
    for (const recipientId of new Set(ids)) if (recipientId !== actorId) out.push({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link });
  };
  const worker = context.route.worker;
  switch (event.type) {
    case 'SUBMIT':
      to(definition.assignees(after as never), MessageType.task, 'repairToDispatch');
      break;
    case 'DISPATCH':
      to(worker, MessageType.task, 'repairWorkOrder');
      to(owners, MessageType.result, 'repairDispatched');
      break;
    case 'FIX':
      to(owners, MessageType.task, 'repairFixed');
      break;
    case 'REOPEN':
      to(worker, MessageType.task, 'repairReopened');
      break;
    case 'CONFIRM':
      to(worker, MessageType.result, 'repairConfirmed');
      break;
    case 'CLOSE':
      to([...owners, ...worker], MessageType.result, 'repairClosed');
      break;
    case 'REJECT':
      to(owners, MessageType.result, 'repairRejected');
      break;
    case 'WITHDRAW':
      to(definition.assignees(before as never), MessageType.system, 'repairWithdrawn');
      break;
    default:
      break;
  }
  return out;
}

/**
 * 报修 on the engine (docs/adr/0049-repairs.md; its start: repair.start.ts): anyone reports; the type's handlers
 * dispatch to a maintenance worker (DISPATCH names a holder of the worker role: `pickRoles`, checked by the engine as a
 * transfer's target is); the worker marks it fixed; the reporter confirms or reopens once, or the engine's timer closes it.
 */
export const createPlugin = (): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(repairFormSchema, body);
    return planRepairStart(form, await readRepairStart(db, form), actor);
  },

  messages: repairMessages,

  subject: subjectOf,

  /** The types one may report under: the enabled ones, in the list's order. */
  async options(field: string, _actor: Principal, db: Prepared) {
    if (field !== 'typeId') return [];
    return (await db.query(`SELECT id AS value, name AS label FROM repair_type WHERE enabled ORDER BY sort, name`, [])) as { value: string; label: string }[];
  },
});
