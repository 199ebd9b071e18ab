import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { type PasswordResetInput, passwordResetSchema } from '@schoolflow/contracts';

/** The recovery form: the contracts' schema the server checks, and the new password typed twice (checked here only). */
export const recoveryFormSchema = passwordResetSchema.extend({ confirmPassword: z.string() }).refine((v) => v.confirmPassword === v.newPassword, { message: 'validation.passwordMismatch', path: ['confirmPassword'] });
export type RecoveryForm = z.input<typeof recoveryFormSchema>;
export type RecoveryFormParsed = z.output<typeof recoveryFormSchema>;

export const recoveryResolver: Resolver<RecoveryForm, unknown, RecoveryFormParsed> = zodResolver(recoveryFormSchema);

export const emptyRecoveryForm: RecoveryForm = { account: '', idNumber: '', mobile: '', newPassword: '', confirmPassword: '' };

/** What is sent: the schema's fields, without the second typing. */
export function recoveryBody(v: RecoveryFormParsed): PasswordResetInput {
  return { account: v.account, idNumber: v.idNumber, mobile: v.mobile, newPassword: v.newPassword };
}
