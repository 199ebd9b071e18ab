import { workflowDetailPage } from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import type { SemanticCOLORS } from 'semantic-ui-react';
import { webMessages, type Translator } from '../i18n/use-t.js';

type T = Translator['t'];

const REVIEW: readonly ReviewStatus[] = ['unreviewed', 'pending', 'passed', 'rejected', 'withdrawn'];
export const REVIEW_STATUSES = REVIEW;

export function isReviewStatus(value: unknown): value is ReviewStatus {
  return typeof value === 'string' && (REVIEW as readonly string[]).includes(value);
}

export function reviewLabel(t: T, review: string): string {
  if (!isReviewStatus(review)) return review;
  switch (review) {
    case 'unreviewed':
      return t('workflow.review.unreviewed');
    case 'pending':
      return t('workflow.review.pending');
    case 'passed':
      return t('workflow.review.passed');
    case 'rejected':
      return t('workflow.review.rejected');
    case 'withdrawn':
      return t('workflow.review.withdrawn');
  }
}

export const REVIEW_COLORS: Record<ReviewStatus, SemanticCOLORS> = {
  unreviewed: 'grey',
  pending: 'orange',
  passed: 'green',
  rejected: 'red',
  withdrawn: 'brown',
};

export function extraLabel(t: T, extra: string | undefined): string | null {
  if (extra === 'cancelled') return t('workflow.extra.cancelled');
  if (extra === 'notCancelled') return t('workflow.extra.notCancelled');
  if (extra === 'expired') return t('workflow.extra.expired');
  if (extra === 'running') return t('workflow.extra.running');
  if (extra === 'completed') return t('workflow.extra.completed');
  if (extra === 'draft') return t('workflow.extra.draft');
  return null;
}

/** A label found by a dotted path in the web messages (the flow definitions carry their labels as keys). */
export function labelByKey(key: string, lang: Parameters<typeof webMessages>[0]): string {
  let node: unknown = webMessages(lang);
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

/** A machine state ('officeReview', 'approved.cancelled', …) as the label of its state. */
export function stateLabel(state: string, lang: Parameters<typeof webMessages>[0]): string {
  const key = `workflow.state.${state}`;
  const label = labelByKey(key, lang);
  // a state with substates in one flow and none in another ('approved'): its own label is `self`
  return label === key ? labelByKey(`${key}.self`, lang) : label;
}

/** A flow's own wording of a command or event (`workflow.byFlow.{flow}.…`) where the kit's shared one would mislead, else undefined. */
function flowOwn(flow: string | undefined, tail: string, lang: Parameters<typeof webMessages>[0]): string | undefined {
  if (!flow) return undefined;
  const key = `workflow.byFlow.${flow}.${tail}`;
  const label = labelByKey(key, lang);
  return label === key ? undefined : label;
}

export function eventLabel(type: string, lang: Parameters<typeof webMessages>[0], flow?: string): string {
  return flowOwn(flow, `event.${type}`, lang) ?? labelByKey(`workflow.event.${type}`, lang);
}

export function leaveTypeLabel(t: T, type: unknown): string {
  if (type === 'personal') return t('leave.types.personal');
  if (type === 'sick') return t('leave.types.sick');
  return typeof type === 'string' ? type : '';
}

/**
 * Where an event sent the request, by its type: handed to (TRANSFER), dispatched to (a repair's DISPATCH: the worker
 * now has it), else copied to (CC). A dispatch once read "copied to".
 */
export function targetsLabel(type: string, names: string, lang: Parameters<typeof webMessages>[0]): string {
  const kind = type === 'TRANSFER' || type === 'DISPATCH' ? type : 'CC';
  return labelByKey(`workflow.targets.${kind}`, lang).replace('{{names}}', names);
}

/** A command's button text or its modal's title, from the flow kit's keys (`workflow.command.{TYPE}`). */
export function commandLabel(type: string, part: 'button' | 'title', lang: Parameters<typeof webMessages>[0], flow?: string): string {
  return flowOwn(flow, `command.${type}.${part}`, lang) ?? labelByKey(`workflow.command.${type}.${part}`, lang);
}

/** A command's test id: `action-approve`, `action-cancel-leave`. */
export function commandTestId(type: string): string {
  return `action-${type.toLowerCase().replace(/_/g, '-')}`;
}

export function flowLabel(flow: string, lang: Parameters<typeof webMessages>[0]): string {
  return labelByKey(`workflow.flows.${flow}`, lang);
}

/** Where an instance of a flow is shown (one source with the server's message links). */
export const detailPath = workflowDetailPage;
