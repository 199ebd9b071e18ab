import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 选修课's refusals (messages `electives.errors.*`; docs/product/electives.md#refusals), each stated once: the guard
 * that raises each is named beside it.
 */
export const ElectivesErrors = {
  /** 403 managing batches, rosters or the draw without `elective:manage` (ElectiveAccess.mayManage). */
  forbidden: () => AppException.forbidden('electives.errors.forbidden'),
  /** 403 selecting or ranking without being a student (`elective:select` and a student row; elective_select). */
  notStudent: () => AppException.forbidden('electives.errors.notStudent'),
  /** 404 no such batch. */
  batchNotFound: () => AppException.notFound('electives.errors.batchNotFound'),
  /** 422 the course is not one of the batch's offers (elective_select, SavePreferences). */
  courseNotOffered: () => AppException.unprocessable('electives.errors.courseNotOffered'),
  /** 422 the batch or the course is not for the student's grade (elective_select, SavePreferences). */
  notEligible: () => AppException.unprocessable('electives.errors.notEligible'),
  /** 422 outside the batch's selecting time (elective_select; SavePreferences outside the preference window). */
  closed: () => AppException.unprocessable('electives.errors.closed'),
  notLottery: () => AppException.unprocessable('electives.errors.notLottery'),
  notFirstCome: () => AppException.unprocessable('electives.errors.notFirstCome'),
  /** 409 the error catalogue "class size full": the guarded UPDATE found no seat (elective_select). */
  full: () => AppException.conflict('electives.errors.full'),
  /** 422 the error catalogue "selection exceeds limit: you may select at most N" (elective_select). */
  limit: (n: number) => AppException.unprocessable('electives.errors.limit', { n }),
  /** 422 the error catalogue "class time conflict", naming the course or lesson it clashes with (elective_select, SavePreferences). */
  clash: (name: string) => AppException.unprocessable('electives.errors.clash', { name }),
  notSelected: () => AppException.unprocessable('electives.errors.notSelected'),
  nameUsed: () => AppException.conflict('electives.errors.nameUsed'),
  coursesInvalid: () => AppException.badRequest('electives.errors.coursesInvalid'),
  noCourses: () => AppException.unprocessable('electives.errors.noCourses'),
  semesterInvalid: () => AppException.badRequest('electives.errors.semesterInvalid'),
  /** 422 a batch is changed or deleted only before it starts (SaveBatch, DeleteBatch). */
  started: () => AppException.unprocessable('electives.errors.started'),
  /** 422 a draw before the preference window ended (DrawLottery). */
  notEnded: () => AppException.unprocessable('electives.errors.notEnded'),
  /** 422 a new draw once the leftover round took seats (DrawLottery). */
  leftoverTaken: () => AppException.unprocessable('electives.errors.leftoverTaken'),
};
