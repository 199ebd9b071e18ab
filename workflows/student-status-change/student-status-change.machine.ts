import { RoleCode } from '@schoolflow/contracts';
import { type ChainContext, type ChainEvent, reviewChain, type ChainSubmitted } from '../kit/review-chain.js';
import { INTO_A_CLASS, type StatusChangeKind } from './student-status-change.form.js';

export interface StatusChangeSubmitted extends ChainSubmitted {
  kind: StatusChangeKind;
  effectiveDate: string;
  reason: string;
  toClassId: string | null;
  /** The class's name when asked (the detail page shows it as it was). */
  toClassName: string | null;
  attachments: string[];
  route: { headTeacher: string[]; office: string[]; principal: string[] };
}

export type StatusChangeEvent = ChainEvent;
export type StatusChangeContext = ChainContext;

/**
 * 学籍异动 (docs/product/workflows.md#student-status-change): the student's head teacher → the school office → the principal;
 * a head teacher who asks passes their own step on. When it passes, the student's status (and class, for a return
 * or a transfer in) changes — the server's effect of the committed approval.
 */
export const statusChangeChain = reviewChain({
  id: 'student-status-change',
  steps: [
    { step: 'headTeacher', role: RoleCode.headTeacher, review: 'unreviewed', label: 'workflow.step.headTeacherReview' },
    { step: 'office', role: RoleCode.office, review: 'pending', label: 'workflow.step.officeReview' },
    { step: 'principal', role: RoleCode.principal, review: 'pending', label: 'workflow.step.principalReview' },
  ],
  submission: {
    check: ({ event }) => !INTO_A_CLASS.includes(event.kind as StatusChangeKind) || typeof event.toClassId === 'string',
    refusal: 'validation.toClassRequired',
  },
});

export const statusChangeMachine = statusChangeChain.machine;
