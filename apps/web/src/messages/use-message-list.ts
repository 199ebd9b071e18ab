import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageApi, type MessagePage, type MessageQuery } from '../api/message-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { useStore } from '../util/store.js';
import { messagesVersion } from './message-store.js';

/** The message queries' keys, one factory. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (q: MessageQuery) => [...messageKeys.lists(), q] as const,
};

const NO_MESSAGES: MessagePage = { count: { COUNT: 0, UNREAD: 0 }, result: [] };

/**
 * One page of my messages, read when shown and whenever the query changes, and again (quietly: the rows stay, no
 * spinner) when messages were read here (bell, dialog) or a `message.created` push arrives. A failed read empties the
 * table (docs/product/shell-and-sign-in.md#errors-and-reactions).
 */
export function useMessageList(query: MessageQuery, active: boolean) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) => messageApi.list(query, signal),
    enabled: active,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const version = useStore(messagesVersion);
  useEffect(() => {
    if (version > 0) void client.invalidateQueries({ queryKey: messageKeys.lists() });
  }, [version, client]);
  const stale = () => void client.invalidateQueries({ queryKey: messageKeys.lists() });
  useRealtime('message.created', stale, stale);
  return {
    page: list.isError ? NO_MESSAGES : (list.data ?? NO_MESSAGES),
    loading: active && (list.isPending || list.isPlaceholderData),
    reload: () => void list.refetch(),
  };
}
