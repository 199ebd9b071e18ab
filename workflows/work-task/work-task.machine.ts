import { assign, setup } from 'xstate';
import { commentOf, copied, copyPeople, hasText, type ReviewContext, type ReviewEvent, reviewersOf, reviewRules } from '../kit/review.js';
import { all, guardsOf, type Rule } from '../kit/rules.js';

/** docs/product/office.md#work-tasks: a progress report's percentage is a whole number from 0 to 100. */
export const WORK_TASK_PERCENT_MAX = 100;

/** Who acts: the assignee reports and submits, the leader who assigned it reviews. */
export type WorkTaskRoute = { assignee: string[]; leader: string[] };

/**
 * The engine opens one assignment of a task for one person (the work-tasks module assigns it as `system`; the leader
 * who assigned it is named in `leaderId`). The task's own fields are kept as they were assigned.
 */
export interface WorkTaskAssigned {
  type: 'ASSIGN';
  actorId: string;
  taskId: string;
  title: string;
  /** The deadline, an ISO instant (the end of the day the leader chose, in the school's time zone). */
  deadline: string;
  /** The deadline's school date, `YYYY-MM-DD` (as the leader chose it; messages name it). */
  deadlineDate: string;
  assigneeId: string;
  leaderId: string;
  route: WorkTaskRoute;
  /** A task names no student (the kit's lists read these). */
  studentId: null;
  studentUserId: null;
  comment?: string;
}

export type WorkTaskEvent =
  | WorkTaskAssigned
  /** The assignee says how far it is: a percentage and what was done (the comment, required). */
  | { type: 'REPORT'; actorId: string; percent?: number; comment?: string }
  | { type: 'SUBMIT' | 'APPROVE' | 'WITHDRAW' | 'CANCEL'; actorId: string; comment?: string }
  /** The leader sends it back to the assignee, with a reason. */
  | { type: 'RETURN'; actorId: string; comment?: string }
  | (ReviewEvent & { type: 'CC' });

export interface WorkTaskContext extends ReviewContext {
  route: WorkTaskRoute;
  studentId: null;
  studentUserId: null;
  form: Readonly<Record<string, unknown>>;
  taskId: string;
  deadline: string;
  /** The last percentage reported (100 once submitted). */
  percent: number;
  /** How many progress reports were made. */
  reports: number;
  /** How many times the leader sent it back. */
  returns: number;
}

const EMPTY: WorkTaskContext = {
  applicantId: '',
  studentId: null,
  studentUserId: null,
  form: {},
  route: { assignee: [], leader: [] },
  taskId: '',
  deadline: '',
  percent: 0,
  reports: 0,
  returns: 0,
  lastComment: null,
  lastUrgedAt: null,
  cc: [],
  copiesSent: [],
};

type Args = { context: WorkTaskContext; event: WorkTaskEvent };

const isPercent = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= WORK_TASK_PERCENT_MAX;

/** The work-task machine's guards, each with the refusal it gives (the kit's review rules, and the task's own). */
export const workTaskRules = {
  ...reviewRules,
  /** Only the engine opens an assignment, for one person who is not its leader (nobody reviews their own task). */
  validAssignment: {
    check: ({ event }: Args) =>
      event.type === 'ASSIGN' &&
      event.actorId === 'system' &&
      event.assigneeId !== '' &&
      event.leaderId !== '' &&
      event.assigneeId !== event.leaderId &&
      Number.isFinite(Date.parse(event.deadline)),
    refusal: 'forbidden',
  },
  isAssignee: { check: ({ context, event }: Args) => context.route.assignee.includes(event.actorId), refusal: 'forbidden' },
  /** A report gives a percentage of 0–100 and says what was done. */
  validReport: {
    check: ({ event }: Args) => event.type === 'REPORT' && isPercent(event.percent) && hasText(event.comment),
    refusal: 'work-tasks.errors.reportInvalid',
  },
  /** A return says what is still missing. */
  hasReturnReason: { check: ({ event }: Args) => hasText(event.comment), refusal: 'work-tasks.errors.returnNeedsReason' },
} satisfies Record<string, Rule<Args, never> | Rule<Args, { step: string }>>;

const leaderStep = { type: 'isReviewerOf', params: { step: 'leader' as const } } as const;

/**
 * 工作任务 (docs/product/office.md#work-tasks, docs/adr/0055-work-tasks.md): the engine opens one assignment per
 * assignee → the assignee reports progress (as often as they like) and submits → the leader approves it, or returns it
 * with a reason (back to the assignee, who reports and submits again). The assignee may take a submission back before
 * the leader decides; the leader may cancel an assignment that is not done. Pure: the server resolves the people.
 */
export const workTaskMachine = setup({
  types: { context: {} as WorkTaskContext, events: {} as WorkTaskEvent },
  guards: guardsOf(workTaskRules),
  actions: {
    recordAssignment: assign(({ event }) => {
      if (event.type !== 'ASSIGN') return {};
      const { taskId, title, deadline, deadlineDate, assigneeId, leaderId, route } = event;
      return { applicantId: assigneeId, taskId, deadline, route, form: { taskId, title, deadline, deadlineDate, assigneeId, leaderId } };
    }),
    recordReport: assign(({ context, event }) => ({
      percent: event.type === 'REPORT' && isPercent(event.percent) ? event.percent : context.percent,
      reports: context.reports + 1,
      lastComment: commentOf(event),
    })),
    recordSubmit: assign({ percent: WORK_TASK_PERCENT_MAX, lastComment: ({ event }) => commentOf(event) }),
    recordComment: assign({ lastComment: ({ event }) => commentOf(event) }),
    recordReturn: assign({ lastComment: ({ event }) => commentOf(event), returns: ({ context }) => context.returns + 1 }),
    recordCc: assign(({ context, event }) => copied(context, event as ReviewEvent)),
  },
}).createMachine({
  id: 'work-task',
  context: EMPTY,
  initial: 'new',
  states: {
    new: {
      meta: { review: 'unreviewed', label: 'workflow.step.workTaskAssigned' },
      on: { ASSIGN: { guard: 'validAssignment', target: 'working', actions: 'recordAssignment' } },
    },
    working: {
      meta: { review: 'unreviewed', step: 'assignee', label: 'workflow.step.workTaskWorking' },
      initial: 'open',
      states: {
        open: {},
        /** Returned by the leader: with its assignee again. */
        returned: { meta: { review: 'rejected', extra: 'returned' } },
      },
      on: {
        REPORT: { guard: all(['isAssignee', 'validReport']), actions: 'recordReport' },
        SUBMIT: { guard: 'isAssignee', target: 'review', actions: 'recordSubmit' },
        CANCEL: { guard: leaderStep, target: 'cancelled', actions: 'recordComment' },
        CC: copyPeople(),
      },
    },
    review: {
      meta: { review: 'pending', step: 'leader', label: 'workflow.step.workTaskReview' },
      on: {
        APPROVE: { guard: leaderStep, target: 'approved', actions: 'recordComment' },
        RETURN: { guard: all([leaderStep, 'hasReturnReason']), target: 'working.returned', actions: 'recordReturn' },
        WITHDRAW: { guard: 'isAssignee', target: 'working.open', actions: 'recordComment' },
        CANCEL: { guard: leaderStep, target: 'cancelled', actions: 'recordComment' },
        CC: copyPeople(),
      },
    },
    approved: { type: 'final', meta: { review: 'passed', label: 'workflow.step.workTaskApproved' } },
    cancelled: { type: 'final', meta: { review: 'withdrawn', end: 'taskCancelled' } },
  },
});

/** Who acts at a step: the assignee at theirs, the leader (never the assignee) at the review. */
export function workTaskAssignees(context: WorkTaskContext, step: string): string[] {
  return step === 'assignee' ? [...context.route.assignee] : reviewersOf(context, step);
}

/** Whether an assignment is still with its assignee (neither submitted nor ended): the state's first part. */
export const isWithAssignee = (state: string): boolean => state === 'working' || state.startsWith('working.');
