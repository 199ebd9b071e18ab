import { CHECK_IN_OPENS_MINUTES } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Lectures' and activities' refusals (messages `registrations.errors.*`; docs/product/class-walking-and-registrations.md),
 * each stated once; the handlers throw from here only.
 */
export const RegistrationsErrors = {
  /** 403 (spec: no permission to publish or delete activities … contact the administrator). */
  forbidden: () => AppException.forbidden('registrations.errors.forbidden'),
  notFound: () => AppException.notFound('registrations.errors.notFound'),
  /** 403 a sign-up by someone who is not an enrolled student. */
  notStudent: () => AppException.forbidden('registrations.errors.notStudent'),
  /** 422 a sign-up outside the registration window (or after the event started). */
  notOpen: () => AppException.unprocessable('registrations.errors.notOpen'),
  /** 409 a second live sign-up (a double click stores one: the partial unique index). */
  already: () => AppException.conflict('registrations.errors.already'),
  notSignedUp: () => AppException.unprocessable('registrations.errors.notSignedUp'),
  /** 422 a cancellation once the event started (its place can no longer go to the next on the waitlist). */
  started: () => AppException.unprocessable('registrations.errors.started'),
  checkInClosed: () => AppException.unprocessable('registrations.errors.checkInClosed', { minutes: CHECK_IN_OPENS_MINUTES }),
  notRegistered: () => AppException.unprocessable('registrations.errors.notRegistered'),
  alreadyCheckedIn: () => AppException.conflict('registrations.errors.alreadyCheckedIn'),
  hasSignUps: () => AppException.unprocessable('registrations.errors.hasSignUps'),
  /** 400 a rule of the contract's schema checked again on the server. */
  invalid: (key: string, field: string) => AppException.badRequest(key, { field }),
};
