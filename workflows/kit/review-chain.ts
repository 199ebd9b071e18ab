import { assign, setup } from 'xstate';
import { approveTo, commentOf, copied, type ReviewContext, type ReviewEvent, reviewersOf, reviewRules, reviewStep, skipTo, skipWhenPossible, transferred } from './review.js';
import type { FlowTimer } from '../engine/flow.js';
import { guardsOf, type Rule } from './rules.js';

/** A student's request through a chain of review steps: what the chain's machine keeps. */
export interface ChainContext extends ReviewContext {
  studentId: string;
  studentUserId: string | null;
  /** The start event's data as submitted (the flow's own fields). */
  form: Readonly<Record<string, unknown>>;
}

/** The start event of a chain: the route and the student, beside the flow's own fields. */
export interface ChainSubmitted {
  type: 'SUBMIT';
  actorId: string;
  studentId: string;
  studentUserId: string | null;
  route: Record<string, string[]>;
  comment?: string;
  [field: string]: unknown;
}

export type ChainEvent =
  | ChainSubmitted
  | { type: 'APPROVE' | 'REJECT' | 'WITHDRAW'; actorId: string; comment?: string }
  | { type: 'URGE'; actorId: string; at: string; comment?: string }
  | { type: 'TRANSFER'; actorId: string; toUserId: string; comment?: string }
  | { type: 'CC'; actorId: string; userIds: string[]; comment?: string }
  | { type: 'SKIP_STEP'; actorId: 'system'; reason: 'applicant_is_reviewer'; comment?: string }
  /** The engine's timer: nobody decided before the request's time came (a classroom loan's start). */
  | { type: 'EXPIRE'; actorId: 'system'; at: string; comment?: string };

type Args = { context: ChainContext; event: ChainEvent };

export interface ChainStep {
  /** The route's key and the state's `meta.step`; the state is `{step}Review`. */
  step: string;
  /** The role whose holders may take the step over (转办). */
  role: string;
  /** The spec's review status while it waits here ('unreviewed' before anyone decided, then 'pending'). */
  review: 'unreviewed' | 'pending';
  label: string;
}

/** The route most student requests take (school-business §4): the class's head teacher, then the school office. */
export const HEAD_TEACHER_THEN_OFFICE: readonly ChainStep[] = [
  { step: 'headTeacher', role: 'headteacher', review: 'unreviewed', label: 'workflow.step.headTeacherReview' },
  { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' },
];

/**
 * The machine of a request that goes through review steps in order and then passes, with nothing of its own between
 * (travel, day-reading, the proofs): `new` → each step → `approved`; every step takes the kit's reject, withdraw,
 * urge, transfer and CC; a step whose only reviewer is the applicant passes on by itself. The flow brings its id, its
 * steps and the rule a submission must meet (with its refusal).
 */
export function reviewChain(opts: {
  id: string;
  steps: readonly ChainStep[];
  submission: Rule<{ event: ChainSubmitted }, never>;
  /** When a request still waiting for a decision expires (the engine appends EXPIRE then): it ends not passed. */
  expiresAt?: (context: ChainContext) => string;
}) {
  const rules = {
    ...reviewRules,
    validSubmission: {
      check: ({ event }: Args) => event.type === 'SUBMIT' && opts.submission.check({ event }, undefined as never),
      refusal: opts.submission.refusal,
    },
    // only the engine's timer, and only once the time has come
    dueNow: {
      check: ({ context, event }: Args) => event.type === 'EXPIRE' && event.actorId === 'system' && opts.expiresAt !== undefined && Date.parse(event.at) >= Date.parse(opts.expiresAt(context)),
      refusal: 'forbidden',
    },
  } satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;
  const stateOf = (i: number) => (i < opts.steps.length ? `${opts.steps[i]?.step}Review` : 'approved');
  const states: Record<string, unknown> = {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.submitted' },
      on: { SUBMIT: { guard: 'validSubmission', target: stateOf(0), actions: 'recordSubmission' } },
    },
    approved: { type: 'final', meta: { review: 'passed', label: 'workflow.step.approved' } },
    rejected: { type: 'final', meta: { review: 'rejected' } },
    withdrawn: { type: 'final', meta: { review: 'withdrawn' } },
    ...(opts.expiresAt ? { expired: { type: 'final', meta: { review: 'rejected', extra: 'expired' } } } : {}),
  };
  opts.steps.forEach((s, i) => {
    const last = i === opts.steps.length - 1;
    states[stateOf(i)] = {
      meta: { review: s.review, step: s.step, label: s.label },
      on: {
        APPROVE: approveTo(s.step, stateOf(i + 1)),
        ...reviewStep(s.step),
        // the last step must be someone else's: the server puts stand-ins there
        ...(last ? {} : { SKIP_STEP: skipTo(s.step, stateOf(i + 1)) }),
        ...(opts.expiresAt ? { EXPIRE: { guard: 'dueNow', target: 'expired' } } : {}),
      },
    };
  });
  const machine = setup({
    types: { context: {} as ChainContext, events: {} as ChainEvent },
    guards: guardsOf(rules),
    actions: {
      recordSubmission: assign(({ event }) => {
        if (event.type !== 'SUBMIT') return {};
        const { type: _type, actorId, studentId, studentUserId, route, comment: _comment, ...form } = event;
        return { applicantId: actorId, studentId, studentUserId, route, form };
      }),
      recordComment: assign({ lastComment: ({ event }) => commentOf(event as ReviewEvent) }),
      recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
      recordTransfer: assign(({ context, event }, params: { step: string }) => transferred(context, event as ReviewEvent, params.step)),
      recordCc: assign(({ context, event }) => copied(context, event as ReviewEvent)),
    },
  }).createMachine({
    id: opts.id,
    context: { applicantId: '', studentId: '', studentUserId: null, form: {}, route: {}, lastComment: null, lastUrgedAt: null, cc: [] },
    initial: 'new',
    // built from the steps, so typed loosely: the states' names are the flow's data, not this file's literals
    states: states as Record<string, object>,
  });
  return {
    machine,
    /** What `defineFlow` takes of a chain as it is: spread it, then add the flow's commands, form and words. */
    declaration: {
      machine,
      rules,
      startEvent: 'SUBMIT',
      diagram: [{ state: 'new' }, ...opts.steps.map((_, i) => ({ state: stateOf(i) })), { state: 'approved' }],
      reviewers: (context: ChainContext, step: string) => reviewersOf(context, step),
      participants: (context: ChainContext) => [context.applicantId, context.studentUserId ?? '', ...Object.values(context.route).flat()],
      autoEvent: skipWhenPossible,
      // while a step waits, the request expires at its time
      timer: opts.expiresAt
        ? (snapshot: { context: ChainContext; value: unknown }): FlowTimer | null =>
            typeof snapshot.value === 'string' && snapshot.value.endsWith('Review') ? { type: 'EXPIRE', at: (opts.expiresAt as (c: ChainContext) => string)(snapshot.context) } : null
        : undefined,
      stepRoles: Object.fromEntries(opts.steps.map((s) => [s.step, s.role])),
    },
  };
}
