import type { ReactNode } from 'react';
import { isAuthorized, type AuthRule } from '../session/authorize.js';
import { useReadySession } from '../session/session-store.js';

export { isAuthorized, type AuthRule };

/** Whether the signed-in user satisfies the rule (false before permissions are loaded). */
export function useAuthorized(rule: AuthRule): boolean {
  const session = useReadySession();
  if (!session) return false;
  return isAuthorized(rule, session.info.permission, session.info.roles);
}

/** Renders children only when the user holds the grants (docs/product/shell-and-sign-in.md#permissions-and-menus); otherwise `fallback` (nothing). */
export function Authorized({ children, fallback = null, ...rule }: AuthRule & { children: ReactNode; fallback?: ReactNode }) {
  return <>{useAuthorized(rule) ? children : fallback}</>;
}
