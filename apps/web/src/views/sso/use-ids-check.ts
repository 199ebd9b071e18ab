import { useMutation } from '@tanstack/react-query';
import type { IdsCheckInput, LoginResult } from '@schoolflow/contracts';
import { accountApi } from '../../api/account-api.js';

/** Exchanges the provider's answer for a session; an answer without a token fails with `noToken`. */
export function useIdsCheck(noToken: string) {
  return useMutation({
    mutationFn: async (input: IdsCheckInput): Promise<LoginResult> => {
      const data = await accountApi.idsCheck(input);
      if (!data?.token) throw new Error(noToken);
      return data;
    },
  });
}
