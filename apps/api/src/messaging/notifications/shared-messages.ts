import { MessageType } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import type { NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';

/**
 * Messages of the commands every flow gets (workflows/kit/shared), the same for each flow — a flow's plugin plans
 * only its own. URGE: the step's current reviewers are reminded, with who urged and for which request.
 */
export function sharedMessages(def: FlowDefinition, input: NotificationInput, link: string): PlannedMessage[] {
  if (input.event.type !== 'URGE') return [];
  const params = {
    actor: input.actorName,
    flowKey: `messages.flows.${def.flow}`,
    subject: input.student?.name ?? input.actorName,
  };
  return [...new Set(def.assignees(input.after as never))].map((recipientId) => ({
    recipientId,
    type: MessageType.task,
    titleKey: 'messages.urged.title',
    contentKey: 'messages.urged.content',
    params,
    link,
  }));
}
