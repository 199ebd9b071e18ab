import type { BothNames } from '@schoolflow/contracts';
import { type ChainContext, type ChainEvent, type ChainStep, type ChainSubmitted, reviewChain } from '../kit/review-chain.js';

/** A duty a swap moves, as the request keeps it. */
export interface SwappedDuty {
  id: string;
  post: BothNames;
  date: string;
  /** School time, `YYYY-MM-DD HH:mm`. */
  startsAt: string;
  endsAt: string;
  teacherId: string;
  teacherName: string;
}

/** The start event: the form and what the server read of it. */
export interface DutySwapSubmitted extends ChainSubmitted {
  assignmentId: string;
  withTeacherId: string;
  withAssignmentId?: string;
  reason: string;
  /** My duty, going to the colleague. */
  duty: SwappedDuty;
  /** Their duty coming to me; null: they cover mine. */
  other: SwappedDuty | null;
  withTeacherName: string;
  /** When the earlier duty begins (ISO instant): a request nobody has decided by then expires. */
  startsAt: string;
  /** The colleague (consents), the office. */
  route: { teacher: string[]; office: string[] };
}

export type DutySwapEvent = ChainEvent;
export type DutySwapContext = ChainContext;

/** The colleague's consent (the state and labels class-swap's, 对方教师同意): their own time is given, so it is theirs alone to agree to — not handed on, not the office's. */
const COLLEAGUE_CONSENT: ChainStep = {
  step: 'teacher',
  state: 'teacherConsent',
  review: 'unreviewed',
  label: 'workflow.step.teacherConsent',
  passWith: 'CONSENT',
  refuses: { APPROVE: 'workflow.awaitingConsent', TRANSFER: 'workflow.consentNotTransferable' },
};

const startsAtOf = (context: ChainContext): string | null => (typeof context.form.startsAt === 'string' ? context.form.startsAt : null);

/**
 * 调岗 (docs/adr/0064-duty-rosters.md#swaps) on the kit's review chain: the colleague consents, then the office decides.
 * A request still waiting when the earlier duty begins expires then (the engine's timer). Its own rule: a duty of mine
 * and a colleague who is not me.
 */
export const dutySwapChain = reviewChain({
  id: 'duty-swap',
  expiresAt: startsAtOf,
  steps: [COLLEAGUE_CONSENT, { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' }],
  submission: {
    check: ({ event }) => typeof event.withTeacherId === 'string' && event.withTeacherId !== event.actorId,
    refusal: 'duty.errors.withYourself',
  },
});

export const dutySwapMachine = dutySwapChain.machine;
