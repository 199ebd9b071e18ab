import { z } from 'zod';

/**
 * Request schemas shared by server (validation) and browser (forms). Messages are i18n keys of the
 * `validation` namespace, translated by whichever side shows them.
 */
export const PASSWORD_MAX = 50;
export const PASSWORD_MIN_LOGIN = 5;
export const ACCOUNT_MAX = 50;

/** A required string, trimmed; `required` is the message when it is missing or not a string. */
const trimmed = (required: string) => z.string({ error: required }).transform((s) => s.trim());

export const loginSchema = z.object({
  username: trimmed('validation.usernameRequired').pipe(
    z.string().min(1, 'validation.usernameRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong'),
  ),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN_LOGIN, 'validation.passwordTooShort')
    .max(PASSWORD_MAX, 'validation.passwordTooLong'),
});
export type LoginInput = z.infer<typeof loginSchema>;

const hex64 = (required: string) => z.string({ error: required }).regex(/^[0-9a-f]{64}$/i, 'validation.digestInvalid');

/** Legacy wire of the password change (platform-shell §7). */
export const updatePwdSchema = z.object({
  username: trimmed('validation.userIdRequired').pipe(z.string().min(1, 'validation.userIdRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong')),
  newPassword: z.string({ error: 'validation.newPasswordRequired' }).min(1, 'validation.newPasswordRequired').max(400, 'validation.passwordTooLong'),
  oldPassword: hex64('validation.oldPasswordRequired'),
  sign: hex64('validation.digestInvalid'),
});
export type UpdatePwdInput = z.infer<typeof updatePwdSchema>;

export const getUserInfoSchema = z.object({
  userId: trimmed('validation.userIdRequired').pipe(z.string().min(1, 'validation.userIdRequired').max(ACCOUNT_MAX, 'validation.usernameTooLong')),
});

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200, 500, 1000] as const;

/** Table request (current shape, platform-shell §3). */
export const tableRequestSchema = z.object({
  current: z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').default(1),
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
      from: z.string().max(32).optional(),
      to: z.string().max(32).optional(),
    })
    .optional(),
});
export type OperationLogQuery = z.infer<typeof operationLogQuerySchema>;
