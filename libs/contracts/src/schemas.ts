import { z } from 'zod';
import { parseSchoolMoment } from './school-time.js';

/**
 * Request schemas shared by server (validation) and browser (forms). Messages are i18n keys of the
 * `validation` namespace, translated by whichever side shows them.
 */
export const PASSWORD_MAX = 50;
export const PASSWORD_MIN_LOGIN = 5;
export const ACCOUNT_MAX = 50;

/** NUL or a UTF-16 surrogate without its pair: text no database column can hold (hardening, finding 6). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
export const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (s: string): boolean => !UNSTORABLE_TEXT.test(s);

/** A required string, trimmed; `required` is the message when it is missing or not a string. */
const trimmed = (required: string) => z.string({ error: required }).transform((s) => s.trim());

export const loginSchema = z.object({
  username: trimmed('validation.usernameRequired').pipe(
    z.string().min(1, 'validation.usernameRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong').refine(storable, 'validation.invalidCharacters'),
  ),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LOGIN, 'validation.passwordTooShort')
    .max(PASSWORD_MAX, 'validation.passwordTooLong')
    .refine(storable, 'validation.invalidCharacters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The single sign-on check (docs/product/single-sign-on.md): `code` is the OIDC authorization code or the CAS service
 * ticket, `state` the sign-in the platform started (docs/adr/0035-single-sign-on.md), `iss` the issuer an OIDC provider
 * names in its answer. `error` instead of a code: the provider ended the sign-in without one (the user declined).
 */
const ssoText = (max: number) => z.string().max(max, 'validation.ssoParameterInvalid').regex(/^[\x21-\x7e]*$/, 'validation.ssoParameterInvalid');
export const idsCheckSchema = z
  .object({
    code: ssoText(2048).optional(),
    state: z.string({ error: 'validation.ssoStateRequired' }).min(1, 'validation.ssoStateRequired').max(200, 'validation.ssoParameterInvalid').regex(/^[A-Za-z0-9_-]+$/, 'validation.ssoParameterInvalid'),
    iss: ssoText(500).optional(),
    error: ssoText(200).optional(),
  })
  .refine((v) => (v.code !== undefined && v.code !== '') || (v.error !== undefined && v.error !== ''), { message: 'validation.ssoCodeRequired', path: ['code'] });
export type IdsCheckInput = z.infer<typeof idsCheckSchema>;

/** Starting a single sign-on: the platform path to come back to (anything else comes back to the dashboard). */
export const idsStartQuerySchema = z.object({
  redirect: z.string().max(2000, 'validation.ssoParameterInvalid').optional(),
});

/** A CAS server's back-channel single logout: the SAML LogoutRequest in the form field `logoutRequest`. */
export const casLogoutRequestSchema = z.object({
  logoutRequest: z.string({ error: 'validation.ssoParameterInvalid' }).min(1, 'validation.ssoParameterInvalid').max(20_000, 'validation.ssoParameterInvalid'),
});

const hex64 = (required: string) => z.string({ error: required }).regex(/^[0-9a-f]{64}$/i, 'validation.digestInvalid');

/** Legacy wire of the password change (docs/product/shell-and-sign-in.md#password-change). */
export const updatePwdSchema = z.object({
  username: trimmed('validation.userIdRequired').pipe(z.string().min(1, 'validation.userIdRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong')),
  newPassword: z.string({ error: 'validation.newPasswordRequired' }).min(1, 'validation.newPasswordRequired').max(400, 'validation.passwordTooLong'),
  oldPassword: hex64('validation.oldPasswordRequired'),
  sign: hex64('validation.digestInvalid'),
});
export type UpdatePwdInput = z.infer<typeof updatePwdSchema>;

/** Password recovery without sign-in (docs/product/shell-and-sign-in.md#password-recovery): `POST {PASSWORD_RESET_PATH}`. */
export const PASSWORD_RESET_PATH = '/anon/password/reset';
/** ID numbers as the records hold them: resident IDs, passports, HK/Macao and Taiwan permits. */
export const ID_NUMBER_MAX = 30;
/**
 * The evidence of who one is and the new password (plain; checked against the strategy on the server, which hashes
 * it). Shapes only: whether the evidence matches is answered with one message for every mismatch.
 */
export const passwordResetSchema = z.object({
  account: trimmed('validation.usernameRequired').pipe(
    z.string().min(1, 'validation.usernameRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong').refine(storable, 'validation.invalidCharacters'),
  ),
  idNumber: trimmed('validation.idNumberRequired').pipe(
    z.string().min(1, 'validation.idNumberRequired').max(ID_NUMBER_MAX, 'validation.idNumberInvalid').regex(/^[0-9A-Za-z()（）-]+$/, 'validation.idNumberInvalid'),
  ),
  mobile: trimmed('validation.mobileRequired').pipe(z.string().min(1, 'validation.mobileRequired').max(20, 'validation.mobileInvalid').regex(/^\+?[0-9 -]{5,20}$/, 'validation.mobileInvalid')),
  newPassword: z.string({ error: 'validation.newPasswordRequired' }).min(1, 'validation.newPasswordRequired').max(PASSWORD_MAX, 'validation.passwordTooLong').refine(storable, 'validation.invalidCharacters'),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export const getUserInfoSchema = z.object({
  userId: trimmed('validation.userIdRequired').pipe(z.string().min(1, 'validation.userIdRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong')),
});

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200, 500, 1000] as const;
/** The highest page number a list takes: far beyond any list, and far inside what an OFFSET can hold. */
export const PAGE_MAX = 1_000_000;

/** A page number: a whole number from 1 to PAGE_MAX (`1e20` is a whole number too, but no page). */
export const pageNumber = () => z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(PAGE_MAX, 'validation.pageInvalid');

/**
 * A moment typed by a person: `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` (school time) or ISO 8601 with an offset, and a
 * real calendar date — never what a lenient parser makes of any text (V8 reads "' OR '1'='1" as 2001-01-01).
 */
export const momentText = () =>
  z
    .string({ error: 'validation.timeRequired' })
    // nothing typed asks for the time; only something typed can be of a wrong format
    .min(1, { error: 'validation.timeRequired', abort: true })
    .max(40, 'validation.timeInvalid')
    .refine((s) => parseSchoolMoment(s) !== null, 'validation.timeInvalid');

/** Table request (current shape, docs/product/shell-and-sign-in.md#tables-and-lists). */
export const tableRequestSchema = z.object({
  current: pageNumber().default(1),
  size: z.coerce
    .number()
    .int('validation.pageSizeInvalid')
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'validation.pageSizeInvalid')
    .default(10),
  orders: z.array(z.object({ column: z.string().max(64), asc: z.boolean() })).max(5).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  query: z.record(z.string(), z.unknown()).optional(),
});
export type TableRequest = z.infer<typeof tableRequestSchema>;

export const operationLogQuerySchema = tableRequestSchema.extend({
  query: z
    .object({
      account: z.string().max(50).optional(),
      action: z.string().max(64).optional(),
      result: z.enum(['success', 'failure', 'denied']).optional(),
      from: momentText().optional(),
      to: momentText().optional(),
    })
    .optional(),
});
export type OperationLogQuery = z.infer<typeof operationLogQuerySchema>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id as PostgreSQL's uuid reads it (a path parameter checked before it reaches a query). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A record's id in a body or a query, checked at the edge: text PostgreSQL's uuid reads, else `validation.fieldChoose`. */
export const uuidText = () => z.string({ error: 'validation.fieldChoose' }).regex(UUID_PATTERN, 'validation.fieldChoose');
