import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageRow } from '@schoolflow/contracts';
import { messageApi } from '../api/message-api.js';
import { queryClient } from '../api/query-client.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { onLocalSessionCleared } from '../session/session-store.js';
import { messageKeys } from './message-keys.js';

/** How many unread messages the bell lists (docs/product/shell-and-sign-in.md#in-site-messages). */
export const BELL_SIZE = 10;

export interface UnreadState {
  count: number;
  latest: MessageRow[];
}

const NONE: UnreadState = { count: 0, latest: [] };

/** How long after a pushed message the bell reads its list again, at most: spread, so a letter to thousands is not read back by all at once. */
const REREAD_SPREAD_MS = 3000;
/** The bell's coming re-read after a push (receiveMessage). */
let reread: ReturnType<typeof setTimeout> | null = null;

onLocalSessionCleared(() => {
  if (reread !== null) clearTimeout(reread);
  reread = null;
  void queryClient.cancelQueries({ queryKey: messageKeys.all });
  queryClient.removeQueries({ queryKey: messageKeys.all });
});

/**
 * A message pushed to this user (`message.created`): the bell counts and lists it at once, from the push, and reads its
 * list again a moment later to correct what the push cannot know (another tab read it). Several pushes in that moment
 * share one read (docs/product/messages.md#bell).
 */
function receiveMessage(client: QueryClient, row: MessageRow): void {
  client.setQueryData<UnreadState>(messageKeys.unread(), (prev = NONE) =>
    row.MESSAGE_STATUS === '0' && !prev.latest.some((m) => m.MESSAGE_ID === row.MESSAGE_ID) ? { count: prev.count + 1, latest: [row, ...prev.latest].slice(0, BELL_SIZE) } : prev,
  );
  if (reread === null) {
    reread = setTimeout(() => {
      reread = null;
      void client.invalidateQueries({ queryKey: messageKeys.unread() });
    }, Math.random() * REREAD_SPREAD_MS);
  }
}

/**
 * The bell's unread count and latest unread messages, live: a pushed message counts at once, a resync reads them again.
 * Mounted once, by the bell (each mount would count a push again). A failed read keeps the bell as it was.
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
  return { ...(q.data ?? NONE), refresh };
}
