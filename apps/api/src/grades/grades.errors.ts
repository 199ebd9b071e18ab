import { AppException } from '../infrastructure/http/app-exception.js';

/** The grades module's refusals (messages `grades.errors.*`), each stated once. */
export const GradesErrors = {
  sheetNotFound: () => AppException.notFound('grades.errors.sheetNotFound'),
  batchNotFound: () => AppException.notFound('grades.errors.batchNotFound'),
  /** 422: submitted or passed — a sheet is typed only while its teacher has it. */
  sheetLocked: () => AppException.unprocessable('grades.errors.sheetLocked'),
  /** 403: another teacher's sheet. */
  notYourSheet: () => AppException.forbidden('grades.errors.notYourSheet'),
  /** 400: a save naming one student in two rows (which the upsert could not write twice in one statement). */
  studentTwice: (row: number, first: number, studentId: string) => AppException.badRequest('grades.errors.studentTwice', { row, first }).withData({ row, studentId }),
  batchAlreadyOpened: () => AppException.unprocessable('grades.errors.batchAlreadyOpened'),
  batchDisabled: () => AppException.unprocessable('grades.errors.batchDisabled'),
  batchNoClasses: () => AppException.unprocessable('grades.errors.batchNoClasses'),
  batchNotOpened: () => AppException.unprocessable('grades.errors.batchNotOpened'),
  batchOpenedLocked: () => AppException.unprocessable('grades.errors.batchOpenedLocked'),
  noTeacher: (sheets: string) => AppException.unprocessable('grades.errors.noTeacher', { sheets }),
  /** 422 listing the sheets that have not passed (a publish too early). */
  unpassedSheets: (sheets: string, list: unknown) => AppException.unprocessable('grades.errors.unpassedSheets', { sheets }).withData({ sheets: list }),
  alreadyPublished: () => AppException.unprocessable('grades.errors.alreadyPublished'),
  noGradingSystem: () => AppException.unprocessable('grades.errors.noGradingSystem'),
  notOnBatch: () => AppException.unprocessable('grades.errors.notOnBatch'),
  /** 403: another student's grades or report. */
  reportForbidden: () => AppException.forbidden('grades.errors.reportForbidden'),
  studentRequired: () => AppException.badRequest('grades.errors.studentRequired'),
  studentNotFound: () => AppException.notFound('grades.errors.studentNotFound'),
  semesterNotFound: () => AppException.notFound('grades.errors.semesterNotFound'),
  noCurrentSemester: () => AppException.unprocessable('grades.errors.noCurrentSemester'),
  classRequired: () => AppException.badRequest('grades.errors.classRequired'),
  classNotFound: () => AppException.notFound('grades.errors.classNotFound'),
  /** 403: a class's reports, asked by someone neither its head teacher nor a grade manager. */
  classReportsForbidden: () => AppException.forbidden('grades.errors.classReportsForbidden'),
  noStudentsInClass: () => AppException.unprocessable('grades.errors.noStudentsInClass'),
  jobNotFound: () => AppException.notFound('grades.errors.jobNotFound'),
  /** 422: the class's reports are still being made. */
  jobNotDone: () => AppException.unprocessable('grades.errors.jobNotDone'),
};
