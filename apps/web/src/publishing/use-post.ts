import { useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/** One post with its body and attachments; the server records the reader's read time when it answers. */
export function usePost(id: string, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: postsKeys.detail(id, lang),
    queryFn: ({ signal }) => publishingClient.detail(id, signal),
    enabled: enabled && id !== '',
  });
}
