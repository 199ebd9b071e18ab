import { all, type Rule } from './rules.js';
import { type SharedContext, sharedRules } from './shared.js';

export { copied } from './shared.js';

/**
 * What every review flow's context keeps: who applied, the reviewers of each step (resolved by the server at
 * submission and stored in the start event, so a replay decides the same), and the last comment.
 */
export interface ReviewContext extends SharedContext {
  applicantId: string;
  route: Readonly<Record<string, readonly string[]>>;
  /** Who decided last, and why (a rejection's reason). */
  lastComment: string | null;
}

/** The events every review step receives (a flow's own event union is wider). */
export interface ReviewEvent {
  type: string;
  actorId: string;
  comment?: string;
  /** TRANSFER: who takes the step over. */
  toUserId?: string;
  /** CC: whom to copy. */
  userIds?: readonly string[];
  /** URGE, CC: when the server received it. */
  at?: string;
}

/** Reviewers of a step who may act: the route's, minus the applicant (nobody reviews their own request). */
export function reviewersOf(context: ReviewContext, step: string): string[] {
  return (context.route[step] ?? []).filter((id) => id !== context.applicantId);
}

export function hasText(s: unknown): s is string {
  return typeof s === 'string' && s.trim().length > 0;
}

/** A decision's comment as the context keeps it. */
export function commentOf(event: { comment?: string }): string | null {
  return hasText(event.comment) ? event.comment.trim() : null;
}

type Args = { context: ReviewContext; event: ReviewEvent };
type StepParams = { step: string };

/**
 * The guards of every review step, each with its refusal; a flow's machine spreads them into its own table
 * (`{...reviewRules, ...its own}`), so "only the step's reviewer", "a rejection needs a reason" and "only the
 * applicant withdraws" are stated once for every flow.
 */
export const reviewRules = {
  ...sharedRules,
  isReviewerOf: { check: ({ context, event }: Args, params: StepParams) => reviewersOf(context, params.step).includes(event.actorId), refusal: 'forbidden' },
  hasReason: { check: ({ event }: Args) => hasText(event.comment), refusal: 'workflow.rejectNeedsReason' },
  isApplicant: { check: ({ context, event }: Args) => event.actorId === context.applicantId, refusal: 'forbidden' },
  /**
   * A transfer (转办) names someone who is not yet a reviewer of the step and is not the applicant. (That they hold
   * the step's role is the server's to check: it reads the roles; the machine stays pure.)
   */
  isNewReviewer: {
    check: ({ context, event }: Args, params: StepParams) =>
      typeof event.toUserId === 'string' && event.toUserId !== context.applicantId && !reviewersOf(context, params.step).includes(event.toUserId),
    refusal: 'workflow.transferPointless',
  },
  /** The applicant or one of the request's reviewers copies people (抄送). */
  mayCopy: {
    check: ({ context, event }: Args) => event.actorId === context.applicantId || Object.values(context.route).some((ids) => ids.includes(event.actorId)),
    refusal: 'forbidden',
  },
  /** The step's only reviewers are the applicant: it falls to the next step (routing, no refusal). */
  applicantIsOnlyReviewer: {
    check: ({ context }: Args, params: StepParams) => (context.route[params.step] ?? []).length > 0 && reviewersOf(context, params.step).length === 0,
  },
} satisfies Record<string, Rule<Args, never> | Rule<Args, StepParams>>;

/**
 * 抄送: the applicant or a reviewer copies people not copied yet, a few times an hour at most (the kit's CC rules);
 * the machine names the action `recordCc` (`copied`).
 */
export const copyPeople = () => ({ guard: all(['mayCopy', 'copiesSomeoneNew', 'notCopiedTooOften']), actions: 'recordCc' }) as const;

/**
 * What a pending review step accepts besides its approval: a rejection with a reason (ends in `rejected`), the
 * applicant's withdrawal (`withdrawn`) and urge (the step stays; its reviewers are reminded from the committed
 * event), a reviewer's transfer of the step to another holder of its role, and a copy (CC). The machine
 * names the actions `recordComment`, `recordUrge`, `recordTransfer` (with `transferred`) and `recordCc` (`copied`).
 */
export const reviewStep = <S extends string>(step: S) =>
  ({
    REJECT: { guard: all([{ type: 'isReviewerOf', params: { step } }, 'hasReason']), target: 'rejected', actions: 'recordComment' },
    WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' },
    URGE: { guard: all(['isApplicant', 'notUrgedWithinTheHour']), actions: 'recordUrge' },
    // the step stays; its reviewer is the one it was handed to (the history says who handed it on)
    TRANSFER: { guard: all([{ type: 'isReviewerOf', params: { step } }, { type: 'isNewReviewer', params: { step } }]), actions: { type: 'recordTransfer', params: { step } } },
    CC: copyPeople(),
  }) as const;

/** The context after a transfer of `step`: its reviewer is the one named. */
export function transferred<C extends ReviewContext>(context: C, event: ReviewEvent, step: string): Pick<C, 'route'> {
  return { route: { ...context.route, [step]: typeof event.toUserId === 'string' ? [event.toUserId] : (context.route[step] ?? []) } as C['route'] };
}

/** The step's reviewer approves: on to `target`. */
export const approveTo = <S extends string, T extends string>(step: S, target: T) =>
  ({ guard: { type: 'isReviewerOf', params: { step } }, target, actions: 'recordComment' }) as const;

/** The step's only reviewer is the applicant: the engine's SKIP_STEP moves it on to `target`. */
export const skipTo = <S extends string, T extends string>(step: S, target: T) =>
  ({ guard: { type: 'applicantIsOnlyReviewer', params: { step } }, target }) as const;

/** The engine's automatic event for a step skipped because the applicant is its only reviewer. */
export const SKIP_STEP = { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' } as const;

/** A declaration's `autoEvent`: the skip, whenever the machine takes it now. */
export const skipWhenPossible = (snapshot: { can(event: never): boolean }) => (snapshot.can(SKIP_STEP as never) ? { ...SKIP_STEP } : null);
