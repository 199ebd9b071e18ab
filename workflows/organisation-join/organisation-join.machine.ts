import type { OrganisationKind } from '@schoolflow/contracts';
import { type ChainContext, type ChainEvent, type ChainStep, type ChainSubmitted, reviewChain } from '../kit/review-chain.js';

/** The start event: the request as submitted, with the body as it was then and its advisor as the route. */
export interface OrganisationJoinSubmitted extends ChainSubmitted {
  organisationId: string;
  /** The body's name and kind when asked (the pages and messages show them as they were). */
  organisationName: string;
  organisationKind: OrganisationKind;
  reason: string;
  /** The body's advisor, who decides. */
  route: { advisor: string[] };
}

export type OrganisationJoinEvent = ChainEvent;
export type OrganisationJoinContext = ChainContext;

/** One step: the body's advisor. Nobody else may take it over (no role to transfer it to). */
const STEPS: readonly ChainStep[] = [{ step: 'advisor', review: 'unreviewed', label: 'workflow.step.advisorReview' }];

/**
 * 入会申请 (docs/product/campus-life.md#joining, docs/adr/0061-organisations.md#joining): a student (or a parent, for the
 * parent committee) asks to join a body with a reason → its advisor approves (the server's effect adds the
 * membership from the committed event) or refuses with a reason. The kit's chain: the applicant withdraws or urges
 * while it waits; nobody reviews their own request — the advisor must be someone other than the applicant.
 */
export const organisationJoinChain = reviewChain({
  id: 'organisation-join',
  steps: STEPS,
  submission: {
    check: ({ event }) => {
      const advisor = (event.route as { advisor?: readonly string[] }).advisor ?? [];
      return typeof event.organisationId === 'string' && event.organisationId !== '' && advisor.some((id) => id !== event.actorId);
    },
    refusal: 'workflow.notPossible',
  },
});

export const organisationJoinMachine = organisationJoinChain.machine;
