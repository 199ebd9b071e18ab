import { z } from 'zod';
import { isUuid } from './schemas.js';

/**
 * Publishing (issue 24; docs/product/publishing.md#calls): notices, homework, activities, performance and
 * awards as posts of one module, with receipts. Shared by server, browser and tests; additive changes only.
 */
export const POSTS_BASE = '/api/posts';

export const postsPath = {
  /** `GET` with `postListQuerySchema`; `POST` with `createPostSchema` → `CreatePostAnswer`. */
  list: POSTS_BASE,
  one: (id: string): string => `${POSTS_BASE}/${id}`,
  publish: (id: string): string => `${POSTS_BASE}/${id}/publish`,
  withdraw: (id: string): string => `${POSTS_BASE}/${id}/withdraw`,
  /** `POST {pinned}`. */
  pin: (id: string): string => `${POSTS_BASE}/${id}/pin`,
  confirm: (id: string): string => `${POSTS_BASE}/${id}/confirm`,
  /** `GET` with `receiptQuerySchema` → `PostReceipts` (the author). */
  receipts: (id: string): string => `${POSTS_BASE}/${id}/receipts`,
  /** `POST` → `RemindAnswer`; at most once an hour per post, else 429. */
  remind: (id: string): string => `${POSTS_BASE}/${id}/remind`,
  /** `POST` / `PUT` with `submissionSchema`; `GET` → `Submission[]` (the author: the class overview; others: their own). */
  submissions: (id: string): string => `${POSTS_BASE}/${id}/submissions`,
  /** `PUT` with `reviewSubmissionSchema` (the teacher). */
  submission: (id: string, studentId: string): string => `${POSTS_BASE}/${id}/submissions/${studentId}`,
  /** `GET` with `audiencePeopleQuerySchema` → `AudiencePerson[]`: people an author may name as a post's audience. */
  people: `${POSTS_BASE}/people`,
} as const;

export const POST_KINDS = ['notice', 'homework', 'activity', 'performance', 'award'] as const;
export type PostKind = (typeof POST_KINDS)[number];
/** The audience selectors a post may name (`audience` below; docs/product/publishing.md#audience-and-recipients). */
export const AUDIENCE_SELECTORS = ['school', 'grades', 'classIds', 'teachingClassIds', 'roles', 'userIds'] as const;
export type AudienceSelector = (typeof AUDIENCE_SELECTORS)[number];
/**
 * The selectors each kind allows — stated once, here: the server refuses the others (its kind declarations take them
 * from this table) and the compose form offers only these. Homework goes to classes or teaching classes; a
 * performance record to named students.
 */
export const POST_KIND_SELECTORS: Record<PostKind, readonly AudienceSelector[]> = {
  notice: AUDIENCE_SELECTORS,
  homework: ['classIds', 'teachingClassIds'],
  activity: AUDIENCE_SELECTORS,
  performance: ['userIds'],
  award: AUDIENCE_SELECTORS,
};
export const POST_STATES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export type PostState = (typeof POST_STATES)[number];
export const RECEIPT_STATES = ['read', 'confirmed', 'unread'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** Who may publish or delete a kind: a permission each (granted through roles; docs/product/publishing.md#kinds). */
export const postPublishPermission = (kind: PostKind): string => `post:${kind}:publish`;
/** Reading one's own posts needs only a session; the pages under 信息发布 need this to appear in the menu. */
export const postViewPermission = (kind: PostKind): string => `post:${kind}:view`;

/** The pages under 信息发布 (performance, activity, notice, homework: docs/product/publishing.md#kinds); titles `publishing.page.<kind>`. */
export const PUBLISHING_PAGES = [
  { url: '/publishing/notice', kind: 'notice', sort: 1, icon: 'bullhorn' },
  { url: '/publishing/homework', kind: 'homework', sort: 2, icon: 'book' },
  { url: '/publishing/activity', kind: 'activity', sort: 3, icon: 'flag outline' },
  { url: '/publishing/performance', kind: 'performance', sort: 4, icon: 'star outline' },
] as const satisfies readonly { url: string; kind: PostKind; sort: number; icon: string }[];

/** Attachment limits (docs/product/publishing.md#rules-and-limits): per post, and per file by what it is. */
export const POST_ATTACHMENT_LIMITS = {
  pictures: 9,
  videos: 1,
  documents: 4,
  videoBytes: 100 * 1024 * 1024,
  documentBytes: 10 * 1024 * 1024,
  /** Award certificate images (docs/product/publishing.md#rules-and-limits). */
  awardImageBytes: 2 * 1024 * 1024,
} as const;
export const PICTURE_SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const VIDEO_SUFFIXES = ['mp4'] as const;
export const DOCUMENT_SUFFIXES = ['pdf', 'doc', 'docx', 'ppt', 'pptx'] as const;
export type AttachmentKind = 'picture' | 'video' | 'document';

export const POST_TITLE_MAX = 100;
/** Sanitised HTML; a generous bound so a pasted page cannot fill the database. */
export const POST_BODY_MAX = 100_000;
export const SUBMISSION_TEXT_MAX = 5_000;
export const REVIEW_COMMENT_MAX = 1_000;
/** A reminder per post at most this often (issue 24). */
export const REMIND_INTERVAL_MINUTES = 60;

const id = (key = 'validation.idInvalid') => z.string({ error: key }).refine(isUuid, key);
const ids = (max: number) => z.array(id(), { error: 'validation.invalid' }).max(max, 'validation.tooLong');
const timeText = z.string({ error: 'validation.timeInvalid' }).min(1, 'validation.timeInvalid').max(40, 'validation.timeInvalid');
const optionalTime = z.preprocess((v) => (v === '' || v === null ? undefined : v), timeText.optional());

/**
 * Who a post goes to (docs/product/publishing.md#audience-and-recipients), resolved to recipients when published (a snapshot). Groups — the school, grades,
 * classes, teaching classes — give their students unless `students: false`, their teachers with `staff: true` (the
 * whole school: every staff member) and the students' parents with `parents: true`; roles and named users are added as
 * they are (named students bring their parents with `parents: true` too).
 */
export const audienceSchema = z
  .object(
    {
      school: z.literal(true, { error: 'validation.invalid' }).optional(),
      grades: z.array(z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(12, 'validation.invalid'), { error: 'validation.invalid' }).max(12, 'validation.tooLong').optional(),
      classIds: ids(500).optional(),
      teachingClassIds: ids(500).optional(),
      roles: z.array(z.string({ error: 'validation.invalid' }).regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, 'validation.invalid'), { error: 'validation.invalid' }).max(50, 'validation.tooLong').optional(),
      userIds: ids(5000).optional(),
      parents: z.boolean({ error: 'validation.invalid' }).optional(),
      students: z.boolean({ error: 'validation.invalid' }).optional(),
      staff: z.boolean({ error: 'validation.invalid' }).optional(),
    },
    { error: 'validation.postAudienceRequired' },
  )
  .strict()
  .refine((a) => a.school === true || !!a.grades?.length || !!a.classIds?.length || !!a.teachingClassIds?.length || !!a.roles?.length || !!a.userIds?.length, 'validation.postAudienceRequired');
export type Audience = z.infer<typeof audienceSchema>;

const title = z
  .string({ error: 'validation.postTitleRequired' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'validation.postTitleRequired').max(POST_TITLE_MAX, 'validation.postTitleTooLong'));

/** `POST /posts`. `publish: true` publishes at once, or at `publishAt` when that is later (scheduled); else a draft. */
export const createPostSchema = z.object({
  kind: z.enum(POST_KINDS, { error: 'validation.postKindInvalid' }),
  title,
  body: z.string({ error: 'validation.postBodyRequired' }).max(POST_BODY_MAX, 'validation.postBodyTooLong'),
  audience: audienceSchema,
  attachments: ids(30).optional(),
  publishAt: optionalTime,
  pinned: z.boolean({ error: 'validation.invalid' }).optional(),
  requireConfirm: z.boolean({ error: 'validation.invalid' }).optional(),
  /** The confirmation must carry a signature (the signature pad's image); implies `requireConfirm`. */
  requireSignature: z.boolean({ error: 'validation.invalid' }).optional(),
  /** Homework: the course (required for homework) and the due time. */
  courseId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('validation.lessonCourseRequired').optional()),
  dueAt: optionalTime,
  /** Activities: where and when. */
  place: z.string({ error: 'validation.invalid' }).max(100, 'validation.tooLong').optional(),
  startAt: optionalTime,
  endAt: optionalTime,
  publish: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type CreatePostBody = z.infer<typeof createPostSchema>;
export interface CreatePostAnswer {
  id: string;
  state: PostState;
}

export const postIdSchema = z.object({ id: id() });
export const pinPostSchema = z.object({ pinned: z.boolean({ error: 'validation.invalid' }) });
/** `POST /posts/{id}/publish`: now, or at `publishAt` (scheduled) when that is later. */
export const publishPostSchema = z.object({ publishAt: optionalTime });

export const postListQuerySchema = z.object({
  kind: z.enum(POST_KINDS, { error: 'validation.postKindInvalid' }).optional(),
  box: z.enum(['inbox', 'authored'], { error: 'validation.invalid' }).default('inbox'),
  current: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(100_000, 'validation.pageInvalid').default(1),
  size: z.coerce.number({ error: 'validation.pageSizeInvalid' }).int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(200, 'validation.pageSizeInvalid').default(20),
  /** Inbox only: just those not yet read (the dashboard's unread notices). */
  unread: z.preprocess((v) => (v === '' ? undefined : v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'validation.invalid' }).optional()),
  /** Inbox only: homework due from now to this many days ahead, soonest first (the home page's "due this week"). */
  dueWithinDays: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(31, 'validation.invalid').optional()),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/** At most this many people in one answer of `GET /posts/people` (narrow by class or name). */
export const AUDIENCE_PEOPLE_MAX = 50;

/**
 * `GET /posts/people`: students (of a class, or by name, student number or account) and staff (by name or account)
 * an author who may publish `kind` may name (`audience.userIds`).
 */
export const audiencePeopleQuerySchema = z.object({
  kind: z.enum(POST_KINDS, { error: 'validation.postKindInvalid' }),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['student', 'staff'], { error: 'validation.invalid' }).optional()),
  classId: z.preprocess((v) => (v === '' ? undefined : v), id().optional()),
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : v), z.string({ error: 'validation.invalid' }).max(50, 'validation.tooLong').optional()),
});
export type AudiencePeopleQuery = z.infer<typeof audiencePeopleQuerySchema>;

/** A person an author may name: a student (with number and class) or a staff member. */
export interface AudiencePerson {
  userId: string;
  name: string;
  account: string;
  type: 'student' | 'staff';
  studentNo: string | null;
  className: string | null;
}

export const receiptQuerySchema = z.object({
  classId: z.preprocess((v) => (v === '' ? undefined : v), id().optional()),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RECEIPT_STATES, { error: 'validation.invalid' }).optional()),
});

/** `POST /posts/{id}/confirm`: a signature image (an upload's id; required when the post asks for one); a parent names the child when they have several. */
export const confirmPostSchema = z.object({
  signature: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('validation.attachmentInvalid').optional()),
  studentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('validation.studentInvalid').optional()),
});

/** A homework submission (`POST`/`PUT /posts/{id}/submissions`); a parent names the child (`studentId`) when they have several. */
export const submissionSchema = z
  .object({
    text: z.string({ error: 'validation.submissionTextRequired' }).max(SUBMISSION_TEXT_MAX, 'validation.tooLong'),
    attachments: ids(13).optional(),
    studentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('validation.studentInvalid').optional()),
  })
  // Something must be handed in: text or a file (an empty hand-in would count as handed in with nothing to review).
  .refine((s) => s.text.trim() !== '' || (s.attachments?.length ?? 0) > 0, { message: 'validation.submissionEmpty', path: ['text'] });
export const reviewSubmissionSchema = z.object({
  comment: z.string({ error: 'validation.invalid' }).max(REVIEW_COMMENT_MAX, 'validation.tooLong'),
  score: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number({ error: 'validation.scoreInvalid' }).min(0, 'validation.scoreInvalid').max(1000, 'validation.scoreInvalid').optional()),
});

export interface PostAttachment {
  resId: string;
  name: string;
  suffix: string;
  mime: string;
  size: number;
  kind: AttachmentKind;
}

export interface ReceiptCounts {
  total: number;
  read: number;
  confirmed: number;
}

/** A row of `GET /posts`. Inbox rows carry the reader's receipt; authored rows the counts. */
export interface PostListItem {
  id: string;
  kind: PostKind;
  title: string;
  state: PostState;
  pinned: boolean;
  requireConfirm: boolean;
  /** The confirmation must carry a signature. */
  requireSignature: boolean;
  authorId: string;
  authorName: string;
  publishAt: string | null;
  publishedAt: string | null;
  dueAt: string | null;
  courseId: string | null;
  courseName: string | null;
  createdAt: string;
  readAt: string | null;
  confirmedAt: string | null;
  counts: ReceiptCounts | null;
}
export interface PostPage {
  total: number;
  list: PostListItem[];
}

/** `GET /posts/{id}`. */
export interface PostDetail extends PostListItem {
  body: string;
  audience: Audience;
  attachments: PostAttachment[];
  place: string | null;
  startAt: string | null;
  endAt: string | null;
  /** The reader wrote it (and may see receipts, remind, withdraw). */
  mine: boolean;
  /** Whether the reader may delete or withdraw it. */
  canManage: boolean;
  /**
   * A parent reader: their children among the post's student recipients, each with its own confirmation (a parent
   * confirms, and hands homework in, for one child at a time: `studentId`). Empty for anyone else.
   */
  children: PostChild[];
}

/** A parent's child among a post's recipients, and whether the post is confirmed for them. */
export interface PostChild {
  studentId: string;
  name: string;
  className: string | null;
  confirmedAt: string | null;
}

export interface ReceiptRow {
  userId: string;
  name: string;
  account: string;
  /** What the recipient is to the post: a student of the audience, a parent of one, staff, or someone named. */
  role: 'student' | 'parent' | 'staff' | 'other';
  /** The student a parent's row is for. */
  studentId: string | null;
  studentName: string | null;
  classId: string | null;
  className: string | null;
  readAt: string | null;
  confirmedAt: string | null;
  /** A parent confirming for their child: the parent's name on the child's row. */
  confirmedByName: string | null;
  /** The signature image the confirmation came with (a file id the author may fetch), or null. */
  signatureId: string | null;
}
export interface ReceiptClass extends ReceiptCounts {
  classId: string | null;
  className: string | null;
}
/** `GET /posts/{id}/receipts`: counts over every recipient, per class, and the rows the filter keeps. */
export interface PostReceipts {
  counts: ReceiptCounts;
  classes: ReceiptClass[];
  list: ReceiptRow[];
  /** When the unread were last reminded (null: never). */
  lastRemindedAt: string | null;
  /** While a reminder is within the hour: when the next may be asked; null when one may be asked now. */
  remindAgainAt: string | null;
}

export interface RemindAnswer {
  jobId: string;
  unread: number;
}

export interface Submission {
  postId: string;
  studentId: string;
  studentName: string;
  className: string | null;
  text: string;
  attachments: PostAttachment[];
  submittedBy: string;
  submittedAt: string;
  updatedAt: string;
  late: boolean;
  comment: string | null;
  score: number | null;
  reviewedAt: string | null;
}

/** Pushes (socket events): to each recipient when a post is published; to the author when a receipt changes. */
export interface PostPublishedPush {
  id: string;
  kind: PostKind;
  title: string;
}
export interface PostReceiptPush {
  id: string;
  read: number;
  confirmed: number;
  total: number;
}
/**
 * To a homework's author when a student (or their parent) hands it in or changes it: the overview reads it again.
 * `submitted` is whether the student now has a submission (always so today); `late` as the submission is marked.
 */
export interface PostSubmissionPush {
  id: string;
  studentId: string;
  submitted: boolean;
  late: boolean;
}
export const POST_PUBLISHED = 'post.published';
export const POST_RECEIPT = 'post.receipt';
export const POST_SUBMISSION = 'post.submission';
