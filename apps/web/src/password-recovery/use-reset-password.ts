import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '@schoolflow/contracts';
import { passwordRecoveryClient } from './password-recovery-client.js';

/** 找回密码: proves who one is with the account, the ID number and the mobile on record, and sets a new password. */
export function useResetPassword() {
  return useMutation({ mutationFn: (input: PasswordResetInput) => passwordRecoveryClient.reset(input) });
}
