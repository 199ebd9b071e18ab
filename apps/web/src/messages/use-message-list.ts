import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageApi, type MessagePage, type MessageQuery } from '../api/message-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { useStore } from '../util/store.js';
import { messagesVersion } from './message-store.js';

const NO_MESSAGES: MessagePage = { count: { COUNT: 0, UNREAD: 0 }, result: [] };
const listKeys = { all: ['messages', 'list'] as const, page: (q: MessageQuery) => ['messages', 'list', q] as const };

/**
 * 我的消息's page of messages: read when shown and whenever the query changes, again when a message arrives
 * (`message.created`) or was read elsewhere (the bell, the dialog: the store's version). A failed read empties the
 * table; while a new page is read the last one stays.
 */
export function useMessageList(query: MessageQuery, active: boolean) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: listKeys.page(query),
    queryFn: ({ signal }) => messageApi.list(query, signal),
    enabled: active,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const stale = () => void client.invalidateQueries({ queryKey: listKeys.all });
  const version = useStore(messagesVersion);
  useEffect(() => {
    if (version > 0) void client.invalidateQueries({ queryKey: listKeys.all });
  }, [version, client]);
  useRealtime('message.created', () => (active ? stale() : undefined), () => (active ? stale() : undefined));
  return {
    page: list.isError ? NO_MESSAGES : (list.data ?? NO_MESSAGES),
    loading: active && (list.isPending || list.isPlaceholderData),
    reload: () => void list.refetch(),
  };
}
