import { AppException } from '../infrastructure/http/app-exception.js';

/** The school module's refusals, each stated once. */
export const SchoolErrors = {
  /** 404: an area code (or a parent's) that is not in the country's list. */
  areaNotFound: () => AppException.notFound('notFound'),
};
