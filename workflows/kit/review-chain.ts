import { assign, setup } from 'xstate';
import { approveTo, commentOf, copied, type ReviewContext, type ReviewEvent, reviewersOf, reviewRules, reviewStep, skipTo, skipWhenPossible, transferred } from './review.js';
import type { FlowTimer } from '../engine/flow.js';
import { guardsOf, type Rule, type StateRefusals } from './rules.js';

/** A student's request through a chain of review steps: what the chain's machine keeps. */
export interface ChainContext extends ReviewContext {
  /** The student the request is about; null when its subject is no student (a class, a classroom). */
  studentId: string | null;
  studentUserId: string | null;
  /** The start event's data as submitted (the flow's own fields). */
  form: Readonly<Record<string, unknown>>;
}

/** What a chain's start event carries, however it begins: the route and the student, beside the flow's own fields. */
interface ChainStart {
  actorId: string;
  /**
   * The student the request is about; null for a flow whose subject is no student (a class swap's class, a loan's
   * classroom). Such starts stored before null was allowed carry '' — read as null (`recordSubmission`).
   */
  studentId: string | null;
  studentUserId: string | null;
  route: Record<string, string[]>;
  comment?: string;
  [field: string]: unknown;
}

/** The start event of a chain: sent to its first step at once. */
export interface ChainSubmitted extends ChainStart {
  type: 'SUBMIT';
}

/** The start event of a chain that begins as a draft (`draft: true`): the same data, saved, not yet sent to review. */
export interface ChainDrafted extends ChainStart {
  type: 'DRAFT';
}

export type ChainEvent =
  | ChainSubmitted
  | ChainDrafted
  /** A draft sent to review by its applicant (its data is the draft's). */
  | { type: 'SUBMIT'; actorId: string; comment?: string; route?: undefined }
  | { type: 'APPROVE' | 'REJECT' | 'WITHDRAW' | 'CONSENT'; actorId: string; comment?: string }
  | { type: 'URGE'; actorId: string; at: string; comment?: string }
  | { type: 'TRANSFER'; actorId: string; toUserId: string; comment?: string }
  /** `at`: when the server received it (a CC stored before CCs were stamped has none). */
  | { type: 'CC'; actorId: string; userIds: string[]; at?: string; comment?: string }
  | { type: 'SKIP_STEP'; actorId: 'system'; reason: 'applicant_is_reviewer'; comment?: string }
  /** The engine's timer: nobody decided before the request's time came (a classroom loan's start, a make-up's first period). */
  | { type: 'EXPIRE'; actorId: 'system'; at: string; comment?: string };

type Args = { context: ChainContext; event: ChainEvent };

export interface ChainStep {
  /** The route's key and the state's `meta.step`; the state is `{step}Review` (or `state`). */
  step: string;
  /** The state's name when it is not `{step}Review` (a teacher's consent: `teacherConsent`). */
  state?: string;
  /** The role whose holders may take the step over (转办); a step without one is nobody else's to take (no TRANSFER). */
  role?: string;
  /** The spec's review status while it waits here ('unreviewed' before anyone decided, then 'pending'). */
  review: 'unreviewed' | 'pending';
  label: string;
  /** The event its reviewer passes it with: APPROVE, or a flow's own (docs/product/workflows.md#class-swap: the other teacher's CONSENT). */
  passWith?: 'APPROVE' | 'CONSENT';
  /**
   * A step the route may name nobody for (a class swap's other teacher, when the target period is empty): then the
   * request passes it at once, and the diagram shows it only when it names someone.
   */
  optional?: true;
  /** The step's own words for commands it does not take (a consent: no approval in its place, no transfer). */
  refuses?: StateRefusals;
}

/** What a draft says of the review commands: nobody reviews it, urges it or is handed it before it is sent. */
const DRAFT_REFUSES: StateRefusals = Object.fromEntries(['APPROVE', 'REJECT', 'URGE', 'TRANSFER', 'CC', 'CONSENT'].map((type) => [type, 'workflow.draftNotSubmitted']));

/** The route most student requests take (docs/product/workflows.md#route-of-reviewers): the class's head teacher, then the school office. */
export const HEAD_TEACHER_THEN_OFFICE: readonly ChainStep[] = [
  { step: 'headTeacher', role: 'headteacher', review: 'unreviewed', label: 'workflow.step.headTeacherReview' },
  { step: 'office', role: 'office', review: 'pending', label: 'workflow.step.officeReview' },
];

/**
 * The machine of a request that goes through review steps in order and then passes, with nothing of its own between
 * (travel, day-reading, the proofs): `new` → each step → `approved`; every step takes the kit's reject, withdraw,
 * urge, transfer and CC; a step whose only reviewer is the applicant passes on by itself. The flow brings its id, its
 * steps and the rule a submission must meet (with its refusal).
 *
 * `draft: true` (a make-up class, docs/product/workflows.md#make-up-class: saved as a draft until SUBMIT): the start event is DRAFT, which saves
 * the request in `draft` — its applicant's until they send it to the first step (SUBMIT) or withdraw it; nobody
 * reviews a draft. The submission's rule is met when it is saved, as the rest of the chain sees the same data. A chain
 * with `expiresAt` expires a draft never sent by then as it expires a request waiting at a step: what it holds (a
 * make-up's periods) is held from the draft on, and a time that has passed is nobody's to hold.
 */
export function reviewChain(opts: {
  id: string;
  steps: readonly ChainStep[];
  submission: Rule<{ event: ChainSubmitted }, never>;
  /**
   * When a request nobody has decided yet expires — one waiting at a step, or a draft never sent (the engine appends
   * EXPIRE then): it ends not passed. Null: this request has no such time (one started before its flow had one).
   */
  expiresAt?: (context: ChainContext) => string | null;
  /** The start saves a draft; its applicant's SUBMIT sends it to the first step. */
  draft?: true;
}) {
  const startEvent = opts.draft ? 'DRAFT' : 'SUBMIT';
  const rules = {
    ...reviewRules,
    validSubmission: {
      check: ({ event }: Args) => event.type === startEvent && event.route !== undefined && opts.submission.check({ event: event as ChainSubmitted }, undefined as never),
      refusal: opts.submission.refusal,
    },
    /** An optional step the route names nobody for: the request passes it (routing, no refusal). */
    nobodyAtStep: {
      check: ({ context }: Args, params: { step: string }) => (context.route[params.step] ?? []).length === 0,
    },
    // only the engine's timer, and only once the time has come
    dueNow: {
      check: ({ context, event }: Args) => {
        const at = opts.expiresAt?.(context) ?? null;
        return event.type === 'EXPIRE' && event.actorId === 'system' && at !== null && Date.parse(event.at) >= Date.parse(at);
      },
      refusal: 'forbidden',
    },
  } satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;
  const stateOf = (i: number) => {
    const s = opts.steps[i];
    return s ? (s.state ?? `${s.step}Review`) : 'approved';
  };
  // where a request waits for someone and so may expire: each step, and a draft its applicant has not sent
  const waitingStates = [...(opts.draft ? ['draft'] : []), ...opts.steps.map((_, i) => stateOf(i))];
  const expire = opts.expiresAt ? { EXPIRE: { guard: 'dueNow', target: 'expired' } } : {};
  const states: Record<string, unknown> = {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.submitted' },
      on: { [startEvent]: { guard: 'validSubmission', target: opts.draft ? 'draft' : stateOf(0), actions: 'recordSubmission' } },
    },
    // the applicant's until sent; withdrawing it ends it (and frees whatever it held)
    ...(opts.draft
      ? {
          draft: {
            meta: { review: 'unreviewed', extra: 'draft', label: 'workflow.step.draft', refuses: DRAFT_REFUSES },
            on: { SUBMIT: { guard: 'isApplicant', target: stateOf(0), actions: 'recordComment' }, WITHDRAW: { guard: 'isApplicant', target: 'withdrawn', actions: 'recordComment' }, ...expire },
          },
        }
      : {}),
    approved: { type: 'final', meta: { review: 'passed', label: 'workflow.step.approved' } },
    rejected: { type: 'final', meta: { review: 'rejected' } },
    withdrawn: { type: 'final', meta: { review: 'withdrawn' } },
    ...(opts.expiresAt ? { expired: { type: 'final', meta: { review: 'rejected', extra: 'expired' } } } : {}),
  };
  opts.steps.forEach((s, i) => {
    const last = i === opts.steps.length - 1;
    // a step nobody may take over has no transfer (its `refuses` says why)
    const { TRANSFER, ...others } = reviewStep(s.step);
    states[stateOf(i)] = {
      meta: { review: s.review, step: s.step, label: s.label, ...(s.refuses ? { refuses: s.refuses } : {}) },
      // an optional step the route names nobody for is passed at once (its state is never one an instance rests in)
      ...(s.optional ? { always: { guard: { type: 'nobodyAtStep', params: { step: s.step } }, target: stateOf(i + 1) } } : {}),
      on: {
        [s.passWith ?? 'APPROVE']: approveTo(s.step, stateOf(i + 1)),
        ...others,
        ...(s.role ? { TRANSFER } : {}),
        // the last step must be someone else's: the server puts stand-ins there
        ...(last ? {} : { SKIP_STEP: skipTo(s.step, stateOf(i + 1)) }),
        ...expire,
      },
    };
  });
  const expiresAt = opts.expiresAt;
  const machine = setup({
    types: { context: {} as ChainContext, events: {} as ChainEvent },
    guards: guardsOf(rules),
    actions: {
      recordSubmission: assign(({ event }) => {
        if (event.type !== startEvent || event.route === undefined) return {};
        const { type: _type, actorId, studentId, studentUserId, route, comment: _comment, ...form } = event as ChainSubmitted;
        return { applicantId: actorId, studentId: studentId === '' ? null : studentId, studentUserId, route, form };
      }),
      recordComment: assign({ lastComment: ({ event }) => commentOf(event as ReviewEvent) }),
      recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
      recordTransfer: assign(({ context, event }, params: { step: string }) => transferred(context, event as ReviewEvent, params.step)),
      recordCc: assign(({ context, event }) => copied(context, event as ReviewEvent)),
    },
  }).createMachine({
    id: opts.id,
    context: { applicantId: '', studentId: null, studentUserId: null, form: {}, route: {}, lastComment: null, lastUrgedAt: null, cc: [], copiesSent: [] },
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
      startEvent,
      draft: opts.draft === true,
      // a draft is where an instance begins (`new` is never seen); an optional step is drawn when it names someone
      diagram: [
        { state: opts.draft ? 'draft' : 'new' },
        ...opts.steps.map((s, i) => (s.optional ? { state: stateOf(i), shown: (context: ChainContext) => (context.route[s.step] ?? []).length > 0 } : { state: stateOf(i) })),
        { state: 'approved' },
      ],
      reviewers: (context: ChainContext, step: string) => reviewersOf(context, step),
      participants: (context: ChainContext) => [context.applicantId, context.studentUserId ?? '', ...Object.values(context.route).flat()],
      autoEvent: skipWhenPossible,
      // while a step (or a draft) waits, the request expires at its time
      timer: expiresAt
        ? (snapshot: { context: ChainContext; value: unknown }): FlowTimer | null => {
            const at = typeof snapshot.value === 'string' && waitingStates.includes(snapshot.value) ? expiresAt(snapshot.context) : null;
            return at === null ? null : { type: 'EXPIRE', at };
          }
        : undefined,
      stepRoles: Object.fromEntries(opts.steps.flatMap((s) => (s.role ? [[s.step, s.role]] : []))),
    },
  };
}
