import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { lettersClient, lettersKeys } from './letters-client.js';

/** The classes the compose form offers (none to a writer without `message:write`). */
export function useLetterClasses() {
  const { lang } = useT();
  return useQuery({ queryKey: lettersKeys.classes(lang), queryFn: ({ signal }) => lettersClient.classes(signal), staleTime: 5 * 60_000 }).data ?? [];
}
