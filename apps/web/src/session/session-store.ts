import { ApiPath, EXPIRY_CODES, LANGUAGES, type LogoutResult, type MenuNode, type OwnUserInfoRow, type PermissionInfo } from '@schoolflow/contracts';
import { ApiError, rememberSignUser, request, requestData } from '../api/http.js';
import { getAppConfig } from '../config/app-config.js';
import { loadMessages } from '../i18n/i18n.js';
import { loadOverrides } from '../ui-strings/ui-overrides.js';
import { buildMenuModel, type MenuModel } from '../router/menu-model.js';
import { createStore, useStore } from '../util/store.js';
import { resetTabs } from '../layout/tabs-store.js';
import { clearPasswordChange, requirePasswordChange } from './must-change-password.js';
import { clearToken, getToken } from './token.js';

export type SessionProblem = 'no-user' | 'no-menus';

export type SessionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'blocked'; problem: SessionProblem }
  | { status: 'ready'; info: PermissionInfo; model: MenuModel };

export const sessionStore = createStore<SessionState>({ status: 'idle' });

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** The signed-in user's permission info, or null before it is loaded. */
export function useReadySession(): Extract<SessionState, { status: 'ready' }> | null {
  const s = useSession();
  return s.status === 'ready' ? s : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Accepts the permission answer only in the contract's shape; anything else counts as "no info". */
export function readPermissionInfo(data: unknown): { info: PermissionInfo } | { problem: SessionProblem } {
  const o = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const user = typeof o.userInfo === 'object' && o.userInfo !== null ? (o.userInfo as Record<string, unknown>) : null;
  if (!user || typeof user.userId !== 'string' || user.userId === '') return { problem: 'no-user' };
  const menus = Array.isArray(o.menus) ? (o.menus as MenuNode[]) : [];
  if (menus.length === 0) return { problem: 'no-menus' };
  return {
    info: {
      menus,
      permission: strings(o.permission),
      roles: strings(o.roles),
      userInfo: {
        userId: user.userId,
        username: typeof user.username === 'string' ? user.username : user.userId,
        userType: typeof user.userType === 'string' ? user.userType : '',
        id: typeof user.id === 'string' ? user.id : '',
        ...(user.mustChangePassword === true ? { mustChangePassword: true } : {}),
      },
      requestId: typeof o.requestId === 'string' ? o.requestId : '',
    },
  };
}

/** Waits before the second and third try of the session's load. */
const RETRY_DELAYS_MS = [500, 1500];

/**
 * A load that failed on the way — no network, a server error or a bad answer, a messages chunk not fetched — is tried
 * twice more before the shell signs out (docs/product/shell-and-sign-in.md#session): a page reloaded while the server
 * is busy or restarting keeps its session. A session the server says has ended is not tried again.
 */
async function withRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      const ended = err instanceof ApiError && err.kind === 'server' && EXPIRY_CODES.includes(err.code);
      const delay = RETRY_DELAYS_MS[attempt];
      if (ended || delay === undefined) throw err;
      console.warn('session not loaded; trying again', err);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** GET /ms/getPermission and build the routes (docs/product/shell-and-sign-in.md#session). */
export async function loadSession(): Promise<SessionState> {
  sessionStore.set({ status: 'loading' });
  let next: SessionState;
  try {
    // The shell turns any failure here into "please log in again", so no expiry modal on top of it.
    // Both languages' messages with it: the menus carry both titles, and a switch of language inside the shell is
    // then instant (the sign-in page fetched only the one it shows).
    const [data] = await withRetries(() => Promise.all([requestData<unknown>(ApiPath.getPermission, { silentExpiry: true }), loadMessages(LANGUAGES)]));
    const read = readPermissionInfo(data);
    // A session that did not start at this page's sign-in (a token in the address, single sign-on) learns its user here.
    if ('info' in read) rememberSignUser(getToken(), read.info.userInfo.id);
    // Then (signed as that user) the administrators' overrides of interface strings, merged over the messages
    // (docs/adr/0065-interface-languages.md#browser); not read, the shipped strings show: no reason to refuse the session.
    if ('info' in read) {
      await loadOverrides(LANGUAGES).catch((err: unknown) => {
        console.warn('interface string overrides not loaded', err);
      });
    }
    next =
      'info' in read
        ? { status: 'ready', info: read.info, model: buildMenuModel(read.info.menus, getAppConfig().BASE_API) }
        : { status: 'blocked', problem: read.problem };
  } catch (err) {
    next = { status: 'failed', message: err instanceof ApiError ? err.message : String(err) };
  }
  // An initial password: the shell asks for a new one instead of showing the pages.
  if (next.status === 'ready' && next.info.userInfo.mustChangePassword) requirePasswordChange(next.info.userInfo.userId);
  sessionStore.set(next);
  if (next.status === 'ready' && !next.info.userInfo.mustChangePassword) void checkInitialPassword(next.info.userInfo.userId);
  return next;
}

/**
 * Whether the account still has its initial password, as its user-info row says. Sign-in says it too and it is kept
 * (must-change-password.ts), so this only matters for a session that did not start at this sign-in page (a token
 * handed over in the address). Asked after the shell is up, so an ordinary start waits for nothing.
 */
async function checkInitialPassword(account: string): Promise<void> {
  try {
    const rows = await requestData<OwnUserInfoRow[]>(ApiPath.getUserInfo, { form: { userId: account }, silentExpiry: true });
    if (Array.isArray(rows) && rows[0]?.mustChangePassword === true && sessionStore.get().status === 'ready') requirePasswordChange(account);
  } catch {
    // no answer: nothing to ask now (the server refuses such a session's other calls anyway)
  }
}

const clearedListeners = new Set<() => void>();

/** Lets a module drop what it kept for the signed-in user (unread messages, fetched pictures) on sign-out. */
export function onLocalSessionCleared(listener: () => void): void {
  clearedListeners.add(listener);
}

/**
 * Forget the session on this device (token, permissions, open tabs, and — through its listener — the socket and its
 * position). The listeners run first, while the session is still there to close: the realtime client registers
 * one when it is loaded, so the sign-in page does not load it.
 */
export function clearLocalSession(): void {
  for (const l of [...clearedListeners]) l();
  clearToken();
  clearPasswordChange();
  sessionStore.set({ status: 'idle' });
  resetTabs();
}

/**
 * Sign out on the server (a failure is only logged, docs/product/shell-and-sign-in.md#top-bar), then locally. Answers
 * where the browser goes to end the identity provider's session too, under single sign-on (else null).
 */
export async function logout(): Promise<string | null> {
  let logoutUrl: string | null = null;
  try {
    const answer = await request<LogoutResult | undefined>(ApiPath.logout, { method: 'GET', silentExpiry: true });
    const url = answer.data?.logoutUrl;
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) logoutUrl = url;
  } catch (err) {
    console.warn('logout failed', err);
  }
  clearLocalSession();
  return logoutUrl;
}
