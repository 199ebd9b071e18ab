import { AppException } from '../../infrastructure/http/app-exception.js';

/** The final-term evaluation's refusals beside its flow (whose own refusals are its machine's guards and its start's). */
export const FinalEvaluationErrors = {
  /** 403: neither the student, a guardian of theirs nor their class's head teacher (logged). */
  notFamily: () => AppException.forbidden('evaluations.final.errors.notFamily'),
  /** 400: a student id that is no id. */
  studentInvalid: () => AppException.badRequest('validation.fieldChoose'),
};
