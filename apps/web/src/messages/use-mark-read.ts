import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageApi } from '../api/message-api.js';
import { lettersKeys } from './letters-client.js';
import { messageKeys } from './message-keys.js';

/** After messages changed state here: open lists, the bell and the counters read again by themselves. */
export function messagesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: messageKeys.lists() });
  void client.invalidateQueries({ queryKey: messageKeys.unread() });
  void client.invalidateQueries({ queryKey: lettersKeys.counters });
}

/** Marks some of my messages read (none: nothing is sent). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]): Promise<boolean> => {
      if (ids.length === 0) return false;
      await messageApi.markRead(ids);
      return true;
    },
    // not awaited: the caller hears of the write itself, the lists catch up as they reload
    onSuccess: (sent) => {
      if (sent) messagesChanged(client);
    },
  });
}

/** Marks every message of mine read. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => messageApi.markAllRead(),
    onSuccess: () => messagesChanged(client),
  });
}
