import { createStore, useStore } from '../util/store.js';

/** Local-storage key of the account that must change its initial password (documented for the browser tests). */
export const MUST_CHANGE_KEY = 'sf_must_change_password';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(MUST_CHANGE_KEY) || null;
  } catch {
    return null; // storage disabled: the user-info row says it again after a reload
  }
}

/**
 * The account that still has its initial password, or null. Kept beside the token so a reload shows the modal at once:
 * the server refuses nearly every call of such a session (403) until the password is changed, so the shell asks for
 * the new password before it loads anything.
 */
export const mustChangePasswordStore = createStore<string | null>(typeof window === 'undefined' ? null : readStored());

export function requirePasswordChange(account: string): void {
  try {
    window.localStorage.setItem(MUST_CHANGE_KEY, account);
  } catch {
    // storage disabled: memory only
  }
  mustChangePasswordStore.set(account);
}

export function clearPasswordChange(): void {
  try {
    window.localStorage.removeItem(MUST_CHANGE_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
  mustChangePasswordStore.set(null);
}

export function useMustChangePassword(): string | null {
  return useStore(mustChangePasswordStore);
}
