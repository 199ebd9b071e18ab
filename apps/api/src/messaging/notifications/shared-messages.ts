import { MessageType } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import type { NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';

/**
 * Messages of the commands every flow gets (workflows/kit/shared), the same for each flow — a flow's plugin plans
 * only its own. URGE: the step's current reviewers are reminded, with who urged and for which request; TRANSFER:
 * the one the step was handed to is told it is theirs now; CC: each person copied is told of the request.
 */
export function sharedMessages(def: FlowDefinition, input: NotificationInput, link: string, subject?: string | { zh: string; en: string }): PlannedMessage[] {
  const params = {
    actor: input.actorName,
    flowKey: `messages.flows.${def.flow}`,
    subject: subject ?? input.student?.name ?? input.actorName,
  };
  const to = (ids: readonly string[], type: string, key: string): PlannedMessage[] =>
    [...new Set(ids)].map((recipientId) => ({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link }));
  const { data } = input.event;
  switch (input.event.type) {
    case 'URGE':
      return to(def.assignees(input.after as never), MessageType.task, 'urged');
    case 'TRANSFER': {
      // the one it was handed to; the step's task reaches them through the queue (the same step: no task message)
      const before = new Set(def.assignees(input.before as never));
      return to(def.assignees(input.after as never).filter((id) => !before.has(id)), MessageType.task, 'transferred');
    }
    case 'CC':
      return to(Array.isArray(data.userIds) ? data.userIds.filter((id): id is string => typeof id === 'string' && id !== data.actorId) : [], MessageType.system, 'copied');
    default:
      return [];
  }
}
