import { z } from 'zod';
import { pageNumber } from './schemas.js';

/** The workflow API (DESIGN.md §4): one shape for every flow. */
/** Where the browser shows an instance (menus: /apply/{flow}/detail?id=): the link of its messages too. */
export function workflowDetailPage(flow: string, id: string): string {
  return `/apply/${flow}/detail?id=${encodeURIComponent(id)}`;
}

export const WorkflowPath = {
  start: (flow: string) => `/api/workflows/${flow}`,
  events: (flow: string, id: string) => `/api/workflows/${flow}/${id}/events`,
  one: (flow: string, id: string) => `/api/workflows/${flow}/${id}`,
  list: (flow: string) => `/api/workflows/${flow}`,
  tasks: '/api/workflows/tasks',
} as const;

export const LEAVE_MAX_ATTACHMENTS = 4;
export const LEAVE_REASON_MAX = 500;
export const COMMENT_MAX = 500;
export const LEAVE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const LEAVE_PICTURE_TYPES = ['.jpg', '.jpeg', '.png'] as const;

const noEdgeSpaces = (s: string) => s === s.trim();

/** The leave form (DESIGN.md §4); a parent adds `studentId` (a student number or the student's id). */
export const leaveFormSchema = z.object({
  type: z.enum(['personal', 'sick'], { error: 'validation.leaveTypeRequired' }),
  start: z.string({ error: 'validation.startRequired' }).min(1, 'validation.startRequired').max(40, 'validation.timeInvalid'),
  end: z.string({ error: 'validation.endRequired' }).min(1, 'validation.endRequired').max(40, 'validation.timeInvalid'),
  reason: z
    .string({ error: 'validation.reasonRequired' })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'validation.reasonRequired').max(LEAVE_REASON_MAX, 'validation.reasonTooLong')),
  attachments: z.array(z.string().uuid('validation.attachmentInvalid')).max(LEAVE_MAX_ATTACHMENTS, 'validation.tooManyPictures').optional(),
  studentId: z.string().max(64, 'validation.studentInvalid').optional(),
});
export type LeaveForm = z.infer<typeof leaveFormSchema>;

export const workflowEventSchema = z.object({
  type: z.string({ error: 'validation.actionRequired' }).regex(/^[A-Z_]{1,40}$/, 'validation.actionInvalid'),
  comment: z
    .string()
    .max(COMMENT_MAX, 'validation.commentTooLong')
    .refine(noEdgeSpaces, 'validation.noEdgeSpaces')
    .optional(),
  returnedAt: z.string().max(40, 'validation.timeInvalid').optional(),
});
export type WorkflowEventInput = z.infer<typeof workflowEventSchema>;

/** Paging of the workflow lists and the review queue (any size from 1 to 1000; the UI offers the standard sizes). */
export const workflowPageSchema = z.object({
  current: pageNumber().default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
});

/** The review queue: a page, of one flow or of all (`flow` omitted). */
export const workflowTasksQuerySchema = workflowPageSchema.extend({
  flow: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'validation.flowInvalid').optional(),
});

export const workflowListQuerySchema = z.object({
  scope: z.enum(['mine', 'all'], { error: 'validation.scopeInvalid' }).default('mine'),
  current: pageNumber().default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
  status: z.enum(['unreviewed', 'pending', 'passed', 'rejected', 'withdrawn']).optional(),
});

export interface WorkflowHistoryItem {
  version: number;
  type: string;
  actorId: string | null;
  actorName: string;
  at: string;
  comment: string | null;
  /** State after this event. */
  state: string;
  /** Why an automatic step happened (e.g. applicant_is_reviewer). */
  reason?: string;
  /** CANCEL_LEAVE: the actual return time (ISO). */
  returnedAt?: string;
}

export interface WorkflowAssignee {
  id: string;
  name: string;
}

export interface WorkflowInstanceView {
  id: string;
  flow: string;
  version: number;
  state: string;
  status: { review: string; extra?: string };
  form: Record<string, unknown>;
  /** The machine context, so the browser can rebuild the snapshot with the shared machine. */
  context: Record<string, unknown>;
  applicant: WorkflowAssignee;
  student: { id: string; name: string; studentNo: string; className: string } | null;
  assignees: WorkflowAssignee[];
  history: WorkflowHistoryItem[];
  can: string[];
  attachments: { resId: string; resName: string; resSuffix: string }[];
}

export interface WorkflowListItem {
  id: string;
  flow: string;
  version: number;
  state: string;
  status: { review: string; extra?: string };
  applicant: WorkflowAssignee;
  student: { id: string; name: string; studentNo: string; className: string } | null;
  form: Record<string, unknown>;
  assignees: WorkflowAssignee[];
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowTaskItem extends WorkflowListItem {
  assignedAt: string;
  can: string[];
}

export interface WorkflowCommandResult {
  id: string;
  version: number;
  state: string;
}

/** A student the signed-in user may apply for: themself (a student) or their children (a parent). */
export interface MyStudent {
  id: string;
  name: string;
  studentNo: string;
  className: string;
}
