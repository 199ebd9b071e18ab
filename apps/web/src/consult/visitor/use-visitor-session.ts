import { useQuery } from '@tanstack/react-query';
import { consultClient, consultKeys } from '../consult-client.js';

/** The visitor's conversation on this device (resume): none without a kept token. */
export function useVisitorSession(token: string | null) {
  return useQuery({
    queryKey: consultKeys.visitor(token ?? ''),
    queryFn: ({ signal }) => consultClient.resume(token as string, signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
