import { z } from 'zod';
import { isUuid } from './schemas.js';
import type { MessageRow } from './socket-events.js';
import { DICT_TABLE_PATTERN } from './admin-api.js';

export const MessagePath = {
  byRecipient: '/api/message/info/getInfoByRecipient',
  byId: '/api/message/info/getInfoById',
  markRead: '/api/message/info/markRead',
  markAllRead: '/api/message/info/markAllRead',
  dict: '/dicts',
} as const;

export const MESSAGE_TYPE_DICT = 'STD_MESSAGE_TYPE';
/** The codes of STD_MESSAGE_TYPE (below): the system's four, and the two people write (issue 26). */
export const MessageType = { system: '1', task: '2', result: '3', reminder: '4', letter: '5', notice: '6' } as const;

/** getInfoByRecipient (docs/product/shell-and-sign-in.md#shared-calls): title, page, size 10, status '0', type. `page` is 1-based. */
export const messageListSchema = z.object({
  title: z.string().max(100, 'validation.tooLong').optional(),
  page: z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
  status: z.enum(['0', '1', ''], { error: 'validation.invalid' }).optional(),
  type: z.string().max(10, 'validation.invalid').optional(),
});

export const messageIdSchema = z.object({ id: z.string({ error: 'validation.idRequired' }).uuid('validation.idInvalid') });
export const messageIdsSchema = z.object({ ids: z.array(z.string().uuid('validation.idInvalid')).min(1, 'validation.idRequired').max(1000, 'validation.tooLong') });
export const dictsSchema = z.object({ typeArr: z.array(z.string().regex(DICT_TABLE_PATTERN, 'validation.dictTableName')).min(1, 'validation.invalid').max(50, 'validation.invalid') });

export interface DictEntry {
  code: string;
  name: string;
  nameEn: string;
  sort: number;
}

// ---------- Written messages (站内信, issue 26 part 1: docs/product/messages.md, docs/adr/0040-written-messages.md) ----------

/**
 * STD_MESSAGE_TYPE (docs/product/messages.md#types): every type a message can have, with its dictionary code. The
 * system's types (1–4) are written by workflows, reminders and publishing; people write letters and notices (5, 6).
 * The dictionary (`/dicts`) gives their names; this list is what the code may rely on.
 */
export const STD_MESSAGE_TYPE = [
  { code: '1', key: 'system', writable: false },
  { code: '2', key: 'task', writable: false },
  { code: '3', key: 'result', writable: false },
  { code: '4', key: 'reminder', writable: false },
  { code: '5', key: 'letter', writable: true },
  { code: '6', key: 'notice', writable: true },
] as const;
export type StdMessageTypeCode = (typeof STD_MESSAGE_TYPE)[number]['code'];
/** The types a person may give a message they write. */
export const WRITABLE_MESSAGE_TYPES = ['5', '6'] as const;
export const LetterType = { letter: MessageType.letter, notice: MessageType.notice } as const;

/** Writing to anyone (people, organisations, roles, classes); without it one writes only to one's own teachers (docs/product/messages.md#who-may-write-to-whom). */
export const MESSAGE_WRITE_PERMISSION = 'message:write';

export const LETTER_TITLE_MAX = 100;
/** Sanitised HTML, as publishing's bodies. */
export const LETTER_CONTENT_MAX = 100_000;
export const LETTER_LINK_MAX = 500;
/** Attachments: publishing's limits (POST_ATTACHMENT_LIMITS), at most this many files. */
export const LETTER_ATTACHMENTS_MAX = 14;
/** Selection items per message. */
export const LETTER_RECIPIENTS_MAX = 200;
/** A message to more people than this is sent as a job whose progress is pushed (`job.progress`, kind LETTER_SEND_JOB). */
export const LETTER_JOB_RECIPIENTS = 200;
export const LETTER_SEND_JOB = 'letter-send';

/**
 * A picker selection item (docs/product/shell-and-sign-in.md#people-picker): CODE, NAME, TYPE and SORT (0 people, 1 org,
 * 2 role; 3 a class, which the picker's class tab adds). `people`: CODE is the account (USERID); `org`: the
 * organisation's code (its members and those of its sub-organisations); `role`: the role's code; `class`: the class's
 * id, with WHO its students or their parents. NAME is shown only; the server resolves CODE.
 */
export const RECIPIENT_TYPES = ['people', 'org', 'role', 'class'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
export const recipientSchema = z
  .object({
    CODE: z.string({ error: 'validation.letterRecipientInvalid' }).trim().min(1, 'validation.letterRecipientInvalid').max(100, 'validation.letterRecipientInvalid'),
    TYPE: z.enum(RECIPIENT_TYPES, { error: 'validation.letterRecipientInvalid' }),
    NAME: z.string({ error: 'validation.letterRecipientInvalid' }).max(200, 'validation.letterRecipientInvalid').optional(),
    SORT: z.number({ error: 'validation.letterRecipientInvalid' }).int('validation.letterRecipientInvalid').min(0, 'validation.letterRecipientInvalid').max(3, 'validation.letterRecipientInvalid').optional(),
    WHO: z.enum(['students', 'parents'], { error: 'validation.letterRecipientInvalid' }).optional(),
  })
  .strict()
  .refine((r) => r.TYPE !== 'class' || (isUuid(r.CODE) && r.WHO !== undefined), 'validation.letterRecipientInvalid');
export type Recipient = z.infer<typeof recipientSchema>;

const letterId = z.string({ error: 'validation.idInvalid' }).refine(isUuid, 'validation.idInvalid');
/** A link: a page of this site (`/…`) or an http(s) address. */
const letterLink = z
  .string({ error: 'validation.letterLinkInvalid' })
  .trim()
  .max(LETTER_LINK_MAX, 'validation.letterLinkInvalid')
  .refine((s) => s === '' || /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/[^\s/]+\S*$/i.test(s), 'validation.letterLinkInvalid');

/**
 * `POST /messages` (DESIGN §12): a new message, or a draft saved again (`id`). Without `draft` it is sent: it needs a
 * title and recipients; a draft may lack both. `replyTo`: a message of my inbox this answers (its sender may always be
 * written to). Attachments are my uploads, within publishing's limits.
 */
export const composeLetterSchema = z
  .object({
    id: letterId.optional(),
    title: z.string({ error: 'validation.letterTitleRequired' }).trim().max(LETTER_TITLE_MAX, 'validation.letterTitleTooLong').default(''),
    content: z.string({ error: 'validation.letterContentTooLong' }).max(LETTER_CONTENT_MAX, 'validation.letterContentTooLong').default(''),
    recipients: z.array(recipientSchema, { error: 'validation.letterRecipientInvalid' }).max(LETTER_RECIPIENTS_MAX, 'validation.tooLong').default([]),
    type: z.enum(WRITABLE_MESSAGE_TYPES, { error: 'validation.letterTypeInvalid' }).default(LetterType.letter),
    link: z.preprocess((v) => (v === null ? undefined : v), letterLink.optional()),
    attachments: z.array(letterId, { error: 'validation.invalid' }).max(LETTER_ATTACHMENTS_MAX, 'validation.tooLong').default([]),
    replyTo: letterId.optional(),
    draft: z.boolean({ error: 'validation.invalid' }).default(false),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.draft) return;
    if (b.title.length === 0) ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.letterTitleRequired' });
    if (b.recipients.length === 0 && !b.replyTo) ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'validation.letterRecipientsRequired' });
  });
export type ComposeLetterBody = z.input<typeof composeLetterSchema>;
export type ComposeLetter = z.output<typeof composeLetterSchema>;

/** The answer to `POST /messages`: a draft's id, or the sent message's with its recipient count; `jobId` when it is sent as a job. */
export interface ComposeLetterAnswer {
  id: string;
  state: LetterState;
  recipients: number;
  jobId?: string;
}

export const LETTER_BOXES = ['inbox', 'sent', 'draft', 'trash'] as const;
export type LetterBox = (typeof LETTER_BOXES)[number];
export type LetterState = 'draft' | 'sending' | 'sent';

/** `GET /messages?box=`: one page of a box, newest first; `title` searches titles, `status` and `type` filter the inbox. */
export const letterBoxQuerySchema = z.object({
  box: z.enum(LETTER_BOXES, { error: 'validation.letterBoxInvalid' }).default('inbox'),
  page: z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(100, 'validation.pageSizeInvalid').default(10),
  title: z.string().trim().max(100, 'validation.tooLong').optional(),
  status: z.enum(['0', '1', ''], { error: 'validation.invalid' }).optional(),
  type: z.string().max(10, 'validation.invalid').optional(),
});
export type LetterBoxQuery = z.input<typeof letterBoxQuerySchema>;

/**
 * A row of a box: the message fields (docs/product/shell-and-sign-in.md#in-site-messages) — for the inbox the recipient's copy (`MESSAGE_ID` its id, any
 * message, written or from the system), for sent and drafts the author's letter — with who wrote it and to whom.
 * `ORIGIN` says which copy a trash row is.
 */
export interface LetterRow extends MessageRow {
  ORIGIN: 'inbox' | 'sent' | 'draft';
  SENDER_NAME: string | null;
  /** Sent and drafts: the selection's names, joined. */
  RECIPIENTS: string | null;
  RECIPIENT_COUNT: number;
  ATTACHMENT_COUNT: number;
  STATE: LetterState | null;
}
export interface LetterPage {
  total: number;
  rows: LetterRow[];
}

export interface LetterAttachment {
  resId: string;
  resName: string;
  resSuffix: string;
  size: number;
}

/** `GET /messages/{id}`: a copy of mine (inbox: read now) or my letter, whole. */
export interface LetterDetail {
  id: string;
  origin: 'inbox' | 'sent' | 'draft';
  letterId: string | null;
  type: string;
  title: string;
  /** Sanitised HTML for a written message; the rendered text of a system message. */
  content: string;
  html: boolean;
  link: string | null;
  attachments: LetterAttachment[];
  recipients: Recipient[];
  recipientCount: number;
  sender: { id: string; name: string } | null;
  state: LetterState | null;
  trashed: boolean;
  createdAt: string;
  sentAt: string | null;
  /** An inbox copy of a written message may be answered (its sender is always a permitted recipient). */
  canReply: boolean;
  replyTo: string | null;
}

/** Inbox counters (docs/product/messages.md#counters): unread and total of the inbox, drafts, and the trash (every copy of mine in it). */
export interface MessageCounters {
  unread: number;
  total: number;
  draft: number;
  trash: number;
}

/** Pushed (unsequenced: a hint, the counts are read again on reconnect) to a user whose counters changed. */
export const MESSAGE_COUNTERS = 'message.counters';

export const LetterPath = {
  base: '/api/messages',
  counters: '/api/messages/counters',
  one: (id: string) => `/api/messages/${id}`,
  trash: (id: string) => `/api/messages/${id}/trash`,
  restore: (id: string) => `/api/messages/${id}/restore`,
  classes: '/api/messages/classes',
} as const;

/** A class the compose form offers (the picker's class tab): its id and name, in the caller's language. */
export interface LetterClassOption {
  id: string;
  name: string;
  grade: number;
}
