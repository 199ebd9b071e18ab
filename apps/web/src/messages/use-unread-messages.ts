import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageApi } from '../api/message-api.js';
import { queryClient } from '../api/query-client.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { onLocalSessionCleared } from '../session/session-store.js';
import { BELL_SIZE, cancelReread, NO_UNREAD, receiveMessage, type UnreadState } from './bell-push.js';
import { messageKeys } from './message-keys.js';

// What one account's bell held is never shown to the next one, nor corrected for it.
onLocalSessionCleared(() => {
  cancelReread();
  void queryClient.cancelQueries({ queryKey: messageKeys.all });
  queryClient.removeQueries({ queryKey: messageKeys.all });
});

/**
 * The bell's unread count and latest unread messages, live: a pushed message counts at once (receiveMessage), a resync
 * reads them again. Mounted once, by the bell (each mount would count a push again). A failed read keeps the bell as it was.
 */
export function useUnreadMessages(): UnreadState & { refresh: () => void } {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: messageKeys.unread(),
    queryFn: async ({ signal }): Promise<UnreadState> => {
      const page = await messageApi.list({ page: 1, size: BELL_SIZE, status: '0' }, signal);
      return { count: page.count.UNREAD, latest: page.result };
    },
    staleTime: 0,
    meta: { silent: true },
  });
  const refresh = () => void client.invalidateQueries({ queryKey: messageKeys.unread() });
  useRealtime('message.created', (row) => receiveMessage(client, row), refresh);
  return { ...(q.data ?? NO_UNREAD), refresh };
}
