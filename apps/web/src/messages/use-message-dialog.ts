import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageRow } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { messageApi } from '../api/message-api.js';
import { onLocalSessionCleared } from '../session/session-store.js';
import { createStore, useStore } from '../util/store.js';
import { toast } from '../util/toast.js';
import { messageKeys } from './message-keys.js';
import { messagesChanged } from './use-mark-read.js';

/**
 * Which message the message dialog shows, if any: UI state, since the dialog is mounted once by the layout and opened
 * from the bell, the inbox, the message centre's boxes and the phone page.
 */
const openRow = createStore<MessageRow | null>(null);

onLocalSessionCleared(() => openRow.set(null));

export function showMessageDialog(row: MessageRow): void {
  openRow.set(row);
}

/** A written message, or any row of the message centre's boxes, opens in the letter's own panel, which reads it. */
export const isLetterRow = (row: MessageRow): boolean => Boolean(row.LETTER_ID) || 'ORIGIN' in row;

/**
 * The dialog's message and its closing. A system message is read whole while shown (reading it marks it read on the
 * server; every opening reads it again); a failed read closes the dialog with the error
 * (docs/product/shell-and-sign-in.md#errors-and-reactions). Closing it reads the unread list and open lists again
 * (docs/product/shell-and-sign-in.md#in-site-messages).
 */
export function useMessageDialog(): { row: MessageRow | null; loading: boolean; close: () => void } {
  const client = useQueryClient();
  const shown = useStore(openRow);
  const id = shown && !isLetterRow(shown) ? shown.MESSAGE_ID : null;
  const detail = useQuery({
    queryKey: messageKeys.detail(id ?? ''),
    queryFn: () => messageApi.one(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true }, // its own toast, below
  });
  const failure = detail.error;
  useEffect(() => {
    if (!failure) return;
    openRow.set(null);
    toast.error(errorMessage(failure));
  }, [failure]);
  return {
    row: shown && id !== null ? (detail.data ?? shown) : shown,
    loading: id !== null && detail.isPending,
    close: () => {
      openRow.set(null);
      messagesChanged(client);
    },
  };
}
