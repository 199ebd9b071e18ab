import { useEffect } from 'react';
import { ApiPath } from '@schoolflow/contracts';
import { reportError, request } from '../api/http.js';
import { getToken } from './token.js';

/** Refresh permissions (docs/product/shell-and-sign-in.md#top-bar): the server re-reads the roles, the page reloads with them. */
export function useRoleRefresh(): () => Promise<void> {
  return async () => {
    try {
      const env = await request<unknown>(ApiPath.roleRefresh, { method: 'POST' });
      if (env.result) window.location.reload();
    } catch (err) {
      reportError(err);
    }
  };
}

/**
 * Coming back to the page: check the session is still alive while `active` (an expired one raises the expiry modal,
 * which is how a failure surfaces).
 */
export function useExpiryCheckOnReturn(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && getToken()) request<unknown>(ApiPath.getExpires).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [active]);
}
