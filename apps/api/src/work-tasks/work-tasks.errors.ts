import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Work tasks' refusals (messages `work-tasks.errors.*`; docs/product/office.md#work-tasks), each stated once — the use
 * cases throw from here only. The assignments' own refusals (not the assignee's, a return without a reason) are the
 * `work-task` machine's rules.
 */
export const WorkTasksErrors = {
  /** 403: assigning, the review list or the leader view without the permission. */
  forbidden: () => AppException.forbidden('work-tasks.errors.forbidden'),
  /** 404: also a task that is neither mine to lead nor assigned to me (its existence is not told). */
  notFound: () => AppException.notFound('work-tasks.errors.notFound'),
  /** 400: a deadline before today (the school's day). */
  deadlinePassed: () => AppException.badRequest('work-tasks.errors.deadlinePassed'),
  /** 400: a person named who is not an enabled staff account. */
  assigneeUnknown: () => AppException.badRequest('work-tasks.errors.assigneeUnknown'),
  /** 400: a department that does not exist. */
  departmentUnknown: () => AppException.badRequest('work-tasks.errors.departmentUnknown'),
  /** 400: the people and departments leave nobody but the leader (nobody reviews their own task). */
  nobodyAssigned: () => AppException.badRequest('work-tasks.errors.nobodyAssigned'),
  /** 400: more than the limit once the departments are expanded. */
  tooMany: () => AppException.badRequest('work-tasks.validation.tooManyAssignees'),
};
