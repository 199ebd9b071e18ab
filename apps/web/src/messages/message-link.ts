import { getAppConfig } from '../config/app-config.js';
import { isExternalUrl } from '../router/menu-model.js';

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
