import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * User feedback's refusals (messages `feedback.errors.*`; docs/product/campus-life.md#user-feedback), each stated once —
 * the use cases throw from here only.
 */
export const FeedbackErrors = {
  /** 403: listing all feedback, taking, replying to or closing someone else's needs feedback:handle. */
  forbidden: () => AppException.forbidden('feedback.errors.forbidden'),
  /** 404: also someone else's feedback (its existence is not told) and an id that is no uuid. */
  notFound: () => AppException.notFound('feedback.errors.notFound'),
  /** 400: a category that is not an enabled entry of STD_FEEDBACK_CATEGORY. */
  categoryUnknown: () => AppException.badRequest('feedback.errors.categoryUnknown'),
  /** 400: a picture that is not the submitter's own upload (or was removed). */
  pictureNotYours: () => AppException.badRequest('feedback.errors.pictureNotYours'),
  /** 400: a picture that is no JPG or PNG, or is larger than 2 MB. */
  pictureInvalid: () => AppException.badRequest('feedback.errors.pictureInvalid'),
  /** 409: taking what is not waiting (someone took it, or it was answered). */
  notTakeable: () => AppException.conflict('feedback.errors.notTakeable'),
  notReplyable: () => AppException.conflict('feedback.errors.notReplyable'),
  alreadyClosed: () => AppException.conflict('feedback.errors.alreadyClosed'),
  /** 409: re-opening what is neither replied nor closed, or a second time. */
  notReopenable: () => AppException.conflict('feedback.errors.notReopenable'),
  /** 403: only the submitter re-opens. */
  notSubmitter: () => AppException.forbidden('feedback.errors.notSubmitter'),
};
