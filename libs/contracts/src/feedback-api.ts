import { z } from 'zod';
import { FLOW_PICTURE_MAX_BYTES, FLOW_PICTURE_TYPES, isCalendarDate } from './flow-forms.js';
import { Permission } from './permissions.js';
import { pageNumber } from './schemas.js';

/**
 * 用户反馈 (docs/product/campus-life.md#user-feedback, docs/adr/0051-feedback.md): anyone signed in submits feedback
 * (a category of the dictionary, a title, the content, up to three pictures, optionally anonymous to the staff) and
 * follows it; those granted `feedback:handle` list all of it, take it, reply — the submitter is told at once by a bell
 * message — and close it. The submitter may close it, and re-open it once with a note. Under `/server/api/feedback`.
 */
export const FEEDBACK_BASE = '/api/feedback';

export const feedbackPath = {
  /** `GET` → `FeedbackCategory[]`: the dictionary's enabled categories (anyone signed in). */
  categories: `${FEEDBACK_BASE}/categories`,
  /** `GET` `feedbackListQuerySchema` → `FeedbackPage` (feedback:handle); `POST` `feedbackInputSchema` → `FeedbackDetail`. */
  all: FEEDBACK_BASE,
  /** `GET` `feedbackMineQuerySchema` → `FeedbackPage`: one's own. */
  mine: `${FEEDBACK_BASE}/mine`,
  /** `GET` → `FeedbackDetail` (its submitter, or feedback:handle). */
  one: (id: string): string => `${FEEDBACK_BASE}/${id}`,
  /** `POST` → `FeedbackDetail`: a handler takes it (in progress). */
  take: (id: string): string => `${FEEDBACK_BASE}/${id}/take`,
  /** `POST` `feedbackReplySchema` → `FeedbackDetail`: a handler replies; the submitter is told. */
  reply: (id: string): string => `${FEEDBACK_BASE}/${id}/reply`,
  /** `POST` `feedbackNoteSchema` → `FeedbackDetail`: its submitter or a handler closes it. */
  close: (id: string): string => `${FEEDBACK_BASE}/${id}/close`,
  /** `POST` `feedbackReopenSchema` → `FeedbackDetail`: its submitter re-opens a replied or closed one, once. */
  reopen: (id: string): string => `${FEEDBACK_BASE}/${id}/reopen`,
} as const;

/** Listing all feedback, taking, replying to and closing anyone's: administrators and the school office. */
export const FEEDBACK_HANDLE_PERMISSION = Permission.feedbackHandle;
/** The categories' dictionary table (意见建议, 问题反馈, 投诉, 表扬, 其他), seeded by the migration. */
export const FEEDBACK_CATEGORY_DICT = 'STD_FEEDBACK_CATEGORY';

/**
 * The two pages (docs/adr/0051-feedback.md#routes): 我的反馈 under 个人中心 for every role, 反馈处理 a menu of its own for
 * those who handle it. The menu's permission comes with the menu (a role granted the menu holds it).
 */
export const FEEDBACK_PAGES = [
  { key: 'mine', url: '/feedback/mine', permission: 'menu:feedback_mine', icon: 'comment alternate outline', sort: 5, parent: '/personal', roles: ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'student', 'parent'] },
  { key: 'handle', url: '/feedback/handle', permission: FEEDBACK_HANDLE_PERMISSION, icon: 'comments outline', sort: 76, parent: null, roles: ['admin', 'office'] },
] as const;

export const FEEDBACK_STATES = ['submitted', 'in_progress', 'replied', 'closed'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

/** The spec's limits: a title of at most 50 characters, content and a reply of at most 1000, up to 3 JPG/PNG pictures of 2 MB. */
export const FEEDBACK_LIMITS = { titleMax: 50, contentMax: 1000, replyMax: 1000, noteMax: 200, pictures: 3, pictureBytes: FLOW_PICTURE_MAX_BYTES, pictureTypes: FLOW_PICTURE_TYPES } as const;

const required = (requiredKey: string, max: number, tooLongKey: string) => z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, tooLongKey);

export const feedbackInputSchema = z.object({
  category: z.string({ error: 'feedback.validation.categoryRequired' }).trim().min(1, 'feedback.validation.categoryRequired').max(20, 'feedback.validation.categoryRequired'),
  title: required('feedback.validation.titleRequired', FEEDBACK_LIMITS.titleMax, 'feedback.validation.titleTooLong'),
  content: required('feedback.validation.contentRequired', FEEDBACK_LIMITS.contentMax, 'feedback.validation.contentTooLong'),
  pictures: z.array(z.string().uuid('validation.attachmentInvalid')).max(FEEDBACK_LIMITS.pictures, 'feedback.validation.tooManyPictures').default([]),
  anonymous: z.boolean({ error: 'validation.invalid' }).default(false),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
export type FeedbackValues = z.output<typeof feedbackInputSchema>;

export const feedbackReplySchema = z.object({ content: required('feedback.validation.replyRequired', FEEDBACK_LIMITS.replyMax, 'feedback.validation.replyTooLong') });
export type FeedbackReplyInput = z.infer<typeof feedbackReplySchema>;

/** Closing: a note may say why (optional). */
export const feedbackNoteSchema = z.object({ note: z.string({ error: 'feedback.validation.noteTooLong' }).trim().max(FEEDBACK_LIMITS.noteMax, 'feedback.validation.noteTooLong').default('') });
export type FeedbackNoteInput = z.input<typeof feedbackNoteSchema>;

/** Re-opening: the note says what is still wrong (required). */
export const feedbackReopenSchema = z.object({ note: required('feedback.validation.noteRequired', FEEDBACK_LIMITS.noteMax, 'feedback.validation.noteTooLong') });
export type FeedbackReopenInput = z.infer<typeof feedbackReopenSchema>;

const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalDate = z.preprocess(blank, z.string({ error: 'validation.dateInvalid' }).refine(isCalendarDate, 'validation.dateInvalid').optional());
const size = z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(100, 'validation.pageSizeInvalid').default(20);

export const feedbackMineQuerySchema = z.object({ current: pageNumber().default(1), size });
export type FeedbackMineQuery = z.infer<typeof feedbackMineQuerySchema>;

/** The handlers' list: by state, category, submission dates (school dates, both included) and words in title or content. */
export const feedbackListQuerySchema = z
  .object({
    current: pageNumber().default(1),
    size,
    state: z.preprocess(blank, z.enum(FEEDBACK_STATES, { error: 'feedback.validation.stateInvalid' }).optional()),
    category: z.preprocess(blank, z.string().max(20, 'feedback.validation.categoryRequired').optional()),
    from: optionalDate,
    to: optionalDate,
    q: z.preprocess(blank, z.string().trim().max(50, 'validation.tooLong').optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'validation.endBeforeStart', path: ['to'] });
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

export interface FeedbackCategory {
  code: string;
  name: string;
  nameEn: string;
}

/** A feedback as a list shows it. `submitterName` is null to a handler when it was sent anonymously. */
export interface FeedbackRow {
  id: string;
  category: string;
  categoryName: { zh: string; en: string };
  title: string;
  state: FeedbackState;
  anonymous: boolean;
  submitterName: string | null;
  handlerName: string | null;
  /** School time `YYYY-MM-DD HH:mm`. */
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackPage {
  total: number;
  list: FeedbackRow[];
}

export type FeedbackEntryKind = 'submitted' | 'taken' | 'replied' | 'closed' | 'reopened';

/** One step of a feedback's history: who (null: the anonymous submitter, to a handler), what, when, and its text. */
export interface FeedbackEntry {
  kind: FeedbackEntryKind;
  actorName: string | null;
  text: string;
  at: string;
}

export interface FeedbackDetail extends FeedbackRow {
  content: string;
  pictures: { resId: string; resName: string; resSuffix: string }[];
  entries: FeedbackEntry[];
  /** Whether its submitter may still re-open it (once, when replied or closed). */
  reopenable: boolean;
  /** Whether the caller submitted it. */
  mine: boolean;
}
