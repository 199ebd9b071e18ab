import {
  type AudiencePeopleQuery,
  type AudiencePerson,
  type CreatePostAnswer,
  type CreatePostBody,
  type PostDetail,
  type PostKind,
  type PostPage,
  type PostReceipts,
  postsPath,
  type ReceiptState,
  type RemindAnswer,
  type Submission,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

export type PostBox = 'inbox' | 'authored';

export interface PostListParams {
  kind?: PostKind;
  box: PostBox;
  current: number;
  size: number;
  /** Inbox only: just the unread. */
  unread?: boolean;
  /** Inbox only: homework due from now to this many days ahead, soonest first. */
  dueWithinDays?: number;
}

export interface ReceiptFilter {
  classId?: string;
  state?: ReceiptState;
}

/**
 * Query keys. Everything sits under `posts`: a publish, withdraw, pin, deletion, confirmation or a `post.published`
 * push invalidates lists and details together (a post shows in the author's list, the readers' inboxes, the
 * dashboard); receipts sit under `posts/receipts/<id>` so a `post.receipt` push marks only that post's stale.
 * Names come in the caller's language, hence `lang` in the keys of what names people and classes.
 */
export const postsKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (p: PostListParams, lang: string) => ['posts', 'list', p.box, p.kind ?? '', p.current, p.size, p.unread ?? false, p.dueWithinDays ?? 0, lang] as const,
  detail: (id: string, lang: string) => ['posts', 'detail', id, lang] as const,
  receiptsOf: (id: string) => ['posts', 'receipts', id] as const,
  receipts: (id: string, f: ReceiptFilter, lang: string) => ['posts', 'receipts', id, f.classId ?? '', f.state ?? '', lang] as const,
  /** A homework's submissions: the author's class overview, or the reader's own (or their child's). */
  submissionsOf: (id: string) => ['posts', 'submissions', id] as const,
  submissions: (id: string, lang: string) => ['posts', 'submissions', id, lang] as const,
  /** The compose form's named-people search (not under a post: nothing a push changes). */
  people: (q: AudiencePeopleQuery, lang: string) => ['posts', 'people', q.kind, q.type ?? '', q.classId ?? '', q.keyword ?? '', lang] as const,
};

/** What a student (or a parent for the child) hands in: `submissionSchema` of the contracts. */
export interface SubmissionBody {
  text: string;
  attachments?: string[];
  studentId?: string;
}

/** The teacher's review: `reviewSubmissionSchema` of the contracts. */
export interface ReviewBody {
  comment: string;
  score?: number;
}

const enc = encodeURIComponent;

/** The publishing module's calls (`postsPath` of the contracts) under BASE_API. */
export const publishingClient = {
  list(p: PostListParams, signal?: AbortSignal): Promise<PostPage> {
    return requestData<PostPage>(postsPath.list, { query: { kind: p.kind, box: p.box, current: p.current, size: p.size, unread: p.unread, dueWithinDays: p.dueWithinDays }, signal }).then((page) => page ?? { total: 0, list: [] });
  },

  /** One post; reading it records the reader's read time on the server. */
  detail(id: string, signal?: AbortSignal): Promise<PostDetail> {
    return requestData<PostDetail>(postsPath.one(enc(id)), { signal });
  },

  async create(body: CreatePostBody): Promise<{ answer: CreatePostAnswer; msg: string }> {
    const env = await request<CreatePostAnswer>(postsPath.list, { method: 'POST', json: body });
    return { answer: env.data ?? { id: '', state: 'draft' }, msg: env.msg };
  },

  async publish(id: string, publishAt?: string): Promise<string> {
    return (await request<unknown>(postsPath.publish(enc(id)), { method: 'POST', json: publishAt ? { publishAt } : {} })).msg;
  },

  async withdraw(id: string): Promise<string> {
    return (await request<unknown>(postsPath.withdraw(enc(id)), { method: 'POST', json: {} })).msg;
  },

  async pin(id: string, pinned: boolean): Promise<string> {
    return (await request<unknown>(postsPath.pin(enc(id)), { method: 'POST', json: { pinned } })).msg;
  },

  async remove(id: string): Promise<string> {
    return (await request<unknown>(postsPath.one(enc(id)), { method: 'DELETE' })).msg;
  },

  /** The reader confirms; a parent names the child when they have several. */
  /** `signature`: the id of the signer's uploaded signature image (required when the post asks for one). */
  async confirm(id: string, studentId?: string, signature?: string): Promise<string> {
    return (await request<unknown>(postsPath.confirm(enc(id)), { method: 'POST', json: { ...(studentId ? { studentId } : {}), ...(signature ? { signature } : {}) } })).msg;
  },

  receipts(id: string, f: ReceiptFilter, signal?: AbortSignal): Promise<PostReceipts> {
    return requestData<PostReceipts>(postsPath.receipts(enc(id)), { query: { classId: f.classId, state: f.state }, signal });
  },

  /** Reminds the unread (a job on the server); a second reminder within the hour is refused (429, its message). */
  async remind(id: string): Promise<{ answer: RemindAnswer | undefined; msg: string }> {
    const env = await request<RemindAnswer>(postsPath.remind(enc(id)), { method: 'POST', json: {} });
    return { answer: env.data, msg: env.msg };
  },

  /** People an author of the kind may name: students by class or by name/number, staff by name (at most a page). */
  people(q: AudiencePeopleQuery, signal?: AbortSignal): Promise<AudiencePerson[]> {
    return requestData<AudiencePerson[]>(postsPath.people, { query: { kind: q.kind, type: q.type, classId: q.classId, keyword: q.keyword }, signal }).then((list) => list ?? []);
  },

  submissions(id: string, signal?: AbortSignal): Promise<Submission[]> {
    return requestData<Submission[]>(postsPath.submissions(enc(id)), { signal }).then((list) => list ?? []);
  },

  /** Hands in (`POST`) or edits until due (`PUT`) the caller's submission. */
  async submit(id: string, body: SubmissionBody, edit: boolean): Promise<{ submission: Submission | undefined; msg: string }> {
    const env = await request<Submission>(postsPath.submissions(enc(id)), { method: edit ? 'PUT' : 'POST', json: body });
    return { submission: env.data, msg: env.msg };
  },

  /** The teacher comments on and may score a student's submission. */
  async review(id: string, studentId: string, body: ReviewBody): Promise<{ submission: Submission | undefined; msg: string }> {
    const env = await request<Submission>(postsPath.submission(enc(id), enc(studentId)), { method: 'PUT', json: body });
    return { submission: env.data, msg: env.msg };
  },
};
