import { assign, setup } from 'xstate';
import { commentOf } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';

/** Who acts when the engine appends an event itself (the job's start and its end). */
export const SYSTEM = 'system';

/** A semester as the upgrade names it: in both languages, with its school year and its first working day. */
export interface SemesterRef {
  id: string;
  name: { zh: string; en: string };
  schoolYearId: string;
  /** Its first working day (`YYYY-MM-DD`): "later" is a later start. */
  start: string;
}

/**
 * What an upgrade will do, read by the server when the semester is chosen and recorded in the start event, so both
 * confirmations name it and a replay shows the same: the current semester (none on a school's first), the chosen one,
 * whether it opens a new school year, how many in-school classes there are, how many move up a grade, how many leave
 * school (the last grade) with how many students graduating.
 */
export interface UpgradePlan {
  from: SemesterRef | null;
  to: SemesterRef;
  newSchoolYear: boolean;
  classes: number;
  promoted: number;
  graduatingClasses: number;
  graduating: number;
}

/** What the job did, counted from its steps (recorded by the engine's COMPLETE). */
export interface UpgradeResult {
  classes: number;
  promoted: number;
  graduatedClasses: number;
  graduated: number;
}

/** An administrator chooses the semester (the start); `route.admin`: every administrator, who may confirm or withdraw. */
export interface UpgradeChosen extends UpgradePlan {
  type: 'CHOOSE';
  actorId: string;
  comment?: string;
  route: { admin: string[] };
}

export type SemesterUpgradeEvent =
  | UpgradeChosen
  /** `currentSemesterId`: the current semester as the server read it when the confirmation came (a command's fact). */
  | { type: 'CONFIRM'; actorId: string; comment?: string; currentSemesterId: string | null }
  | { type: 'WITHDRAW'; actorId: string; comment?: string }
  /** The job took it up (appended once, by the engine). */
  | { type: 'BEGIN'; actorId: string; comment?: string; at: string; total: number }
  /** The job finished: what it moved, and the head teachers told of it. */
  | ({ type: 'COMPLETE'; actorId: string; comment?: string; at: string; headTeachers: string[] } & UpgradeResult);

export interface SemesterUpgradeContext {
  /** Who chose the semester. */
  applicantId: string;
  plan: UpgradePlan | null;
  route: { admin: string[] };
  /** Who confirmed, in order (the times are the history's). */
  confirmedBy: string[];
  startedAt: string | null;
  total: number | null;
  finishedAt: string | null;
  result: UpgradeResult | null;
  headTeachers: string[];
  lastComment: string | null;
}

const EMPTY: SemesterUpgradeContext = {
  applicantId: '',
  plan: null,
  route: { admin: [] },
  confirmedBy: [],
  startedAt: null,
  total: null,
  finishedAt: null,
  result: null,
  headTeachers: [],
  lastComment: null,
};

type Args = { context: SemesterUpgradeContext; event: SemesterUpgradeEvent };

/** A semester later than the current one: it starts later (any semester, when the school has no current one yet). */
export function isLater(plan: Pick<UpgradePlan, 'from' | 'to'>): boolean {
  return plan.from === null || (plan.to.start > plan.from.start && plan.to.id !== plan.from.id);
}

/** The semester-upgrade machine's guards, each with the refusal it gives. */
export const semesterUpgradeRules = {
  /** The one who chooses is an administrator (the server checks the permission before; the route says who they are). */
  chosenByAdministrator: { check: ({ event }: Args) => event.type === 'CHOOSE' && event.route.admin.includes(event.actorId), refusal: 'forbidden' },
  /** The spec's rule: "setting the current semester fails unless a later semester is chosen". */
  laterSemester: { check: ({ event }: Args) => event.type === 'CHOOSE' && isLater(event), refusal: 'workflow.semesterNotLater' },
  /** Confirming and withdrawing are any administrator's (not only the chooser's: one left pending must not block the school). */
  isAdministrator: { check: ({ context, event }: Args) => context.route.admin.includes(event.actorId), refusal: 'forbidden' },
  /** The semester it upgrades from is still the current one when it is confirmed (another upgrade did not finish meanwhile). */
  stillCurrent: {
    check: ({ context, event }: Args) => event.type === 'CONFIRM' && event.currentSemesterId === (context.plan?.from?.id ?? null),
    refusal: 'workflow.semesterChanged',
  },
  /** The job's own events are the engine's: no user sends them. */
  byEngine: { check: ({ event }: Args) => event.actorId === SYSTEM, refusal: 'forbidden' },
  /** The job's start is recorded once (a resumed job does not begin again). */
  notBegun: { check: ({ context }: Args) => context.startedAt === null },
} satisfies Record<string, Rule<Args, never>>;

/**
 * 学期升级 (docs/product/workflows.md#semester-upgrade: setting the current semester upgrades all grades, cannot be undone, and needs
 * two confirmations): an administrator chooses a later semester; the plan (what will happen) is recorded with the choice;
 * two CONFIRMs — any administrator's, the same one may give both: they guard against a slip, not a second opinion —
 * and the job runs (`running`: the engine records its BEGIN), until the engine's COMPLETE with the counts. Until it
 * runs an administrator may withdraw it. Nothing undoes a completed one.
 */
export const semesterUpgradeMachine = setup({
  types: { context: {} as SemesterUpgradeContext, events: {} as SemesterUpgradeEvent },
  guards: guardsOf(semesterUpgradeRules),
  actions: {
    recordChoice: assign(({ event }) => {
      if (event.type !== 'CHOOSE') return {};
      const { from, to, newSchoolYear, classes, promoted, graduatingClasses, graduating, route, actorId } = event;
      return { applicantId: actorId, plan: { from, to, newSchoolYear, classes, promoted, graduatingClasses, graduating }, route, lastComment: commentOf(event) };
    }),
    recordConfirmation: assign({ confirmedBy: ({ context, event }) => [...context.confirmedBy, event.actorId], lastComment: ({ event }) => commentOf(event) }),
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordBegin: assign(({ event }) => (event.type === 'BEGIN' ? { startedAt: event.at, total: event.total } : {})),
    recordCompletion: assign(({ event }) => {
      if (event.type !== 'COMPLETE') return {};
      const { classes, promoted, graduatedClasses, graduated, at, headTeachers } = event;
      return { finishedAt: at, result: { classes, promoted, graduatedClasses, graduated }, headTeachers };
    }),
  },
}).createMachine({
  id: 'semester-upgrade',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.upgradeChosen' },
      on: { CHOOSE: { guard: all(['chosenByAdministrator', 'laterSemester']), target: 'firstConfirmation', actions: 'recordChoice' } },
    },
    firstConfirmation: {
      meta: { review: 'pending', label: 'workflow.step.upgradeFirstConfirmation' },
      on: {
        CONFIRM: { guard: all(['isAdministrator', 'stillCurrent']), target: 'secondConfirmation', actions: 'recordConfirmation' },
        WITHDRAW: { guard: 'isAdministrator', target: 'withdrawn', actions: 'recordComment' },
      },
    },
    secondConfirmation: {
      meta: { review: 'pending', label: 'workflow.step.upgradeSecondConfirmation' },
      on: {
        CONFIRM: { guard: all(['isAdministrator', 'stillCurrent']), target: 'running', actions: 'recordConfirmation' },
        WITHDRAW: { guard: 'isAdministrator', target: 'withdrawn', actions: 'recordComment' },
      },
    },
    /** The job moves the classes; irreversible from here. */
    running: {
      meta: {
        review: 'passed',
        extra: 'running',
        label: 'workflow.step.upgradeRunning',
        refuses: { CONFIRM: 'workflow.upgradeRunning', WITHDRAW: 'workflow.upgradeRunning' },
      },
      on: {
        BEGIN: { guard: all(['byEngine', 'notBegun']), actions: 'recordBegin' },
        COMPLETE: { guard: 'byEngine', target: 'completed', actions: 'recordCompletion' },
      },
    },
    completed: {
      type: 'final',
      meta: { review: 'passed', extra: 'completed', label: 'workflow.step.upgradeCompleted', refuses: { CONFIRM: 'workflow.upgradeDone', WITHDRAW: 'workflow.upgradeDone' } },
    },
    withdrawn: { type: 'final', meta: { review: 'withdrawn', end: 'withdrawn' } },
  },
});

/** The states in which an upgrade holds the school's one upgrade at a time (pending or running). */
export const HOLDS_THE_LOCK: readonly string[] = ['firstConfirmation', 'secondConfirmation', 'running'];
