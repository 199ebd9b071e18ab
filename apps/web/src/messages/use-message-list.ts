import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageApi, type MessagePage, type MessageQuery } from '../api/message-api.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { messageKeys } from './message-keys.js';

const NO_MESSAGES: MessagePage = { count: { COUNT: 0, UNREAD: 0 }, result: [] };

/**
 * One page of my messages, read when shown and whenever the query changes, and again (quietly: the rows stay, no
 * spinner) when messages were read here (bell, dialog: their writes mark `messageKeys.lists()` stale) or a `message.created` push arrives. A failed read empties the
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
  const stale = () => void client.invalidateQueries({ queryKey: messageKeys.lists() });
  useRealtime('message.created', stale, stale);
  return {
    page: list.isError ? NO_MESSAGES : (list.data ?? NO_MESSAGES),
    loading: active && (list.isPending || list.isPlaceholderData),
    reload: () => void list.refetch(),
  };
}
