import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/**
 * One post with its body and attachments. The server records the reader's read time as it answers, so the lists
 * (the inbox's unread mark, the dashboard's unread notices) are marked stale once it has.
 */
export function usePost(id: string, enabled = true) {
  const { lang } = useT();
  const client = useQueryClient();
  return useQuery({
    queryKey: postsKeys.detail(id, lang),
    queryFn: async ({ signal }) => {
      const post = await publishingClient.detail(id, signal);
      void client.invalidateQueries({ queryKey: postsKeys.lists });
      return post;
    },
    enabled: enabled && id !== '',
  });
}
