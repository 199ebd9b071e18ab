import { DEFAULT_TOKEN_HEADER } from '@schoolflow/contracts';
import { getAppConfig } from '../config/app-config.js';

/** Local-storage keys of the session (documented for the browser tests). */
export const TOKEN_KEY = 'sf_token';
export const TOKEN_HEADER_KEY = 'sf_token_header';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as signed out
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled: the session only lasts for this page
    memory.set(key, value);
  }
}
const memory = new Map<string, string | null>();

export function getToken(): string | null {
  const value = read(TOKEN_KEY) ?? memory.get(TOKEN_KEY) ?? null;
  return value && value.trim() !== '' ? value : null;
}

export function setToken(token: string): void {
  write(TOKEN_KEY, token);
}

export function clearToken(): void {
  write(TOKEN_KEY, null);
}

/** Header that carries the token: the one sign-in named, else the configured one, else the shared default. */
export function getTokenHeader(): string {
  return read(TOKEN_HEADER_KEY) || getAppConfig().TOKEN_HEADER || DEFAULT_TOKEN_HEADER;
}

export function setTokenHeader(name: string): void {
  if (name.trim() !== '') write(TOKEN_HEADER_KEY, name.trim());
}

/** A token may arrive in the page address (`?token=...`, e.g. after single sign-on): keep it and hide it. */
export function adoptTokenFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  setToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
