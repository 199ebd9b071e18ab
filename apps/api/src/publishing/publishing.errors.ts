import { type PostKind, resources } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';
import type { AttachmentRefusal } from './domain/attachment-rules.js';

/** Publishing's refusals (messages `publishing.errors.*`), each stated once. */
export const PublishingErrors = {
  /** 403 (docs/product/publishing.md#kinds): no permission to publish or delete activities, notices, questionnaires (contact administrator). */
  forbiddenPublish: () => AppException.forbidden('publishing.errors.forbiddenPublish'),
  /** 404 for a post that does not exist and for one the caller may not see (its existence is not told). */
  notFound: () => AppException.notFound('publishing.errors.notFound'),
  notAuthor: () => AppException.forbidden('publishing.errors.notAuthor'),
  notPublishable: () => AppException.unprocessable('publishing.errors.notPublishable'),
  notPublished: () => AppException.unprocessable('publishing.errors.notPublished'),
  audienceInvalid: () => AppException.badRequest('publishing.errors.audienceInvalid'),
  audienceNotAllowed: (kind: PostKind) => AppException.badRequest('publishing.errors.audienceNotAllowed', { kind: kindName(kind) }),
  audienceEmpty: () => AppException.unprocessable('publishing.errors.audienceEmpty'),
  courseRequired: () => AppException.badRequest('publishing.errors.courseRequired'),
  courseNotFound: () => AppException.badRequest('publishing.errors.courseNotFound'),
  dueRequired: () => AppException.badRequest('publishing.errors.dueRequired'),
  /** A due time or a scheduled publication set already past (docs/product/publishing.md#rules-and-limits). */
  duePast: () => AppException.badRequest('publishing.errors.duePast'),
  publishAtPast: () => AppException.badRequest('publishing.errors.publishAtPast'),
  timeInvalid: () => AppException.badRequest('validation.timeInvalid'),
  attachment: (r: AttachmentRefusal) => AppException.badRequest(r.key, r.params),
  attachmentNotFound: () => AppException.badRequest('publishing.errors.attachmentNotFound'),
  confirmNotRequired: () => AppException.unprocessable('publishing.errors.confirmNotRequired'),
  /** The post asks for a signature with the confirmation and none came. */
  signatureRequired: () => AppException.badRequest('publishing.errors.signatureRequired'),
  /** 429: a post is reminded at most once an hour (issue 24); `time` is when it may be again. */
  remindTooSoon: (time: string) => AppException.tooMany('publishing.errors.remindTooSoon', { time }),
  nothingToRemind: () => AppException.unprocessable('publishing.errors.nothingToRemind'),
  notHomework: () => AppException.unprocessable('publishing.errors.notHomework'),
  notAStudent: () => AppException.forbidden('publishing.errors.notAStudent'),
  childRequired: () => AppException.badRequest('publishing.errors.childRequired'),
  alreadySubmitted: () => AppException.conflict('publishing.errors.alreadySubmitted'),
  notSubmitted: () => AppException.notFound('publishing.errors.notSubmitted'),
  pastDue: () => AppException.unprocessable('publishing.errors.pastDue'),
};

/** A kind's name in both languages (a refusal's parameter is read in the caller's). */
export function kindName(kind: PostKind): { zh: string; en: string } {
  return { zh: resources.zh.publishing.kinds[kind], en: resources.en.publishing.kinds[kind] };
}
