import i18next, { type TFunction } from 'i18next';
import { resources, type Language, type ServerMessageKey } from '@schoolflow/contracts';
import type { Request } from 'express';

const instance = i18next.createInstance();
// initImmediate false: resources are in memory, so init completes synchronously.
void instance.init({
  resources,
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['server', 'validation', 'workflow', 'messages', 'excel', 'documents', 'resource', 'grades', 'timetable', 'publishing', 'surveys', 'consult', 'evaluations', 'letters', 'channels', 'class-walking', 'registrations', 'electives', 'feedback', 'attendance', 'work-tasks', 'duty', 'dormitories', 'pages', 'health', 'projects', 'knowledge', 'calendar', 'organisations'],
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
  const template = compiledTemplate(lang, key);
  if (template && simpleParams(template, params)) {
    let out = template.parts[0] ?? '';
    for (let i = 0; i < template.names.length; i++) out += String(params[template.names[i] as string]) + (template.parts[i + 1] ?? '');
    return out;
  }
  return fixedT(lang)(namespaced(key), params);
}

/**
 * A resource text split at its `{{name}}` placeholders, for the hot path (messages are rendered per recipient):
 * i18next's `t` with parameters re-resolves and re-scans the text on every call. Only plain texts are compiled —
 * a missing key (language fallback), nesting, formats or unusual placeholders go through i18next, as do parameters
 * that steer it (count, context, ...) or values that are not plain strings or numbers. The unit spec checks every
 * key in both languages against i18next.
 */
interface Template {
  parts: string[];
  names: string[];
}
const STEERING = new Set(['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'replace', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'skipInterpolation', 'ordinal', 'keySeparator', 'nsSeparator', 'fallbackLng']);
const templates = new Map<Language, Map<string, Template | null>>();

function compiledTemplate(lang: Language, key: string): Template | null {
  let byKey = templates.get(lang);
  if (!byKey) {
    byKey = new Map();
    templates.set(lang, byKey);
  }
  let t = byKey.get(key);
  if (t === undefined) {
    t = compile(lang, key);
    if (byKey.size < MAX_CACHED_PER_LANGUAGE) byKey.set(key, t);
  }
  return t;
}

function compile(lang: Language, key: string): Template | null {
  const full = namespaced(key);
  const sep = full.indexOf(':');
  const text: unknown = instance.getResource(lang, full.slice(0, sep), full.slice(sep + 1));
  if (typeof text !== 'string' || text.includes('$t(')) return null;
  const parts: string[] = [];
  const names: string[] = [];
  let from = 0;
  for (const m of text.matchAll(/\{\{(.*?)\}\}/g)) {
    const name = m[1] ?? '';
    if (!/^\w+$/.test(name)) return null;
    parts.push(text.slice(from, m.index));
    names.push(name);
    from = m.index + m[0].length;
  }
  parts.push(text.slice(from));
  return { parts, names };
}

function simpleParams(t: Template, params: Record<string, unknown>): boolean {
  for (const k in params) if (STEERING.has(k)) return false;
  for (const n of t.names) {
    const v = params[n];
    if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) return false;
  }
  return true;
}

function namespaced(key: string): string {
  return key.includes('.') ? key.replace('.', ':') : `server:${key}`;
}
