import { ErrorCode } from '@schoolflow/contracts';
import { AppException } from './http/app-exception.js';

/**
 * The refusals of the server's shared machinery (sign-in guard, input guards, spreadsheet imports, PDF and job pools),
 * each stated once. The import ones are every importer's (users, resources): the reader and the importers refuse a
 * file in the same words.
 */
export const InfrastructureErrors = {
  /** 401: no token at all. */
  loginRequired: () => AppException.unauthenticated(ErrorCode.LOGIN_REQUIRED, 'loginRequired'),
  /** 403: an initial or reset password is changed before anything else (docs/product/shell-and-sign-in.md). */
  mustChangePassword: () => AppException.forbidden('mustChangePassword'),
  /** 400: a body nested deeper than any of our forms. */
  tooDeep: () => AppException.badRequest('validation.tooDeep'),
  /** 400: characters no text of ours may hold (`field`: where). */
  invalidCharacters: (field: string) => AppException.badRequest('validation.invalidCharacters', { field }),
  /** 400: not one of our templates (wrong header, not a spreadsheet, a zip of too many parts). */
  importWrongTemplate: () => AppException.badRequest('importWrongTemplate'),
  /** 400: a header and no rows. */
  importFileEmpty: () => AppException.badRequest('importFileEmpty'),
  /** 400: unpacks beyond the limit (`mb`). */
  importTooLarge: (mb: number) => AppException.badRequest('importTooLarge', { mb }),
  importTooManyRows: (max: number) => AppException.badRequest('importTooManyRows', { max }),
  /** 400: the parser ran out of time or memory (`seconds`, `mb`: its limits). */
  importTooComplex: (seconds: number, mb: number) => AppException.badRequest('importTooComplex', { seconds, mb }),
  /** 429: too many imports wait for a parser already. */
  importBusy: () => new AppException(429, 429, 'importBusy'),
  /** 429: this user's PDFs in flight are at the limit (`max`). */
  pdfBusy: (max: number) => AppException.tooMany('pdfBusy', { max }),
  /** 429: the server's PDF queue is full. */
  pdfServerBusy: () => AppException.tooMany('pdfServerBusy'),
  /** 429: the owner's live jobs are at the cap (docs/adr/0029; `count` of `max`). */
  jobsBusy: (count: number, max: number) => AppException.tooMany('jobsBusy', { count, max }),
};
