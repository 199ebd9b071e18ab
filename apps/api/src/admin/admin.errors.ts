import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The administration's refusals (users, roles, organisations, dictionaries, settings; docs/product/administration.md), each
 * stated once. The server monitor has its own (monitor/monitor.errors.ts); a dynamic role's SQL is the access
 * module's (AccessErrors); an import file's, the importers' (InfrastructureErrors).
 */
export const AdminErrors = {
  /** 404: a row addressed by id that is not there (a role, an organisation). */
  notFound: () => AppException.notFound(),
  /** 400: an id that names nothing of its kind (a user's organisation, a role's kind). */
  idInvalid: () => AppException.badRequest('validation.idInvalid'),
  /** 400: a tree node's parent that does not exist. */
  parentNotFound: () => AppException.badRequest('parentNotFound'),

  // — users —
  userNotFound: () => AppException.notFound('userNotFoundAdmin'),
  /** 400: an administrator disabling their own account (they would lock themselves out). */
  cannotDisableSelf: () => AppException.badRequest('cannotDisableSelf'),
  cannotDeleteSelf: () => AppException.badRequest('cannotDeleteSelf'),
  /** 400: a user something still refers to (their applications, their grades): disable instead. */
  userInUse: () => AppException.badRequest('userInUse'),
  accountUsed: () => AppException.badRequest('accountUsed'),

  // — organisations —
  /** 400: an organisation with users in it is not deleted. */
  orgHasUsers: () => AppException.badRequest('orgHasUsers'),

  // — roles —
  /** 400: a role's kind changed (ordinary ↔ dynamic) while users hold it. */
  roleKindChange: () => AppException.badRequest('roleKindChange'),
  /** 400: a role type that roles still have. */
  roleTypeInUse: () => AppException.badRequest('roleTypeInUse'),
  roleNameUsed: () => AppException.badRequest('roleNameUsed'),
  /** 400: a built-in role's code is the code's meaning (permissions, flows): it stays. */
  roleBuiltInCode: () => AppException.badRequest('roleBuiltInCode'),
  /** 400: a built-in role is not deleted. */
  roleBuiltIn: () => AppException.badRequest('roleBuiltIn'),
  /** 400: users are given only an ordinary role (a dynamic one's users are its query's). */
  roleNotOrdinary: () => AppException.badRequest('roleNotOrdinary'),

  // — dictionaries —
  dictTableNotFound: () => AppException.notFound('dictTableNotFound'),
  /** 400: an entry naming a dictionary that is not there (a form's field, not an address: 400, not 404). */
  dictTableUnknown: () => AppException.badRequest('dictTableNotFound'),
  /** 400: a dictionary with entries is not deleted. */
  dictTableHasEntries: () => AppException.badRequest('dictTableHasEntries'),
  dictCodeUsed: () => AppException.badRequest('dictCodeUsed'),
  dictNameUsed: () => AppException.badRequest('dictNameUsed'),
  dictParentNotFound: () => AppException.badRequest('dictParentNotFound'),

  // — settings —
  /** 400: the password rule is not a regular expression. */
  pwdRuleInvalid: () => AppException.badRequest('validation.pwdRuleInvalid'),
};
