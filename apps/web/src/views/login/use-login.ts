import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResult } from '@schoolflow/contracts';
import { accountApi } from '../../api/account-api.js';

/** Signs in; an answer without a token fails with `noToken` (the message the page shows for it). */
export function useLogin(noToken: string) {
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginResult> => {
      const data = await accountApi.login(input);
      if (!data?.token) throw new Error(noToken);
      return data;
    },
  });
}
