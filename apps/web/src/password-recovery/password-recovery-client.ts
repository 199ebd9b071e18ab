import { PASSWORD_RESET_PATH, type PasswordResetInput } from '@schoolflow/contracts';
import { request } from '../api/http.js';

/** Password recovery's one call (`PASSWORD_RESET_PATH` of the contracts, no sign-in): answers the server's message. */
export const passwordRecoveryClient = {
  async reset(input: PasswordResetInput): Promise<string> {
    // silentExpiry: a stale token in this browser must not raise the "signed out" dialog on a page without sign-in
    return (await request<unknown>(PASSWORD_RESET_PATH, { method: 'POST', json: input, silentExpiry: true })).msg;
  },
};
