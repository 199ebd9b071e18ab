import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t.js';
import { lettersClient, lettersKeys } from './letters-client.js';

/** One message of mine, whole; reading a received one marks it read, so the counters are read again after it. */
export function useLetter(id: string | null) {
  const { lang } = useT();
  const client = useQueryClient();
  const q = useQuery({ queryKey: lettersKeys.detail(id ?? '', lang), queryFn: ({ signal }) => lettersClient.detail(id ?? '', signal), enabled: id !== null, staleTime: 0 });
  const loaded = q.data?.id;
  useEffect(() => {
    if (loaded) void client.invalidateQueries({ queryKey: lettersKeys.counters });
  }, [loaded, client]);
  return q;
}
