import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/** A homework's submissions: every one for its author (the class overview), the reader's own (or their child's) else. */
export function useSubmissions(id: string, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: postsKeys.submissions(id, lang),
    queryFn: ({ signal }) => publishingClient.submissions(id, signal),
    enabled: enabled && id !== '',
  });
}
