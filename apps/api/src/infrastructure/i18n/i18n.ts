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

// A fixed T per language, made once (getFixedT builds a new function on every call).
const fixedTs = new Map<Language, TFunction>();
function fixedT(lang: Language): TFunction {
  let t = fixedTs.get(lang);
  if (!t) {
    t = instance.getFixedT(lang);
    fixedTs.set(lang, t);
  }
  return t;
}

// Resources are static and in memory, so a key translated without parameters always gives the same text: cached per
// language (bounded, in case a key ever comes from outside the code).
const MAX_CACHED_PER_LANGUAGE = 5000;
const plainTexts = new Map<Language, Map<string, string>>();

export function translator(lang: Language): TFunction {
  return fixedT(lang);
}

/** Translate a server message key, or a `namespace.key` validation key, in a language. */
export function translate(lang: Language, key: ServerMessageKey | string, params?: Record<string, unknown>): string {
  if (params === undefined) {
    let texts = plainTexts.get(lang);
    if (!texts) {
      texts = new Map();
      plainTexts.set(lang, texts);
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = fixedT(lang)(namespaced(key), {});
      if (texts.size < MAX_CACHED_PER_LANGUAGE) texts.set(key, text);
    }
    return text;
  }
  return fixedT(lang)(namespaced(key), params);
}

function namespaced(key: string): string {
  return key.includes('.') ? key.replace('.', ':') : `server:${key}`;
}
