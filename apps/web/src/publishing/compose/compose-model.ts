import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type CreatePostBody, createPostSchema, DOCUMENT_SUFFIXES, PICTURE_SUFFIXES, POST_ATTACHMENT_LIMITS, POST_KIND_SELECTORS, type PostKind, VIDEO_SUFFIXES } from '@schoolflow/contracts';
import { localInput } from '../../workflow/flow-model.js';
import { firstMessage } from '../../util/form-errors.js';
import { type AudienceDraft, audienceOfDraft, emptyAudience } from '../../components/audience/audience-draft.js';

/** The compose form's model apart from its page (and the editor's chunk), so it is tested on its own. */

export type Category = 'pictures' | 'videos' | 'documents';
export type Mode = 'now' | 'schedule' | 'draft';

/** The form as it is typed: the schema's fields, times as the inputs hold them, attachments by category. */
export interface Draft extends AudienceDraft {
  kind: PostKind;
  title: string;
  body: string;
  pictures: string[];
  videos: string[];
  documents: string[];
  requireConfirm: boolean;
  /** The confirmation must carry a signature (implies `requireConfirm` on the server). */
  requireSignature: boolean;
  pinned: boolean;
  mode: Mode;
  publishAt: string;
  courseId: string;
  dueAt: string;
  place: string;
  startAt: string;
  endAt: string;
}

export const MB = 1024 * 1024;
/** Each category's upload rules (the spec's limits, POST_ATTACHMENT_LIMITS; the server checks them again). */
export const UPLOADS: Record<Category, { types: string; limit: number; maxSizeKb: number }> = {
  pictures: { types: PICTURE_SUFFIXES.map((s) => `.${s}`).join(','), limit: POST_ATTACHMENT_LIMITS.pictures, maxSizeKb: 0 },
  videos: { types: VIDEO_SUFFIXES.map((s) => `.${s}`).join(','), limit: POST_ATTACHMENT_LIMITS.videos, maxSizeKb: POST_ATTACHMENT_LIMITS.videoBytes / 1024 },
  documents: { types: DOCUMENT_SUFFIXES.map((s) => `.${s}`).join(','), limit: POST_ATTACHMENT_LIMITS.documents, maxSizeKb: POST_ATTACHMENT_LIMITS.documentBytes / 1024 },
};

const blank = (s: string): string | undefined => (s.trim() === '' ? undefined : s);
const schoolTime = (s: string): string | undefined => (s ? localInput.toSchool(s) : undefined);
const list = <T,>(xs: readonly T[]): T[] | undefined => (xs.length > 0 ? [...xs] : undefined);

/** The draft as the shared schema (`createPostSchema`, the server's) reads it. */
export function toBody(d: Draft): Record<string, unknown> {
  return {
    kind: d.kind,
    title: d.title,
    body: d.body,
    // a selector the kind does not take is not sent, whatever was chosen under another kind before switching
    audience: audienceOfDraft(d, (selector) => POST_KIND_SELECTORS[d.kind].includes(selector)),
    attachments: list([...d.pictures, ...d.videos, ...d.documents]),
    pinned: d.pinned,
    requireConfirm: d.requireConfirm || d.requireSignature,
    requireSignature: d.requireSignature,
    publish: d.mode !== 'draft',
    publishAt: d.mode === 'schedule' ? (schoolTime(d.publishAt) ?? '') : undefined,
    ...(d.kind === 'homework' ? { courseId: blank(d.courseId), dueAt: schoolTime(d.dueAt) } : {}),
    ...(d.kind === 'activity' ? { place: blank(d.place), startAt: schoolTime(d.startAt), endAt: schoolTime(d.endAt) } : {}),
  };
}

/** Which input shows a schema error: the audience's own fields all mark the audience. */
const INPUT_OF: Record<string, keyof Draft> = { kind: 'kind', title: 'title', body: 'body', audience: 'school', attachments: 'pictures', publishAt: 'publishAt', courseId: 'courseId', dueAt: 'dueAt', place: 'place', startAt: 'startAt', endAt: 'endAt' };

const schemaResolver = zodResolver(createPostSchema);
/** Validates with the shared schema; its errors mark the inputs they are about, as `validation.*` keys. */
export const resolver: Resolver<Draft, unknown, CreatePostBody> = async (values, context, options) => {
  const parsed = await schemaResolver(toBody(values) as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors)) {
    const input = INPUT_OF[field];
    const message = firstMessage(error);
    if (input && message && !errors[input]) errors[input] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as CreatePostBody, errors: {} };
};

/** A new post of `kind`: to students (a group's students unless unchecked), published at once. */
export function emptyDraft(kind: PostKind): Draft {
  return {
    kind,
    title: '',
    body: '',
    ...emptyAudience(),
    pictures: [],
    videos: [],
    documents: [],
    requireConfirm: false,
    requireSignature: false,
    pinned: false,
    mode: 'now',
    publishAt: '',
    courseId: '',
    dueAt: '',
    place: '',
    startAt: '',
    endAt: '',
  };
}
