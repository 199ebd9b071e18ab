import { z } from 'zod';
import { isCalendarDate } from './flow-forms.js';
import { uuidText } from './schemas.js';

/**
 * 项目管理 (view stem `xmgl`, phone page `/qt_app/xmgl`; docs/product/office.md#projects, docs/adr/0059-projects.md):
 * projects with an owner and members (owner, member, viewer), tasks on a board (todo, doing, blocked, done; each with
 * an owner, a priority, start and due dates and an order within its column) and on a timeline, comments and attachments
 * on a task. Only members read a project; the owner and members write; a viewer reads. Every change is pushed to the
 * project's members (`project.changed`). Under `/server/api/projects`.
 */
export const PROJECTS_BASE = '/api/projects';

export const projectsPath = {
  /** `GET` `projectListQuerySchema` → `ProjectSummary[]` (mine); `POST` `projectInputSchema` → `ProjectDetail` (menu:projects). */
  all: PROJECTS_BASE,
  /** `GET` `?q=` → `ProjectCandidate[]`: staff who may be made members (menu:projects). */
  candidates: `${PROJECTS_BASE}/candidates`,
  /** `GET` → `ProjectDetail` (a member); `PUT` `projectInputSchema` → `ProjectDetail` (its owner); `DELETE` (its owner). */
  one: (id: string): string => `${PROJECTS_BASE}/${id}`,
  /** `PUT` `projectMemberInputSchema` → `ProjectDetail`: add a member or change one's role (its owner; `owner` hands it over). */
  member: (id: string, userId: string): string => `${PROJECTS_BASE}/${id}/members/${userId}`,
  /** `POST` `taskInputSchema` → `ProjectTask` (owner, member). */
  tasks: (id: string): string => `${PROJECTS_BASE}/${id}/tasks`,
  /** `GET` → `TaskDetail`; `PUT` `taskInputSchema` → `ProjectTask`; `DELETE`. */
  task: (id: string, taskId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}`,
  /** `POST` `taskMoveSchema` → `ProjectTask[]` (the columns it left and entered, in their new order). */
  move: (id: string, taskId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}/move`,
  /** `POST` `taskCommentSchema` → `TaskDetail`. */
  comments: (id: string, taskId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}/comments`,
  /** `DELETE` → `TaskDetail`: its author or the project's owner. */
  comment: (id: string, taskId: string, commentId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}/comments/${commentId}`,
  /** `POST` `taskAttachSchema` → `TaskDetail`: one's own uploads attached. */
  attachments: (id: string, taskId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}/attachments`,
  /** `DELETE` → `TaskDetail`: who attached it or the project's owner. */
  attachment: (id: string, taskId: string, resId: string): string => `${PROJECTS_BASE}/${id}/tasks/${taskId}/attachments/${resId}`,
} as const;

/** The pages: the console page (board and timeline of one project at `?id=`) and the phone page, for the staff. */
export const PROJECTS_PAGE = { url: '/xmgl', permission: 'menu:projects', icon: 'columns', sort: 47 } as const;
export const PROJECTS_PHONE_PAGE = { url: '/qt_app/xmgl', permission: 'menu:projects', icon: 'mobile alternate', sort: 7 } as const;
/** Starting a project and choosing its members: whoever holds the page (granted with its menu). */
export const PROJECTS_CREATE_PERMISSION = PROJECTS_PAGE.permission;

export const PROJECT_ROLES = ['owner', 'member', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** The board's columns, in order. */
export const TASK_STATUSES = ['todo', 'doing', 'blocked', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const PROJECT_LIMITS = {
  nameMax: 50,
  descriptionMax: 1000,
  members: 50,
  tasks: 500,
  titleMax: 100,
  taskDescriptionMax: 2000,
  commentMax: 1000,
  attachments: 10,
  attachmentKb: 20 * 1024,
  attachmentTypes: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.png,.jpg,.jpeg,.zip',
  candidates: 20,
} as const;

/** Whether a role writes: the owner and members change tasks and comment; a viewer only reads. */
export function roleWrites(role: ProjectRole | null): boolean {
  return role === 'owner' || role === 'member';
}

/** Whether a role manages the project itself (its name, dates, members, deleting it): the owner alone. */
export function roleManages(role: ProjectRole | null): boolean {
  return role === 'owner';
}

/** A task is overdue when it has a due date before today (school date) and is not done. */
export function isTaskOverdue(t: { dueDate: string | null; status: TaskStatus }, today: string): boolean {
  return t.status !== 'done' && t.dueDate !== null && t.dueDate < today;
}

const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const optionalDate = (key: string) => z.preprocess(blank, z.string({ error: key }).refine(isCalendarDate, key).nullable());
const text = (max: number, tooLong: string) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: tooLong }).trim().max(max, tooLong));

export const projectInputSchema = z
  .object({
    name: z.string({ error: 'projects.validation.nameRequired' }).trim().min(1, 'projects.validation.nameRequired').max(PROJECT_LIMITS.nameMax, 'projects.validation.nameTooLong'),
    description: text(PROJECT_LIMITS.descriptionMax, 'projects.validation.descriptionTooLong'),
    startDate: optionalDate('projects.validation.dateInvalid'),
    endDate: optionalDate('projects.validation.dateInvalid'),
    archived: z.boolean({ error: 'validation.invalid' }).default(false),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { message: 'projects.validation.endBeforeStart', path: ['endDate'] });
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectValues = z.output<typeof projectInputSchema>;

export const projectListQuerySchema = z.object({
  archived: z.preprocess((v) => (v === '' || v === undefined ? false : v === '1' || v === 'true' || v === true), z.boolean()),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

/** A member's role: `owner` hands the project over (the previous owner stays as a member); `null` removes them. */
export const projectMemberInputSchema = z.object({
  role: z.enum(PROJECT_ROLES, { error: 'projects.validation.roleInvalid' }).nullable(),
});
export type ProjectMemberInput = z.output<typeof projectMemberInputSchema>;

export const projectCandidateQuerySchema = z.object({ q: z.preprocess((v) => (v === undefined ? '' : v), z.string().trim().max(50, 'validation.tooLong')) });

export const taskInputSchema = z
  .object({
    title: z.string({ error: 'projects.validation.titleRequired' }).trim().min(1, 'projects.validation.titleRequired').max(PROJECT_LIMITS.titleMax, 'projects.validation.titleTooLong'),
    description: text(PROJECT_LIMITS.taskDescriptionMax, 'projects.validation.descriptionTooLong'),
    status: z.preprocess((v) => (v === undefined ? 'todo' : v), z.enum(TASK_STATUSES, { error: 'projects.validation.statusInvalid' })),
    priority: z.preprocess((v) => (v === undefined || v === '' ? 'normal' : v), z.enum(TASK_PRIORITIES, { error: 'projects.validation.priorityInvalid' })),
    /** The task's owner: a member of the project who writes (owner or member); none is null. */
    assigneeId: z.preprocess(blank, uuidText().nullable()),
    startDate: optionalDate('projects.validation.dateInvalid'),
    dueDate: optionalDate('projects.validation.dateInvalid'),
  })
  .refine((v) => !v.startDate || !v.dueDate || v.startDate <= v.dueDate, { message: 'projects.validation.dueBeforeStart', path: ['dueDate'] });
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskValues = z.output<typeof taskInputSchema>;

/** A move on the board: to a column, before a task of it (`beforeId`), or at its end (`null`). */
export const taskMoveSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: 'projects.validation.statusInvalid' }),
  beforeId: z.preprocess(blank, uuidText().nullable()),
});
export type TaskMove = z.output<typeof taskMoveSchema>;

export const taskCommentSchema = z.object({
  content: z.string({ error: 'projects.validation.commentRequired' }).trim().min(1, 'projects.validation.commentRequired').max(PROJECT_LIMITS.commentMax, 'projects.validation.commentTooLong'),
});
export type TaskCommentInput = z.output<typeof taskCommentSchema>;

export const taskAttachSchema = z.object({
  resIds: z.array(z.string().uuid('validation.attachmentInvalid'), { error: 'validation.attachmentInvalid' }).min(1, 'validation.attachmentInvalid').max(PROJECT_LIMITS.attachments, 'projects.validation.tooManyAttachments'),
});
export type TaskAttachInput = z.output<typeof taskAttachSchema>;

export interface ProjectMember {
  userId: string;
  name: string;
  account: string;
  department: string | null;
  role: ProjectRole;
}

export interface ProjectCandidate {
  userId: string;
  name: string;
  account: string;
  department: string | null;
}

/** Tasks per column. */
export type TaskCounts = Record<TaskStatus, number>;

export interface ProjectSummary {
  id: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  archived: boolean;
  ownerName: string;
  myRole: ProjectRole;
  members: number;
  counts: TaskCounts;
  overdue: number;
  updatedAt: string;
}

export interface ProjectTask {
  id: string;
  projectId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assigneeId: string | null;
  assigneeName: string | null;
  startDate: string | null;
  dueDate: string | null;
  /** Its place in its column, from 1. */
  position: number;
  overdue: boolean;
  comments: number;
  attachments: number;
  doneAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectDetail {
  id: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  archived: boolean;
  ownerId: string;
  myRole: ProjectRole;
  members: ProjectMember[];
  /** Every task, by column and position. */
  tasks: ProjectTask[];
  /** The school's today, `YYYY-MM-DD` (what `overdue` and the timeline's today line read). */
  today: string;
  updatedAt: string;
}

export interface TaskComment {
  id: string;
  authorId: string | null;
  authorName: string | null;
  content: string;
  /** School time `YYYY-MM-DD HH:mm`. */
  createdAt: string;
  /** Whether the reader may delete it (its author, or the project's owner). */
  deletable: boolean;
}

export interface TaskAttachment {
  resId: string;
  name: string;
  suffix: string;
  size: number;
  addedBy: string | null;
  addedAt: string;
  deletable: boolean;
}

export interface TaskDetail {
  task: ProjectTask;
  comments: TaskComment[];
  attachments: TaskAttachment[];
  myRole: ProjectRole;
}

export const PROJECT_CHANGES = ['project', 'members', 'deleted', 'task', 'moved', 'task-deleted', 'comment', 'attachment'] as const;
export type ProjectChange = (typeof PROJECT_CHANGES)[number];

/**
 * Pushed to every member of a project (and to one just removed from it) when it changes: the board reads the project
 * again; a task's open detail reads it again when `taskId` is its own.
 */
export interface ProjectChangedPush {
  projectId: string;
  taskId: string | null;
  change: ProjectChange;
  /** Who changed it (a board may skip its own echo). */
  actorId: string;
}
export const PROJECT_CHANGED = 'project.changed';
