import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Evaluations' refusals (messages `evaluations.errors.*`; docs/product/evaluations.md), each stated once — settings,
 * rounds, sheets and analysis throw from here only; the final-term flow (eval-final) adds its own beside these.
 */
export const EvaluationsErrors = {
  /** 403: managing templates and rounds needs evaluations:manage (spec: no access permission). */
  forbidden: () => AppException.forbidden('evaluations.errors.forbidden'),
  templateNotFound: () => AppException.notFound('evaluations.errors.templateNotFound'),
  /** 404: also a round the caller may not see (its existence is not told). */
  roundNotFound: () => AppException.notFound('evaluations.errors.roundNotFound'),
  /** 409 spec: duplicate name "has been used" (per school year for templates, per semester for rounds). */
  templateNameUsed: () => AppException.conflict('evaluations.errors.templateNameUsed'),
  roundNameUsed: () => AppException.conflict('evaluations.errors.roundNameUsed'),
  /** 422: a round's results rest on the tree; only name, description and precision of a used template change. */
  templateInUse: () => AppException.unprocessable('evaluations.errors.templateInUse'),
  /** 422 spec: used records cannot be deleted. */
  templateDeleteInUse: () => AppException.unprocessable('evaluations.errors.templateDeleteInUse'),
  roundDeleteStarted: () => AppException.unprocessable('evaluations.errors.roundDeleteStarted'),
  schoolYearNotFound: () => AppException.badRequest('evaluations.errors.schoolYearNotFound'),
  semesterNotFound: () => AppException.badRequest('evaluations.errors.semesterNotFound'),
  templateOfOtherYear: () => AppException.badRequest('evaluations.errors.templateOfOtherYear'),
  classesNotFound: () => AppException.badRequest('evaluations.errors.classesNotFound'),
  /** 403: the caller is not this sheet's evaluator in this role (ownership checked on the server). */
  notEvaluator: () => AppException.forbidden('evaluations.errors.notEvaluator'),
  /** 403: a save outside the round's window. */
  notInWindow: () => AppException.forbidden('evaluations.errors.notInWindow'),
  /** 400: a cell of a student the caller does not evaluate, or of a content not in the sheet; nothing is saved. */
  studentNotInSheet: () => AppException.badRequest('evaluations.errors.studentNotInSheet'),
  contentNotInSheet: () => AppException.badRequest('evaluations.errors.contentNotInSheet'),
  scoreOutOfRange: (name: string, max: number) => AppException.badRequest('evaluations.errors.scoreOutOfRange', { name, max }),
  /** 403: a head teacher reads their own class's results only. */
  notYourClass: () => AppException.forbidden('evaluations.errors.notYourClass'),
  statisticsError: () => AppException.unprocessable('evaluations.errors.statisticsError'),
};
