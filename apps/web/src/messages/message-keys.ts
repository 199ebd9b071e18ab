import type { MessageQuery } from '../api/message-api.js';

/**
 * The in-site messages' query keys, one factory. Reading or marking messages read marks `lists` and `unread` stale
 * (the letters' counters live under `lettersKeys`); the types dictionary sits apart so no such write reloads it.
 */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (q: MessageQuery) => [...messageKeys.lists(), q] as const,
  /** The bell's unread count and latest unread messages. */
  unread: () => [...messageKeys.all, 'unread'] as const,
  /** One message read whole (which marks it read). */
  detail: (id: string) => [...messageKeys.all, 'detail', id] as const,
  /** The STD_MESSAGE_TYPE dictionary. */
  types: () => [...messageKeys.all, 'types'] as const,
};
