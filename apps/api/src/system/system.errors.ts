import { AppException } from '../infrastructure/http/app-exception.js';

/** The system context's refusals, each stated once. */
export const SystemErrors = {
  /** 400: the bench's baseline endpoint got something other than one event row (bench-baseline.controller.ts). */
  benchRowInvalid: () => AppException.badRequest('badRequest'),
};
