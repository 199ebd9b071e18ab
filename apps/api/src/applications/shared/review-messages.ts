import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import { type FlowDefinition, stateString } from '@schoolflow/workflows';
import type { NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';

/**
 * The messages of a review flow's committed events, the same for every flow whose applicant is a student or a
 * parent (travel, day-reading, the proofs): the applicant side (applicant, student, guardians) hears of each
 * decision, the reviewers of a withdrawal, and each step's reviewers that it is theirs. The flow's name
 * (`messages.flows.{flow}`) and the step's (`messages.step.{state}`) are read in each reader's language.
 */
export function reviewMessages(def: FlowDefinition, input: NotificationInput, params: Record<string, unknown> = {}): PlannedMessage[] {
  const { instanceId, event, before, after, owners: allOwners, student, actorName } = input;
  const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
  const owners = allOwners.filter((id) => id !== actorId);
  const link = workflowDetailPage(def.flow, instanceId);
  const base = {
    student: student?.name ?? '',
    className: student?.className ?? { zh: '', en: '' },
    actor: actorName,
    flowKey: `messages.flows.${def.flow}`,
    ...params,
  };
  const out: PlannedMessage[] = [];
  const to = (ids: readonly string[], type: string, key: string, extra: Record<string, unknown> = {}) => {
    for (const recipientId of new Set(ids)) {
      out.push({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params: { ...base, ...extra }, link });
    }
  };
  const beforeState = stateString(before.value);
  const afterState = stateString(after.value);
  const review = def.status(after as never).review;
  switch (event.type) {
    // a step passed: by its reviewer's approval, or by the consent a step asks for instead (a class swap's other teacher)
    case 'APPROVE':
    case 'CONSENT':
      if (review === 'passed') to(owners, MessageType.result, 'flowApproved');
      else to(owners, MessageType.result, 'flowStepApproved', { nextKey: `messages.step.${afterState}` });
      break;
    case 'REJECT':
      to(owners, MessageType.result, 'flowRejected', { reason: String(event.data.comment ?? '') });
      break;
    case 'WITHDRAW':
      to(def.assignees(before as never).filter((id) => id !== actorId), MessageType.system, 'flowWithdrawn');
      break;
    case 'EXPIRE':
      // the engine's timer: nobody decided in time — the applicant side is told, the reviewers' tasks are gone
      to(owners, MessageType.result, 'flowExpired');
      break;
    default:
      break;
  }
  const next = def.assignees(after as never);
  if (afterState !== beforeState && next.length > 0) to(next, MessageType.task, 'flowTask');
  return out;
}
