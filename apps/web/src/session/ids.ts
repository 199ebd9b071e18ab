import { getAppConfig } from '../config/app-config.js';

export function isIdsLogin(): boolean {
  return getAppConfig().LOGIN_TYPE === 'IDS';
}

/**
 * Sends the browser to the identity provider with the current address encoded. A configured URL that ends in
 * `=` (e.g. `...?service=`) takes the address as is; otherwise it is passed as `service` (the CAS convention
 * school IDS servers follow).
 */
export function redirectToIds(returnTo: string = window.location.href): void {
  const base = getAppConfig().IDS_LOGIN_URL;
  if (!base) return;
  const encoded = encodeURIComponent(returnTo);
  const target = /[=?&]$/.test(base) ? `${base}${encoded}` : `${base}${base.includes('?') ? '&' : '?'}service=${encoded}`;
  window.location.assign(target);
}
