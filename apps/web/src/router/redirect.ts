import { DASHBOARD_PATH } from './menu-model.js';

/** Only same-site paths may be a redirect target (no `//host` or absolute URLs: no open redirect). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return DASHBOARD_PATH;
  return target;
}

export function loginPath(from?: string): string {
  if (!from || from === '/' || from === DASHBOARD_PATH) return '/login';
  return `/login?redirect=${encodeURIComponent(from)}`;
}
