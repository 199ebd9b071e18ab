import { assign, setup } from 'xstate';
import { commentOf, copied, hasText, type ReviewContext, reviewersOf, reviewRules, reviewStep, transferred } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';

/** One day, in milliseconds: a fixed repair the reporter leaves unconfirmed closes after the type's days. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Who acts at each step: the repair office (the type's handling roles) dispatches, the worker fixes. */
export type RepairRoute = { office: string[]; worker: string[] };

/** What the reporter submits, as the start event carries it (the server resolved the type, its office and its wait). */
export interface RepairSubmitted {
  type: 'SUBMIT';
  actorId: string;
  typeId: string;
  /** The type's name when reported (the pages show it as it was). */
  typeName: string;
  location: string;
  description: string;
  urgency: 'normal' | 'urgent';
  photos: string[];
  /** Days a fixed repair waits for the reporter before the engine closes it (the type's, when reported). */
  closeAfterDays: number;
  route: RepairRoute;
  /** A repair names no student (the kit's lists read these). */
  studentId: null;
  studentUserId: null;
  comment?: string;
}

export type RepairEvent =
  | RepairSubmitted
  /** The office hands the work order to a maintenance worker (`toUserId`: the server checks the role). */
  | { type: 'DISPATCH'; actorId: string; toUserId: string; comment?: string }
  /** The worker reports it fixed; `at`: when the server received it (the reporter's wait counts from it). */
  | { type: 'FIX'; actorId: string; at: string; comment?: string }
  | { type: 'CONFIRM'; actorId: string; comment?: string }
  /** The reporter finds it still broken: back to the same worker, once, with a reason. */
  | { type: 'REOPEN'; actorId: string; comment?: string }
  /** The engine's timer: the reporter confirmed nothing within the type's days. */
  | { type: 'CLOSE'; actorId: 'system'; at: string; comment?: string }
  | { type: 'REJECT' | 'WITHDRAW'; actorId: string; comment?: string }
  | { type: 'URGE'; actorId: string; at: string; comment?: string }
  | { type: 'TRANSFER'; actorId: string; toUserId: string; comment?: string }
  | { type: 'CC'; actorId: string; userIds: string[]; at?: string; comment?: string };

export interface RepairContext extends ReviewContext {
  route: RepairRoute;
  studentId: null;
  studentUserId: null;
  /** The submitted fields (the kit's lists and detail read `form`). */
  form: Readonly<Record<string, unknown>>;
  closeAfterDays: number;
  /** When the worker last reported it fixed (the FIX event's `at`), or null. */
  fixedAt: string | null;
  /** The reporter has sent it back once already. */
  reopened: boolean;
}

const EMPTY: RepairContext = {
  applicantId: '',
  studentId: null,
  studentUserId: null,
  form: {},
  route: { office: [], worker: [] },
  closeAfterDays: 3,
  fixedAt: null,
  reopened: false,
  lastComment: null,
  lastUrgedAt: null,
  cc: [],
  copiesSent: [],
};

/** When a fixed repair closes by itself, or null while it is not waiting for its reporter. */
export function closesAt(context: Pick<RepairContext, 'fixedAt' | 'closeAfterDays'>): string | null {
  if (context.fixedAt === null) return null;
  return new Date(Date.parse(context.fixedAt) + context.closeAfterDays * DAY_MS).toISOString();
}

type Args = { context: RepairContext; event: RepairEvent };

/** The repair machine's guards, each with the refusal it gives (the kit's review rules, and the repair's own). */
export const repairRules = {
  ...reviewRules,
  /** A report names its office (never empty: administrators stand in) and at most the form's photos. */
  validReport: {
    check: ({ event }: Args) => event.type === 'SUBMIT' && event.route.office.length > 0 && event.photos.length <= 4 && event.closeAfterDays > 0,
    refusal: 'workflow.notPossible',
  },
  /** A work order goes to someone who is not the reporter (nobody repairs and then confirms their own report). */
  isWorkerChoice: {
    check: ({ context, event }: Args) => event.type === 'DISPATCH' && typeof event.toUserId === 'string' && event.toUserId !== '' && event.toUserId !== context.applicantId,
    refusal: 'workflow.repairWorkerInvalid',
  },
  /** The reporter sends a repair back at most once; afterwards it is confirmed or closes by itself. */
  notReopenedYet: { check: ({ context }: Args) => !context.reopened, refusal: 'workflow.repairReopenedOnce' },
  /** A reopening says what is still wrong. */
  hasReopenReason: { check: ({ event }: Args) => hasText(event.comment), refusal: 'workflow.repairReopenNeedsReason' },
  // only the engine's timer, and only once the reporter's days have passed
  closeDue: {
    check: ({ context, event }: Args) => {
      const at = closesAt(context);
      return event.type === 'CLOSE' && event.actorId === 'system' && at !== null && Date.parse(event.at) >= Date.parse(at);
    },
    refusal: 'forbidden',
  },
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;

const { REJECT, WITHDRAW, URGE, TRANSFER, CC } = reviewStep('office');

/**
 * 报修 (docs/product/repairs.md#states): anyone reports → the repair office (the type's handling roles) dispatches to a
 * maintenance worker → the worker marks it fixed → the reporter confirms, or reopens once with a reason (back to the
 * same worker); a fixed repair the reporter leaves alone closes after the type's days (the engine's timer, `CLOSE`).
 * The reporter urges the office or the worker (the kit's 催办); the office may reject a report with a reason, the
 * reporter withdraw it until it is dispatched. Pure: the server resolves the office and the days and puts them in SUBMIT.
 */
export const repairMachine = setup({
  types: { context: {} as RepairContext, events: {} as RepairEvent },
  guards: guardsOf(repairRules),
  actions: {
    recordReport: assign(({ event }) => {
      if (event.type !== 'SUBMIT') return {};
      const { type: _type, actorId, route, closeAfterDays, comment: _comment, studentId: _s, studentUserId: _u, ...form } = event;
      return { applicantId: actorId, route, closeAfterDays, form };
    }),
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordDispatch: assign(({ context, event }) => ({ ...transferred(context, event, 'worker'), lastComment: commentOf(event) })),
    recordFix: assign(({ event }) => ({ fixedAt: event.type === 'FIX' ? event.at : null, lastComment: commentOf(event) })),
    recordReopen: assign(({ event }) => ({ reopened: true, fixedAt: null, lastComment: commentOf(event) })),
    recordUrge: assign({ lastUrgedAt: ({ context, event }) => (event.type === 'URGE' ? event.at : context.lastUrgedAt) }),
    recordTransfer: assign(({ context, event }, params: { step: string }) => transferred(context, event, params.step)),
    recordCc: assign(({ context, event }) => copied(context, event)),
  },
}).createMachine({
  id: 'repair',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.repairReported' },
      on: { SUBMIT: { guard: 'validReport', target: 'dispatching', actions: 'recordReport' } },
    },
    dispatching: {
      meta: { review: 'unreviewed', step: 'office', label: 'workflow.step.repairDispatch' },
      on: {
        DISPATCH: { guard: all([{ type: 'isReviewerOf', params: { step: 'office' as const } }, 'isWorkerChoice']), target: 'repairing', actions: 'recordDispatch' },
        REJECT,
        WITHDRAW,
        URGE,
        TRANSFER,
        CC,
      },
    },
    repairing: {
      meta: { review: 'pending', step: 'worker', label: 'workflow.step.repairFix' },
      on: {
        FIX: { guard: { type: 'isReviewerOf', params: { step: 'worker' as const } }, target: 'fixed', actions: 'recordFix' },
        URGE,
        // a worker hands the order to another worker (the kit's 转办, the worker role's holders)
        TRANSFER: { guard: all([{ type: 'isReviewerOf', params: { step: 'worker' as const } }, { type: 'isNewReviewer', params: { step: 'worker' as const } }]), actions: { type: 'recordTransfer', params: { step: 'worker' } } },
        CC,
      },
    },
    fixed: {
      meta: { review: 'pending', step: 'reporter', label: 'workflow.step.repairConfirm' },
      on: {
        CONFIRM: { guard: 'isApplicant', target: 'confirmed', actions: 'recordComment' },
        REOPEN: { guard: all(['isApplicant', 'hasReopenReason', 'notReopenedYet']), target: 'repairing', actions: 'recordReopen' },
        CLOSE: { guard: 'closeDue', target: 'closed' },
        CC,
      },
    },
    confirmed: { type: 'final', meta: { review: 'passed', label: 'workflow.step.repairConfirmed' } },
    // confirmed by nobody within the type's days: the engine closed it as done
    closed: { type: 'final', meta: { review: 'passed', extra: 'autoClosed', end: 'autoClosed' } },
    rejected: { type: 'final', meta: { review: 'rejected' } },
    withdrawn: { type: 'final', meta: { review: 'withdrawn' } },
  },
});

/** Who acts at a step: the office and the worker by the route (never the reporter), the reporter to confirm. */
export function repairAssignees(context: RepairContext, step: string): string[] {
  return step === 'reporter' ? [context.applicantId].filter(Boolean) : reviewersOf(context, step);
}
