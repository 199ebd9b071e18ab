import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageCounters } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { lettersClient, lettersKeys } from './letters-client.js';

const NONE: MessageCounters = { unread: 0, total: 0, draft: 0, trash: 0 };

/**
 * My counters (unread, total, draft, trash: docs/product/messages.md#counters), live: a `message.counters` push writes them at once (a change
 * made on another page), a `message.created` push or a resync reads them again.
 */
export function useLetterCounters(): MessageCounters & { loaded: boolean } {
  const client = useQueryClient();
  const q = useQuery({ queryKey: lettersKeys.counters, queryFn: ({ signal }) => lettersClient.counters(signal), staleTime: 0 });
  useEffect(() => realtime.onMessageCounters((c) => client.setQueryData(lettersKeys.counters, c)), [client]);
  const stale = () => void client.invalidateQueries({ queryKey: lettersKeys.all });
  useRealtime('message.created', stale, stale);
  // `loaded`: the zeros shown before the first answer are not counts (a page, or a test, reading them would be misled)
  return { ...(q.data ?? NONE), loaded: q.data !== undefined };
}
