import { AppException } from '../infrastructure/http/app-exception.js';

/** The message centre's refusals (messages `letters.errors.*`, docs/product/messages.md#refusals), each stated once. */
export const MessagingErrors = {
  /** 404 for a message that does not exist and for one that is not a copy of mine (its existence is not told). */
  notFound: () => AppException.notFound('letters.errors.notFound'),
  /**
   * 403: without `message:write` a user writes only to their own teachers (head teacher, subject and teaching-class
   * teachers of their or their children's classes) and the school office (docs/product/messages.md#who-may-write-to-whom).
   */
  forbiddenRecipient: (name: string) => AppException.forbidden('letters.errors.forbiddenRecipient', { name }),
  /** 403: organisations, roles and classes need `message:write`. */
  forbiddenGroup: () => AppException.forbidden('letters.errors.forbiddenGroup'),
  recipientNotFound: (name: string) => AppException.badRequest('letters.errors.recipientNotFound', { name }),
  noRecipients: () => AppException.unprocessable('letters.errors.noRecipients'),
  attachmentNotFound: () => AppException.badRequest('letters.errors.attachmentNotFound'),
  attachment: (r: { key: string; params: Record<string, unknown> }) => AppException.badRequest(r.key, r.params),
  notDraft: () => AppException.unprocessable('letters.errors.notDraft'),
  notTrashed: () => AppException.unprocessable('letters.errors.notTrashed'),
  replyNotFound: () => AppException.badRequest('letters.errors.replyNotFound'),
};
