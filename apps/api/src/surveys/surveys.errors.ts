import { type AnswerRefusal, resources, SURVEY_LIMITS, type SurveyStatusAction } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';
import { InfrastructureErrors } from '../infrastructure/infrastructure.errors.js';

/** Why a state change failed: a key of `surveys.reasons`. */
export type StatusReason = 'alreadyPublished' | 'notPublished' | 'notEnabled' | 'alreadyEnabled' | 'alreadyDisabled' | 'published' | 'ended';

/** Both languages of a reason: a refusal's parameter is read in the caller's (all-exceptions.filter inLanguage). */
const reason = (r: StatusReason) => ({ zh: resources.zh.surveys.reasons[r], en: resources.en.surveys.reasons[r] });

/**
 * Questionnaires' refusals (messages `surveys.errors.*`, `surveys.status.*`; docs/product/questionnaires.md), each
 * stated once — management (S1), answering (S2) and results (S4) throw from here only.
 */
export const SurveysErrors = {
  /** 403: no permission to publish or delete activities, notices, questionnaires (contact administrator). */
  forbidden: () => AppException.forbidden('surveys.errors.forbidden'),
  /** 404 "paper does not exist": also for one the caller may not see (its existence is not told). */
  notFound: () => AppException.notFound('surveys.errors.notFound'),
  /** 403 outside the answering window (spec: paper not started or expired). */
  notStartedOrExpired: () => AppException.forbidden('surveys.errors.notStartedOrExpired'),
  /** 409 the second answer (spec: questionnaire already submitted); nothing is stored. */
  alreadySubmitted: () => AppException.conflict('surveys.errors.alreadySubmitted'),
  nameUsed: () => AppException.conflict('surveys.errors.nameUsed'),
  categoryInvalid: () => AppException.badRequest('surveys.errors.categoryInvalid'),
  audienceInvalid: () => AppException.badRequest('surveys.errors.audienceInvalid'),
  /** 422: answered questionnaires take only a later end (docs/product/questionnaires.md#edit-lock). */
  editLocked: () => AppException.unprocessable('surveys.errors.editLocked'),
  deleteAnswered: () => AppException.unprocessable('surveys.errors.deleteAnswered'),
  deletePublished: () => AppException.unprocessable('surveys.errors.deletePublished'),
  pictureType: (name: string) => AppException.badRequest('surveys.errors.pictureType', { name }),
  pictureTooLarge: (name: string) => AppException.badRequest('surveys.errors.pictureTooLarge', { name, mb: SURVEY_LIMITS.pictureBytes / 1024 / 1024 }),
  pictureEmpty: (name: string) => AppException.badRequest('surveys.errors.pictureEmpty', { name }),
  pictureNotFound: () => AppException.badRequest('surveys.errors.pictureNotFound'),
  /** A question's definition refused by the whole-list rules (the key is a `validation.*` one). */
  questions: (key: string, index: number) => AppException.badRequest(key, { field: `questions.${index}` }),
  statisticsError: () => AppException.unprocessable('surveys.errors.statisticsError'),
  questionsFailed: () => AppException.unprocessable('surveys.errors.questionsFailed'),
  tooManyFromAddress: () => AppException.tooMany('surveys.errors.tooManyFromAddress'),
  deviceInvalid: () => AppException.badRequest('surveys.errors.deviceInvalid'),
  /** 400 an answer sheet the questionnaire's rules refuse (surveys.answer.errors.*; `n` the question's number). */
  answerRefused: (r: AnswerRefusal) => (r.key === 'unknownQuestion' ? AppException.badRequest('validation.surveyAnswerInvalid') : AppException.badRequest(`surveys.answer.errors.${r.key}`, { ...r })),
  /** 403 a signed-in audience's questionnaire answered by someone outside it (spec: no access permission). */
  notRecipient: () => AppException.forbidden('surveys.answer.errors.notRecipient'),
  /** 401 a signed-in audience's questionnaire opened without signing in (spec: you may not have logged in). */
  signInRequired: () => InfrastructureErrors.loginRequired(),
  /** 422 a state change that cannot be made: "<action> failed: <reason>" (spec: failure messages on state change). */
  statusFailed: (action: SurveyStatusAction, why: StatusReason) => AppException.unprocessable(`surveys.status.${action}Failed`, { reason: reason(why) }),
};
