import { isUuid, MessageType } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { refusalOf, refusalText } from '../../workflow/domain/effect-refusal.js';
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
    case 'CC': {
      // only the newly copied: a CC leaves out those copied before (docs/adr/0028), and so does its message — an event
      // stored before that was merged may name them again
      const before = new Set((input.before.context as { cc?: readonly string[] }).cc ?? []);
      const named = Array.isArray(data.userIds) ? data.userIds.filter((id): id is string => typeof id === 'string' && id !== data.actorId && !before.has(id)) : [];
      return to(named, MessageType.system, 'copied');
    }
    default:
      return [];
  }
}

/** The decisions that pass a step: whoever sent one passed the request on its way. */
const PASSING = new Set(['APPROVE', 'CONSENT', 'CONFIRM']);

/**
 * EFFECT_REFUSED (docs/adr/0027): a passed request whose effect was not applied — its precondition no longer held. The
 * applicant side and the reviewers who passed it are told why; the reason is kept in both languages (its parameters
 * are keys read here), shown in the reader's.
 */
export function effectRefusedMessages(
  def: FlowDefinition,
  input: NotificationInput,
  history: readonly { type: string; data: Record<string, unknown> }[],
  link: string,
  /** What the request is about: its own subject, else its student, else its applicant. */
  subject: string | { zh: string; en: string },
  timeZone: string,
): PlannedMessage[] {
  const refusal = refusalOf(input.event.type, input.event.data);
  if (!refusal) return [];
  const reviewers = history.filter((e) => PASSING.has(e.type)).map((e) => e.data.actorId);
  const recipients = [...new Set([...input.owners, ...reviewers])].filter((id): id is string => typeof id === 'string' && isUuid(id));
  const params = {
    flowKey: `messages.flows.${def.flow}`,
    subject,
    reason: { zh: refusalText('zh', refusal, timeZone), en: refusalText('en', refusal, timeZone) },
  };
  return recipients.map((recipientId) => ({ recipientId, type: MessageType.result, titleKey: 'messages.effectRefused.title', contentKey: 'messages.effectRefused.content', params, link }));
}
