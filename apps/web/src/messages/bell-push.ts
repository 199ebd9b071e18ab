import type { QueryClient } from '@tanstack/react-query';
import type { MessageRow } from '@schoolflow/contracts';
import { messageKeys } from './message-keys.js';

/** How many unread messages the bell lists (docs/product/shell-and-sign-in.md#in-site-messages). */
export const BELL_SIZE = 10;

/** The bell's cached data: the unread count and the latest unread messages. */
export interface UnreadState {
  count: number;
  latest: MessageRow[];
}

export const NO_UNREAD: UnreadState = { count: 0, latest: [] };

/** How long after a pushed message the bell reads its list again, at most: spread, so a letter to thousands is not read back by all at once. */
export const REREAD_SPREAD_MS = 3000;
/** The bell's coming re-read after a push (receiveMessage). */
let reread: ReturnType<typeof setTimeout> | null = null;

/**
 * A message pushed to this user (`message.created`): the bell counts and lists it at once, from the push, and reads its
 * list again a moment later to correct what the push cannot know (another tab read it). Several pushes in that moment
 * share one read (docs/product/messages.md#bell).
 */
export function receiveMessage(client: QueryClient, row: MessageRow): void {
  client.setQueryData<UnreadState>(messageKeys.unread(), (prev = NO_UNREAD) =>
    row.MESSAGE_STATUS === '0' && !prev.latest.some((m) => m.MESSAGE_ID === row.MESSAGE_ID) ? { count: prev.count + 1, latest: [row, ...prev.latest].slice(0, BELL_SIZE) } : prev,
  );
  if (reread === null) {
    reread = setTimeout(() => {
      reread = null;
      void client.invalidateQueries({ queryKey: messageKeys.unread() });
    }, Math.random() * REREAD_SPREAD_MS);
  }
}

/** The pending re-read, if any, is dropped (sign-out: nobody's bell is left to correct). */
export function cancelReread(): void {
  if (reread !== null) clearTimeout(reread);
  reread = null;
}
