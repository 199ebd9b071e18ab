import i18next, { type TFunction } from 'i18next';
import { resources, type Language, type ServerMessageKey } from '@schoolflow/contracts';
import type { Request } from 'express';

const instance = i18next.createInstance();
// initImmediate false: resources are in memory, so init completes synchronously. A copy: administrators' overrides
// (applyMessageOverrides) change the instance's strings, never the shipped bundles they fall back to.
void instance.init({
  resources: structuredClone(resources) as typeof resources,
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['server', 'validation', 'workflow', 'messages', 'excel', 'documents', 'resource', 'grades', 'timetable', 'publishing', 'surveys', 'consult', 'evaluations', 'letters', 'channels', 'class-walking', 'registrations', 'electives', 'feedback', 'attendance', 'work-tasks', 'dormitories', 'pages', 'health', 'projects', 'knowledge', 'calendar', 'organisations', 'faces', 'pictures', 'languages', 'duty'],
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

/** An administrator's words for one shipped string (docs/adr/0065-interface-languages.md). */
export interface MessageOverride {
  lang: Language;
  namespace: string;
  key: string;
  value: string;
}

const overrideId = (o: Pick<MessageOverride, 'lang' | 'namespace' | 'key'>): string => `${o.lang}\u0000${o.namespace}\u0000${o.key}`;
let appliedOverrides = new Map<string, MessageOverride>();

/** The shipped string of a dotted key, or undefined when the bundles have none (a key removed since the override). */
export function shippedText(lang: Language, namespace: string, key: string): string | undefined {
  let node: unknown = (resources[lang] as Record<string, unknown>)[namespace];
  for (const part of key.split('.')) node = node !== null && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Makes `overrides` the translator's words for their keys, all of them at once (the whole set, as the database holds
 * it): a key overridden before and not now gets its shipped string back, an override of a key no longer shipped is
 * left out (the shipped bundles decide which keys exist), and the caches of plain texts and templates start again.
 */
export function applyMessageOverrides(overrides: readonly MessageOverride[]): void {
  const next = new Map<string, MessageOverride>();
  for (const o of overrides) if (shippedText(o.lang, o.namespace, o.key) !== undefined) next.set(overrideId(o), o);
  for (const [id, o] of appliedOverrides) {
    if (next.has(id)) continue;
    instance.addResource(o.lang, o.namespace, o.key, shippedText(o.lang, o.namespace, o.key) as string, { silent: true });
  }
  for (const o of next.values()) instance.addResource(o.lang, o.namespace, o.key, o.value, { silent: true });
  appliedOverrides = next;
  plainTexts.clear();
  templates.clear();
}
