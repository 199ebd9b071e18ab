import type { MessageRow } from '@schoolflow/contracts';
import { errorMessage, isCancelled, reportError } from '../api/http.js';
import { messageApi } from '../api/message-api.js';
import { getAppConfig } from '../config/app-config.js';
import { isExternalUrl } from '../router/menu-model.js';
import { onLocalSessionCleared } from '../session/session-store.js';
import { createStore } from '../util/store.js';
import { toast } from '../util/toast.js';

/** How many unread messages the bell lists (docs/product/shell-and-sign-in.md#in-site-messages). */
export const BELL_SIZE = 10;

export interface UnreadState {
  count: number;
  latest: MessageRow[];
}

/** The bell's unread count and latest unread messages. */
export const unreadStore = createStore<UnreadState>({ count: 0, latest: [] });
/** Bumped whenever messages change state here (read, all read), so open lists reload. */
export const messagesVersion = createStore(0);

let inflight: AbortController | null = null;
/** The bell's coming re-read after a push (receiveMessage). */
let reread: ReturnType<typeof setTimeout> | null = null;

onLocalSessionCleared(() => {
  inflight?.abort();
  if (reread !== null) clearTimeout(reread);
  reread = null;
  unreadStore.set({ count: 0, latest: [] });
  messageDialogStore.set({ open: false });
});

export async function refreshUnread(): Promise<void> {
  inflight?.abort();
  const c = new AbortController();
  inflight = c;
  try {
    const page = await messageApi.list({ page: 1, size: BELL_SIZE, status: '0' }, c.signal);
    unreadStore.set({ count: page.count.UNREAD, latest: page.result });
  } catch (err) {
    if (!isCancelled(err)) console.warn('unread messages not loaded', err); // the bell stays as it was
  } finally {
    if (inflight === c) inflight = null;
  }
}

/** How long after a pushed message the bell reads its list again, at most: spread, so a letter to thousands is not read back by all at once. */
const REREAD_SPREAD_MS = 3000;
/**
 * A message pushed to this user (`message.created`): the bell counts and lists it at once, from the push, and reads its
 * list again a moment later to correct what the push cannot know (another tab read it). Several pushes in that moment
 * share one read (docs/product/messages.md#bell).
 */
export function receiveMessage(row: MessageRow): void {
  const { count, latest } = unreadStore.get();
  if (row.MESSAGE_STATUS === '0' && !latest.some((m) => m.MESSAGE_ID === row.MESSAGE_ID)) {
    unreadStore.set({ count: count + 1, latest: [row, ...latest].slice(0, BELL_SIZE) });
  }
  if (reread === null) {
    reread = setTimeout(() => {
      reread = null;
      void refreshUnread();
    }, Math.random() * REREAD_SPREAD_MS);
  }
}

function changed(): void {
  messagesVersion.set((n) => n + 1);
  void refreshUnread();
}

export async function markRead(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await messageApi.markRead(ids);
  changed();
}

export async function markAllRead(): Promise<void> {
  await messageApi.markAllRead();
  changed();
}

// ---------- the detail dialog (a message without a link) ----------

export type DialogState = { open: false } | { open: true; loading: boolean; row: MessageRow };
export const messageDialogStore = createStore<DialogState>({ open: false });

async function showDetail(row: MessageRow): Promise<void> {
  messageDialogStore.set({ open: true, loading: true, row });
  try {
    const full = await messageApi.one(row.MESSAGE_ID); // reading it marks it read
    messageDialogStore.set({ open: true, loading: false, row: full ?? row });
  } catch (err) {
    messageDialogStore.set({ open: false });
    toast.error(errorMessage(err)); // a failed message detail shows msg as an error (docs/product/shell-and-sign-in.md#errors-and-reactions)
  }
}

/** Closing the dialog refreshes the unread list (docs/product/shell-and-sign-in.md#in-site-messages). */
export function closeMessageDialog(): void {
  messageDialogStore.set({ open: false });
  changed();
}

/** Where a message link goes: an SPA page by its path, anything else as it is. */
export function linkTarget(link: string): string {
  const trimmed = link.trim();
  if (isExternalUrl(trimmed, getAppConfig().BASE_API)) return trimmed;
  try {
    const url = new URL(trimmed, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : trimmed;
  } catch {
    return trimmed;
  }
}

/**
 * Clicking a message (docs/product/shell-and-sign-in.md#in-site-messages): one with a link is marked read and the link opens in a new window;
 * one without opens the detail dialog. The window opens first, inside the click, so no pop-up blocker stops it.
 */
export function openMessage(row: MessageRow): void {
  // a written message opens as a letter (its text, attachments, reply); its link is a button there (docs/product/messages.md#reading)
  if (row.LETTER_ID) {
    messageDialogStore.set({ open: true, loading: false, row });
    return;
  }
  const link = row.MESSAGE_LINK?.trim();
  if (link) {
    const target = linkTarget(link);
    if (target.startsWith('/')) window.open(target, '_blank');
    else window.open(target, '_blank', 'noopener,noreferrer'); // another site gets no handle on this window
    if (row.MESSAGE_STATUS === '0') markRead([row.MESSAGE_ID]).catch(reportError);
    return;
  }
  void showDetail(row);
}
