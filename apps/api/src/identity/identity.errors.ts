import { ErrorCode } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/** The identity module's refusals (sign-in, password change, docs/product/shell-and-sign-in.md), each stated once. */
export const IdentityErrors = {
  /**
   * 401: the account or the password is wrong, the account locked or disabled — one answer for all, so a guess learns
   * nothing about which.
   */
  badCredentials: () => new AppException(401, ErrorCode.UNAUTHENTICATED, 'badCredentials'),
  /** 403: changing another account's password. */
  notYourAccount: () => new AppException(403, ErrorCode.FORBIDDEN, 'notYourAccount'),
  passwordEncodingInvalid: () => AppException.badRequest('validation.passwordEncodingInvalid'),
  newPasswordRequired: () => AppException.badRequest('validation.newPasswordRequired'),
  passwordTooLong: () => AppException.badRequest('validation.passwordTooLong'),
  /** 400: the password misses the school's strategy; its description is the message (docs/product/shell-and-sign-in.md#password-change). */
  passwordStrategy: (description: string) => AppException.badRequest('validation.strategy', { description }),
  /** 400: the client's digest of the new password is not the server's (a tampered or broken client). */
  signMismatch: () => AppException.badRequest('signMismatch'),
  oldPasswordWrong: () => AppException.badRequest('oldPasswordWrong'),
  passwordSameAsOld: () => AppException.badRequest('passwordSameAsOld'),
  userNotFound: () => AppException.notFound('userNotFound'),
};
