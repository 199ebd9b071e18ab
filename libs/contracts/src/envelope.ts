/** The one response shape of every call (docs/architecture.md#envelope): `{code, result, msg, data}`. */
export interface Envelope<T = unknown> {
  code: number;
  result: boolean;
  msg: string;
  data?: T;
}

/**
 * Codes carried in `code`. 200 and 1 are success (docs/architecture.md#error-codes); the 5000x codes make the
 * client show its single "login expired" modal (docs/product/shell-and-sign-in.md#session). The rest mirror the HTTP status they travel with.
 */
export const ErrorCode = {
  SUCCESS: 200,
  SUCCESS_LEGACY: 1,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  /** A dependency is away (the database restarting): try again shortly. */
  UNAVAILABLE: 503,
  /** Generic "log in again". */
  LOGIN_REQUIRED: 50000,
  /** Token unknown, malformed or revoked. */
  ILLEGAL_TOKEN: 50008,
  /** Session ended elsewhere (password change on another device, administrator). */
  OTHER_CLIENT: 50012,
  /** Session expired (sliding expiry passed). */
  TOKEN_EXPIRED: 50014,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SUCCESS_CODES: readonly number[] = [ErrorCode.SUCCESS, ErrorCode.SUCCESS_LEGACY];
export const EXPIRY_CODES: readonly number[] = [
  ErrorCode.LOGIN_REQUIRED,
  ErrorCode.ILLEGAL_TOKEN,
  ErrorCode.OTHER_CLIENT,
  ErrorCode.TOKEN_EXPIRED,
];

/** Generic list answer (docs/architecture.md#envelope). */
export interface Page<T> {
  total: number;
  list: T[];
}
