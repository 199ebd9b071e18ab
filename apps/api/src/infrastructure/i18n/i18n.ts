import i18next, { type TFunction } from 'i18next';
import { resources, type Language, type ServerMessageKey } from '@schoolflow/contracts';
import type { Request } from 'express';

const instance = i18next.createInstance();
// initImmediate false: resources are in memory, so init completes synchronously.
void instance.init({
  resources,
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['server', 'validation', 'workflow', 'messages', 'excel'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Language of a request: the client's `Accept-Language` (the SPA sends `zh` or `en`), then the `language` cookie. */
export function languageOf(req: Pick<Request, 'headers'>): Language {
  const header = req.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.trim().toLowerCase() : undefined;
  if (first) return first.startsWith('en') ? 'en' : 'zh';
  const cookie = req.headers.cookie ?? '';
  const m = /(?:^|;\s*)language=([^;]+)/.exec(cookie);
  return m?.[1] === 'en' ? 'en' : 'zh';
}

export function translator(lang: Language): TFunction {
  return instance.getFixedT(lang);
}

/** Translate a server message key, or a `namespace.key` validation key, in a language. */
export function translate(lang: Language, key: ServerMessageKey | string, params?: Record<string, unknown>): string {
  const t = instance.getFixedT(lang);
  const nsKey = key.includes('.') ? key.replace('.', ':') : `server:${key}`;
  return t(nsKey, params ?? {});
}
