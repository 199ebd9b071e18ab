import { useQueryClient } from '@tanstack/react-query';
import type { PostReceipts } from '@schoolflow/contracts';
import { useRealtime } from '../realtime/use-realtime.js';
import { postsKeys } from './publishing-client.js';

/**
 * Keeps the publishing pages live. `post.published` (to each recipient) marks the lists stale, so an inbox, the
 * dashboard's unread notices and the bell agree without a reload. `post.receipt` (to the author) writes the pushed
 * counts into that post's receipts at once and marks its rows stale, so the names of the remaining unread follow;
 * the author's list shows counts too, so it is marked stale as well. `post.submission` (to a homework's author) marks
 * that homework's submissions stale, so the class overview's states and counts follow a hand-in or change without a
 * reload. A resync reads everything again.
 */
export function usePostsLive(): void {
  const client = useQueryClient();
  useRealtime(
    'post.published',
    () => void client.invalidateQueries({ queryKey: postsKeys.lists }),
    () => void client.invalidateQueries({ queryKey: postsKeys.all }),
  );
  useRealtime('post.receipt', (p) => {
    const counts = { total: p.total, read: p.read, confirmed: p.confirmed };
    client.setQueriesData<PostReceipts>({ queryKey: postsKeys.receiptsOf(p.id) }, (old) => (old ? { ...old, counts } : old));
    void client.invalidateQueries({ queryKey: postsKeys.receiptsOf(p.id) });
    void client.invalidateQueries({ queryKey: postsKeys.lists });
  });
  useRealtime('post.submission', (p) => void client.invalidateQueries({ queryKey: postsKeys.submissionsOf(p.id) }));
}
