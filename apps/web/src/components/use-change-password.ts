import { useMutation, useQuery } from '@tanstack/react-query';
import { legacyPasswordDigest, type PwdStrategy, utf8ToBase64 } from '@schoolflow/contracts';
import { accountApi } from '../api/account-api.js';

/**
 * The school's password rule, read again on a language switch (its description comes back in the request language).
 * Null until answered or when it could not be read (`error`: the form says so itself, and the server still enforces it).
 */
export function usePwdStrategy(lang: string) {
  const strategy = useQuery({
    queryKey: ['account', 'pwd-strategy', lang] as const,
    queryFn: async ({ signal }): Promise<PwdStrategy | null> => {
      const s = await accountApi.pwdStrategy(signal);
      return s && typeof s.rule === 'string' ? { rule: s.rule, description: s.description ?? '' } : null;
    },
    meta: { silent: true },
  });
  return { strategy: strategy.data ?? null, error: strategy.error };
}

/** Changes `userId`'s password (trimmed values); answers the server's message. `prefix` is the deployment's digest prefix. */
export function useChangePassword(prefix: string) {
  return useMutation({
    mutationFn: async (c: { userId: string; oldPassword: string; pass: string }) =>
      accountApi.updatePwd({
        username: c.userId,
        newPassword: utf8ToBase64(c.pass),
        oldPassword: await legacyPasswordDigest(prefix, c.userId, c.oldPassword),
        sign: await legacyPasswordDigest(prefix, c.userId, c.pass),
      }),
  });
}
