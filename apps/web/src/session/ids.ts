import { accountApi } from '../api/account-api.js';
import { errorMessage } from '../api/http.js';
import { getAppConfig } from '../config/app-config.js';

/** Single sign-on is on and the server starts it (docs/product/single-sign-on.md). */
export function isIdsLogin(): boolean {
  const config = getAppConfig();
  return config.LOGIN_TYPE === 'IDS' && config.IDS_LOGIN_URL !== '';
}

/** The refusal the no-permission page shows after a failed single sign-on (this tab only). */
const REFUSAL_KEY = 'sf_ids_refusal';

export function rememberIdsRefusal(message: string): void {
  try {
    window.sessionStorage.setItem(REFUSAL_KEY, message);
  } catch {
    // storage disabled: the page shows its general message
  }
}

/** The remembered refusal, taken: it is shown once. */
export function takeIdsRefusal(): string | null {
  try {
    const message = window.sessionStorage.getItem(REFUSAL_KEY);
    window.sessionStorage.removeItem(REFUSAL_KEY);
    return message;
  } catch {
    return null;
  }
}

/** This page's path, query and fragment: where single sign-on comes back to. */
export function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

/** Set once the page is on its way to a provider: nothing sends it elsewhere after that. */
let leaving = false;
// A page the browser brings back from its history (Back from the provider) may leave again.
if (typeof window !== 'undefined') window.addEventListener('pageshow', (e) => (e.persisted ? (leaving = false) : undefined));

/**
 * Leaves for a provider's address (its sign-in or its sign-out). Once: a sign-out clears the session, and the shell,
 * seeing no token, would otherwise start a new sign-in and send the browser there instead.
 */
export function leaveForProvider(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(url);
}

/**
 * Sends the browser to the identity provider: the server starts the sign-in (its state, and for OIDC the PKCE verifier
 * and nonce, stay on the server) and answers the provider's address; the provider comes back to `returnTo`, a path of
 * this site. When the server cannot start one, the no-permission page says why.
 */
export async function redirectToIds(returnTo: string = currentPath()): Promise<void> {
  if (leaving) return;
  try {
    const { url } = await accountApi.idsStart(returnTo);
    if (!/^https?:\/\//i.test(url)) throw new Error(url);
    leaveForProvider(url);
  } catch (err) {
    rememberIdsRefusal(errorMessage(err));
    window.location.assign('/no-permission');
  }
}
