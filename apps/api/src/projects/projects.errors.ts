import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 项目管理's refusals (messages `projects.errors.*`; docs/product/office.md#projects), each stated once — the use cases
 * throw from here only.
 */
export const ProjectsErrors = {
  /** 403: starting a project needs the page's permission (granted with its menu to the staff). */
  forbidden: () => AppException.forbidden('projects.errors.forbidden'),
  /** 404: no such project, an id that is no uuid, or one the caller is no member of (its existence is not told). */
  notFound: () => AppException.notFound('projects.errors.notFound'),
  /** 403: a viewer writes. */
  readOnly: () => AppException.forbidden('projects.errors.readOnly'),
  /** 403: a member or viewer does what only the owner does (the project itself, its members, another's comment). */
  ownerOnly: () => AppException.forbidden('projects.errors.ownerOnly'),
  /** 404: no such task in this project. */
  taskNotFound: () => AppException.notFound('projects.errors.taskNotFound'),
  commentNotFound: () => AppException.notFound('projects.errors.commentNotFound'),
  attachmentNotFound: () => AppException.notFound('projects.errors.attachmentNotFound'),
  /** 400: a member who is not staff (an administrator or a teacher who may sign in). */
  notStaff: () => AppException.badRequest('projects.errors.notStaff'),
  /** 409: the owner removed or given another role (hand the project over first). */
  ownerRole: () => AppException.conflict('projects.errors.ownerRole'),
  /** 400: a task's owner who is not the project's owner or a member. */
  assigneeNotMember: () => AppException.badRequest('projects.errors.assigneeNotMember'),
  tooManyMembers: () => AppException.conflict('projects.errors.tooManyMembers'),
  tooManyTasks: () => AppException.conflict('projects.errors.tooManyTasks'),
  tooManyAttachments: () => AppException.conflict('projects.errors.tooManyAttachments'),
  /** 400: a file that is not the caller's own upload. */
  attachmentNotYours: () => AppException.badRequest('projects.errors.attachmentNotYours'),
  /** 400: a file of a type or size the task's attachments do not take. */
  attachmentInvalid: () => AppException.badRequest('projects.errors.attachmentInvalid'),
  /** 409: an archived project's tasks are not changed (its owner restores it first). */
  archived: () => AppException.conflict('projects.errors.archived'),
};
