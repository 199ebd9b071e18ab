import { PASSWORD_MAX, type PwdStrategy } from '@schoolflow/contracts';
import { z } from 'zod';

export type PasswordField = 'oldPassword' | 'pass' | 'checkPass';
export type PasswordValues = Record<PasswordField, string>;

function compile(rule: string): RegExp | null {
  try {
    return new RegExp(rule);
  } catch {
    return null; // a malformed server pattern cannot be checked here; the server still enforces it
  }
}

/**
 * Validation of docs/product/shell-and-sign-in.md#password-change (values are compared trimmed). Messages are `validation.*` keys (translated
 * when shown) or the server's strategy description, which the server already translated.
 */
export function validatePasswordField(field: PasswordField, v: PasswordValues, strategy: PwdStrategy | null): string | undefined {
  switch (field) {
    case 'oldPassword':
      return v.oldPassword.trim() === '' ? 'validation.oldPasswordRequired' : undefined;
    case 'pass': {
      const pass = v.pass.trim();
      if (pass === '') return 'validation.newPasswordRequired';
      if (pass.length > PASSWORD_MAX) return 'validation.passwordTooLong';
      const re = strategy ? compile(strategy.rule) : null;
      if (strategy && re && !re.test(pass)) return strategy.description;
      return undefined;
    }
    case 'checkPass': {
      const check = v.checkPass.trim();
      if (check === '') return 'validation.confirmPasswordRequired';
      if (check.length > PASSWORD_MAX) return 'validation.passwordTooLong';
      return check !== v.pass.trim() ? 'validation.passwordMismatch' : undefined;
    }
  }
}

export const PASSWORD_FIELDS: readonly PasswordField[] = ['oldPassword', 'pass', 'checkPass'];

/**
 * The change form's schema (for its zod resolver): each field checked by the rules above, answering the values
 * trimmed. The server sees digests only (updatePwdSchema), so the plain rules live here, with the school's strategy.
 */
export function passwordFormSchema(strategy: PwdStrategy | null) {
  return z
    .object({ oldPassword: z.string(), pass: z.string(), checkPass: z.string() })
    .superRefine((v, ctx) => {
      for (const field of PASSWORD_FIELDS) {
        const message = validatePasswordField(field, v, strategy);
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform((v): PasswordValues => ({ oldPassword: v.oldPassword.trim(), pass: v.pass.trim(), checkPass: v.checkPass.trim() }));
}
