import { z } from 'zod';
import { FLOW_MAX_PICTURES, FLOW_PICTURE_MAX_BYTES, FLOW_PICTURE_TYPES, pictureIds, requiredText, schoolTimeText, studentRef } from './flow-forms.js';
import { pageNumber } from './schemas.js';

/** The workflow API (docs/architecture.md#workflow-api): one shape for every flow. */
/**
 * A flow's name as menus and permissions may spell it (docs/product/administration.md#menus: letters, digits and underscores):
 * 'classroom-loan' → 'classroom_loan'. The API keeps the flow's own name (docs/product/workflows.md#flows-at-a-glance).
 */
export function flowSlug(flow: string): string {
  return flow.replace(/-/g, '_');
}

/** The flow a page's slug names ('classroom_loan' → 'classroom-loan'). */
export function flowOfSlug(slug: string): string {
  return slug.replace(/_/g, '-');
}

/** A flow's pages in the browser: `/apply/{slug}/new`, `/apply/{slug}/detail`. */
export function flowPage(flow: string, page: 'new' | 'detail'): string {
  return `/apply/${flowSlug(flow)}/${page}`;
}

/** Where the browser shows an instance (menus: /apply/{slug}/detail?id=): the link of its messages too. */
export function workflowDetailPage(flow: string, id: string): string {
  return `${flowPage(flow, 'detail')}?id=${encodeURIComponent(id)}`;
}

export const WorkflowPath = {
  start: (flow: string) => `/api/workflows/${flow}`,
  events: (flow: string, id: string) => `/api/workflows/${flow}/${id}/events`,
  one: (flow: string, id: string) => `/api/workflows/${flow}/${id}`,
  list: (flow: string) => `/api/workflows/${flow}`,
  tasks: '/api/workflows/tasks',
  /** Instances of every flow. */
  all: '/api/workflows',
  /** A passed proof's certificate (PDF). */
  certificate: (flow: string, id: string) => `/api/workflows/${flow}/${id}/certificate`,
  /** Anyone checks a certificate by its code, without signing in. */
  verifyCertificate: (code: string) => `/anon/certificates/${encodeURIComponent(code)}`,
} as const;

export const LEAVE_MAX_ATTACHMENTS = FLOW_MAX_PICTURES;
export const LEAVE_REASON_MAX = 500;
export const COMMENT_MAX = 500;
/** At most this many people copied at once. */
export const CC_MAX = 20;
export const LEAVE_PICTURE_MAX_BYTES = FLOW_PICTURE_MAX_BYTES;
export const LEAVE_PICTURE_TYPES = FLOW_PICTURE_TYPES;

const noEdgeSpaces = (s: string) => s === s.trim();

/** The leave form (docs/product/workflows.md#leave); a parent adds `studentId` (a student number or the student's id). */
export const leaveFormSchema = z.object({
  type: z.enum(['personal', 'sick'], { error: 'validation.leaveTypeRequired' }),
  start: schoolTimeText('validation.startRequired'),
  end: schoolTimeText('validation.endRequired'),
  reason: requiredText('validation.reasonRequired', LEAVE_REASON_MAX, 'validation.reasonTooLong'),
  attachments: pictureIds(),
  studentId: studentRef(),
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
  /** TRANSFER (转办): the user the step is handed to. */
  toUserId: z.string().uuid('validation.transferTargetRequired').optional(),
  /** CC (抄送): the people copied. */
  userIds: z.array(z.string().uuid('validation.ccInvalid'), { error: 'validation.ccInvalid' }).min(1, 'validation.ccRequired').max(CC_MAX, 'validation.ccTooMany').optional(),
  /** OBJECT (期末学业评价's 公示): the student the objection is about. */
  studentId: z.string().uuid('validation.fieldChoose').optional(),
  /** ANSWER: the objection answered (its number, 1, 2, …). */
  objection: z.coerce.number({ error: 'validation.fieldChoose' }).int('validation.fieldChoose').min(1, 'validation.fieldChoose').max(10_000, 'validation.fieldChoose').optional(),
  /** REPORT (工作任务's progress report): how far it is, a whole percentage; the comment says what was done. */
  percent: z.number({ error: 'work-tasks.validation.percentInvalid' }).int('work-tasks.validation.percentInvalid').min(0, 'work-tasks.validation.percentInvalid').max(100, 'work-tasks.validation.percentInvalid').optional(),
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

/** A flow's name as a query filter. */
const flowFilter = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'validation.flowInvalid').optional();

export const workflowListQuerySchema = z.object({
  scope: z.enum(['mine', 'all'], { error: 'validation.scopeInvalid' }).default('mine'),
  current: pageNumber().default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
  status: z.enum(['unreviewed', 'pending', 'passed', 'rejected', 'withdrawn']).optional(),
});

/** The instances of every flow (my applications, application records): one flow with `flow`. */
export const workflowListAllQuerySchema = workflowListQuerySchema.extend({ flow: flowFilter });

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
  /** TRANSFER: whom the step was handed to; CC: who was copied. */
  targets?: WorkflowAssignee[];
  /** EFFECT_REFUSED: why the passed request was not applied, in the reader's language. */
  note?: string;
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
  /** The decisions I may send now. */
  can: string[];
  /** What else I may do (转办, 抄送). */
  more: string[];
  attachments: { resId: string; resName: string; resSuffix: string }[];
  /** A passed proof's certificate (docs/product/workflows.md#certificates): its verification code and where to download it. */
  certificate?: { code: string; url: string };
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
