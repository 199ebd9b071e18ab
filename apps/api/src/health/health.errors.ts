import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Health care's refusals (messages `health.errors.*`; docs/product/campus-life.md#health-care), each stated once — the
 * lists of the resource kit refuse through the kit (403, logged), the family's page and the risk flag through these.
 */
export const HealthErrors = {
  /** 403: a student's records read by someone who is not their doctor, head teacher, themself or their parent. Logged. */
  forbidden: () => AppException.forbidden('health.errors.forbidden'),
  /** 404: an id that is no student (or no uuid). */
  notFound: () => AppException.notFound('health.errors.notFound'),
};
