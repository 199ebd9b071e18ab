import { z } from 'zod';
import { isCalendarDate } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * 内控工作管理 (docs/product/office.md#work-tasks, docs/adr/0055-work-tasks.md): a leader assigns a task to people or
 * departments with a deadline; each assignee reports progress and submits; the leader approves or returns each
 * assignment (the `work-task` flow: one instance per assignee). Under `/server/api/work-tasks`; the assignments'
 * commands (REPORT, SUBMIT, APPROVE, RETURN, WITHDRAW, CANCEL) go through the flow kit's
 * `POST /api/workflows/work-task/{instanceId}/events`.
 */
export const WORK_TASKS_BASE = '/api/work-tasks';
export const WORK_TASK_FLOW = 'work-task';

export const workTasksPath = {
  /** `POST` `workTaskInputSchema` → `WorkTaskDetail` (work-tasks:assign). */
  create: WORK_TASKS_BASE,
  /** `GET` → `WorkTaskSummary[]`: the tasks I assigned (work-tasks:assign). */
  created: `${WORK_TASKS_BASE}/created`,
  /** `GET` → `WorkAssignment[]`: my assignments (anyone signed in: their own). */
  mine: `${WORK_TASKS_BASE}/mine`,
  /** `GET` → `WorkAssignment[]`: the submissions waiting for my review (the leader of each). */
  review: `${WORK_TASKS_BASE}/review`,
  /** `GET` → `WorkTaskOverview`: every task, its state, overdue count, per-department progress (work-tasks:view_all). */
  overview: `${WORK_TASKS_BASE}/overview`,
  /** `GET` → `WorkTaskCandidates`: the staff and departments one may assign to (work-tasks:assign). */
  candidates: `${WORK_TASKS_BASE}/candidates`,
  /** `GET` → `WorkTaskDetail`: its leader, a holder of view_all, or one of its assignees (who sees their own assignment). */
  one: (id: string): string => `${WORK_TASKS_BASE}/${id}`,
} as const;

export const WORK_TASK_ASSIGN_PERMISSION = Permission.workTaskAssign;
export const WORK_TASK_VIEW_ALL_PERMISSION = Permission.workTaskViewAll;
/** The menu permission of the assignees' pages (my tasks, the detail): every staff role is granted it. */
export const WORK_TASK_MINE_PERMISSION = 'menu:nkgzgl_rwlb';

/** The roles that assign and review (the demo's leaders) and the roles that are assigned work (every staff role). */
export const WORK_TASK_LEADER_ROLES = ['admin', 'principal', 'office'] as const;
export const WORK_TASK_STAFF_ROLES = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'repairman'] as const;

/**
 * The pages at the spec's stems (docs/adr/0055-work-tasks.md#pages): the console group 内控工作管理 with 任务管理,
 * 任务列表 and 任务审核; the phone group with the same three and 领导查看; the task's detail (hidden, `?id=`).
 */
export const WORK_TASK_GROUPS = [
  { key: 'console', url: '/nkgzgl', permission: 'menu:nkgzgl', icon: 'tasks', sort: 45 },
  { key: 'phone', url: '/qt_app/nkgzgl', permission: 'menu:qt_nkgzgl', icon: 'mobile alternate', sort: 46 },
] as const;
export const WORK_TASK_PAGES = [
  { key: 'rwgl', group: 'console', url: '/nkgzgl/rwgl', permission: WORK_TASK_ASSIGN_PERMISSION, icon: 'edit outline', sort: 1 },
  { key: 'rwlb', group: 'console', url: '/nkgzgl/rwlb', permission: WORK_TASK_MINE_PERMISSION, icon: 'list', sort: 2 },
  { key: 'rwsh', group: 'console', url: '/nkgzgl/rwsh', permission: WORK_TASK_ASSIGN_PERMISSION, icon: 'check square outline', sort: 3 },
  { key: 'rwgl', group: 'phone', url: '/qt_app/nkgzgl/rwgl', permission: WORK_TASK_ASSIGN_PERMISSION, icon: 'edit outline', sort: 1 },
  { key: 'rwlb', group: 'phone', url: '/qt_app/nkgzgl/rwlb', permission: WORK_TASK_MINE_PERMISSION, icon: 'list', sort: 2 },
  { key: 'rwsh', group: 'phone', url: '/qt_app/nkgzgl/rwsh', permission: WORK_TASK_ASSIGN_PERMISSION, icon: 'check square outline', sort: 3 },
  { key: 'ldck', group: 'phone', url: '/qt_app/nkgzgl/ldck', permission: WORK_TASK_VIEW_ALL_PERMISSION, icon: 'chart bar', sort: 4 },
  { key: 'rwxq', group: 'phone', url: '/qt_app/rwxq/rwxq', permission: WORK_TASK_MINE_PERMISSION, icon: 'file alternate outline', sort: 9, hidden: true },
] as const;
export type WorkTaskPageKey = (typeof WORK_TASK_PAGES)[number]['key'];
/** The detail page of a task (the shell passes route parameters as the query string). */
export const workTaskDetailPage = (id: string): string => `/qt_app/rwxq/rwxq?id=${encodeURIComponent(id)}`;

/** The spec gives no limits here: a title of at most 100, the content at most 2000, at most 200 people per task. */
export const WORK_TASK_LIMITS = { titleMax: 100, contentMax: 2000, assigneesMax: 200, reportMax: 500 } as const;

const uuidList = (key: string) => z.array(z.string().uuid(key), { error: key }).max(WORK_TASK_LIMITS.assigneesMax, 'work-tasks.validation.tooManyAssignees').default([]);

/** A task as the leader assigns it: people and/or departments (expanded to their members then), a deadline date. */
export const workTaskInputSchema = z
  .object({
    title: z.string({ error: 'work-tasks.validation.titleRequired' }).trim().min(1, 'work-tasks.validation.titleRequired').max(WORK_TASK_LIMITS.titleMax, 'work-tasks.validation.titleTooLong'),
    content: z.string({ error: 'work-tasks.validation.contentTooLong' }).trim().max(WORK_TASK_LIMITS.contentMax, 'work-tasks.validation.contentTooLong').default(''),
    deadline: z.string({ error: 'work-tasks.validation.deadlineRequired' }).refine(isCalendarDate, 'work-tasks.validation.deadlineRequired'),
    assigneeIds: uuidList('work-tasks.validation.assigneeInvalid'),
    departmentIds: uuidList('work-tasks.validation.departmentInvalid'),
  })
  .refine((v) => v.assigneeIds.length + v.departmentIds.length > 0, { message: 'work-tasks.validation.assigneesRequired', path: ['assigneeIds'] });
export type WorkTaskInput = z.input<typeof workTaskInputSchema>;
export type WorkTaskValues = z.output<typeof workTaskInputSchema>;

/** A progress report as the assignee's form takes it (sent as REPORT: `percent` and the text as `comment`). */
export const workTaskReportSchema = z.object({
  percent: z.coerce.number({ error: 'work-tasks.validation.percentInvalid' }).int('work-tasks.validation.percentInvalid').min(0, 'work-tasks.validation.percentInvalid').max(100, 'work-tasks.validation.percentInvalid'),
  text: z.string({ error: 'work-tasks.validation.reportRequired' }).trim().min(1, 'work-tasks.validation.reportRequired').max(WORK_TASK_LIMITS.reportMax, 'work-tasks.validation.reportTooLong'),
});
export type WorkTaskReportInput = z.input<typeof workTaskReportSchema>;

/** A return's reason as the leader's form takes it (sent as RETURN's comment). */
export const workTaskReturnSchema = z.object({
  reason: z.string({ error: 'work-tasks.validation.reasonRequired' }).trim().min(1, 'work-tasks.validation.reasonRequired').max(WORK_TASK_LIMITS.reportMax, 'work-tasks.validation.reasonTooLong'),
});
export type WorkTaskReturnInput = z.input<typeof workTaskReturnSchema>;

/** An assignment's state as the pages name it (from the flow's state). */
export const WORK_ASSIGNMENT_STATES = ['working', 'returned', 'submitted', 'approved', 'cancelled'] as const;
export type WorkAssignmentState = (typeof WORK_ASSIGNMENT_STATES)[number];

/** One person's assignment of a task. */
export interface WorkAssignment {
  /** The flow instance's id (its commands: `/api/workflows/work-task/{instanceId}/events`). */
  instanceId: string;
  version: number;
  taskId: string;
  title: string;
  /** The deadline date, `YYYY-MM-DD` (the end of that school day). */
  deadline: string;
  assigneeId: string;
  assigneeName: string;
  department: { zh: string; en: string } | null;
  leaderName: string;
  state: WorkAssignmentState;
  percent: number;
  /** The last report's, the submission's or the return's text. */
  lastComment: string | null;
  /** Past the deadline and still with its assignee. */
  overdue: boolean;
  updatedAt: string;
}

/** A task with its progress counts. */
export interface WorkTaskSummary {
  id: string;
  title: string;
  deadline: string;
  leaderName: string;
  createdAt: string;
  total: number;
  submitted: number;
  approved: number;
  overdue: number;
  /** Every assignment approved or cancelled. */
  done: boolean;
}

export interface WorkTaskDetail extends WorkTaskSummary {
  content: string;
  leaderId: string;
  /** All of them to its leader and view_all holders; only one's own to an assignee. */
  assignments: WorkAssignment[];
}

/** Whom a task may be assigned to: every enabled staff account but oneself, and every department. */
export interface WorkTaskCandidates {
  people: { id: string; name: string; department: { zh: string; en: string } | null }[];
  departments: { id: string; name: { zh: string; en: string } }[];
}

/** The leader view (领导查看). */
export interface WorkTaskOverview {
  tasks: WorkTaskSummary[];
  /** Assignments past their deadline and still with their assignee, over all tasks. */
  overdue: number;
  departments: { department: { zh: string; en: string }; total: number; submitted: number; approved: number; overdue: number }[];
}

/** Whether an assignment in `state` is past `deadlineAt` at `now` (still with its assignee). */
export function isAssignmentOverdue(state: WorkAssignmentState, deadlineAt: string, now: number): boolean {
  return (state === 'working' || state === 'returned') && Date.parse(deadlineAt) < now;
}

/** The pages' name of a flow state (`working.open` → working, `review` → submitted, …). */
export function assignmentStateOf(flowState: string): WorkAssignmentState {
  if (flowState === 'working.returned') return 'returned';
  if (flowState.startsWith('working')) return 'working';
  if (flowState === 'review') return 'submitted';
  if (flowState === 'approved') return 'approved';
  return 'cancelled';
}
