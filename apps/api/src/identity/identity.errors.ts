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
  /**
   * 400: password recovery's evidence does not match — unknown account, wrong ID number, wrong mobile, disabled
   * account — one answer for all, so a guess learns nothing about which part was wrong (docs/adr/0039-password-recovery.md).
   */
  passwordResetRefused: () => AppException.badRequest('passwordResetRefused'),
  /** 429: too many failed recoveries for the typed account or from the address; counted on what was typed, so it tells nothing either. */
  passwordResetLocked: (minutes: number) => AppException.tooMany('passwordResetLocked', { minutes }),
  // Single sign-on (docs/product/single-sign-on.md). Unlike the password's, these name the reason: the person has
  // proven who they are at the provider, so saying that the platform has no account for them tells an attacker nothing.
  /** 404: LOGIN_TYPE is not IDS. */
  idsNotConfigured: () => AppException.notFound('idsNotConfigured'),
  /** 401: the state names no live sign-in (expired, already used, or never started here). */
  idsStateInvalid: () => new AppException(401, ErrorCode.UNAUTHENTICATED, 'idsStateInvalid'),
  /** 401: the provider did not confirm the ticket or code (invalid, expired, used). */
  idsTicketInvalid: () => new AppException(401, ErrorCode.UNAUTHENTICATED, 'idsTicketInvalid'),
  /** 401: the provider ended the sign-in without a code, or named nobody we can look up. */
  idsNotCompleted: () => new AppException(401, ErrorCode.UNAUTHENTICATED, 'idsNotCompleted'),
  /** 403: the person the provider names has no account here. */
  idsUnknownAccount: (account: string) => AppException.forbidden('idsUnknownAccount', { account }),
  /** 403: their account is disabled. */
  idsAccountDisabled: (account: string) => AppException.forbidden('idsAccountDisabled', { account }),
  /** 503: the provider could not be reached. */
  idsProviderUnavailable: () => new AppException(503, ErrorCode.UNAVAILABLE, 'idsProviderUnavailable'),
};
