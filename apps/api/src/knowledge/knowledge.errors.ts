import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The knowledge base's refusals (messages `knowledge.errors.*`; docs/product/office.md#knowledge-base), each stated
 * once — the use cases throw from here only.
 */
export const KnowledgeErrors = {
  /** 403: categories (their readers and editors) need knowledge:manage. */
  forbidden: () => AppException.forbidden('knowledge.errors.forbidden'),
  /** 403: writing in a category one reads but neither manages nor is a named editor of (nor of a category above it). */
  notEditor: () => AppException.forbidden('knowledge.errors.notEditor'),
  /** 404: no such category, an id that is no uuid, or one the reader may not read (its existence is not told). */
  categoryNotFound: () => AppException.notFound('knowledge.errors.categoryNotFound'),
  /** 404: no such article, or one in a category the reader may not read. */
  articleNotFound: () => AppException.notFound('knowledge.errors.articleNotFound'),
  versionNotFound: () => AppException.notFound('knowledge.errors.versionNotFound'),
  parentNotFound: () => AppException.badRequest('knowledge.errors.parentNotFound'),
  /** 400: a category moved under itself or one of its own subcategories. */
  parentLoop: () => AppException.badRequest('knowledge.errors.parentLoop'),
  /** 400: the tree would go deeper than KNOWLEDGE_LIMITS.depth levels. */
  tooDeep: () => AppException.badRequest('knowledge.errors.tooDeep'),
  /** 409: a sibling of the same name (case and surrounding spaces aside). */
  nameTaken: () => AppException.conflict('knowledge.errors.nameTaken'),
  /** 409: deleting a category that still holds subcategories or articles. */
  notEmpty: () => AppException.conflict('knowledge.errors.notEmpty'),
  roleUnknown: () => AppException.badRequest('knowledge.errors.roleUnknown'),
  departmentUnknown: () => AppException.badRequest('knowledge.errors.departmentUnknown'),
  /** 400: an editor who is not a staff account (students and parents write no articles). */
  editorUnknown: () => AppException.badRequest('knowledge.errors.editorUnknown'),
  /** 409: a save made from an older version than the current one (someone saved in between). */
  staleVersion: () => AppException.conflict('knowledge.errors.staleVersion'),
  /** 400: an attachment that is neither the writer's own upload nor already on the article. */
  attachmentNotYours: () => AppException.badRequest('knowledge.errors.attachmentNotYours'),
  /** 400: publishing's limits on attachments (their `publishing.errors.*` message names the file). */
  attachment: (r: { key: string; params: Record<string, unknown> }) => AppException.badRequest(r.key, r.params),
  /** 400: a body that, sanitised, says nothing (no text, no picture). */
  bodyEmpty: () => AppException.badRequest('knowledge.errors.bodyEmpty'),
};
