import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookie from 'js-cookie';
import { Cookies, LANGUAGES, type Language } from '@schoolflow/contracts';
import { FEATURE_NAMESPACES, FIRST_NAMESPACES, SHELL_NAMESPACES, type ShellNamespace, type WebNamespace } from './namespaces.js';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Language kept in the `language` cookie (docs/product/shell-and-sign-in.md#language); zh by default. */
export function storedLanguage(): Language {
  const value = Cookie.get(Cookies.language);
  return isLanguage(value) ? value : 'zh';
}

type ShellMessagesModule = { shellMessages: Record<ShellNamespace, object> };

/** Each area only a session shows, read from its language's one chunk of them (namespaces.ts). */
function fromShellChunk(load: () => Promise<ShellMessagesModule>): Record<ShellNamespace, () => Promise<object>> {
  // Object.fromEntries types its keys as string; the entries are exactly SHELL_NAMESPACES
  return Object.fromEntries(SHELL_NAMESPACES.map((ns) => [ns, () => load().then((m) => m.shellMessages[ns])])) as Record<ShellNamespace, () => Promise<object>>;
}

/**
 * The chunks of each language's messages, fetched when first needed: the sign-in page carries one language's first
 * namespaces and nothing else (docs/adr/0033-sign-in-page-weight.md); a public area's are a chunk each; the areas only
 * a session shows are one chunk per language (docs/adr/0084-the-shell-in-few-chunks.md). The messages of the
 * server-only namespaces (SERVER_ONLY_NAMESPACES) never reach the browser.
 */
const namespaceChunks: Record<Language, Record<WebNamespace, () => Promise<object>>> = {
  zh: {
    web: () => import('@schoolflow/contracts/locales/zh/web.js').then((m) => m.web),
    validation: () => import('@schoolflow/contracts/locales/zh/validation.js').then((m) => m.validation),
    server: () => import('@schoolflow/contracts/locales/zh/server.js').then((m) => m.server),
    surveys: () => import('@schoolflow/contracts/locales/zh/surveys.js').then((m) => m.surveys),
    consult: () => import('@schoolflow/contracts/locales/zh/consult.js').then((m) => m.consult),
    ...fromShellChunk(() => import('./zh-shell-messages.js')),
  },
  en: {
    web: () => import('@schoolflow/contracts/locales/en/web.js').then((m) => m.web),
    validation: () => import('@schoolflow/contracts/locales/en/validation.js').then((m) => m.validation),
    server: () => import('@schoolflow/contracts/locales/en/server.js').then((m) => m.server),
    surveys: () => import('@schoolflow/contracts/locales/en/surveys.js').then((m) => m.surveys),
    consult: () => import('@schoolflow/contracts/locales/en/consult.js').then((m) => m.consult),
    ...fromShellChunk(() => import('./en-shell-messages.js')),
  },
};

export function isWebNamespace(value: string): value is WebNamespace {
  return (FIRST_NAMESPACES as readonly string[]).includes(value) || (FEATURE_NAMESPACES as readonly string[]).includes(value);
}

const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguage(language) || !isWebNamespace(namespace)) {
      callback(null, {});
      return;
    }
    namespaceChunks[language][namespace]().then(
      (messages) => callback(null, messages as Record<string, unknown>),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/** The shipped messages of a namespace the browser loads (null for the server's own): what an override falls back to. */
export function shippedMessages(lang: Language, namespace: string): Promise<object> | null {
  return isWebNamespace(namespace) ? namespaceChunks[lang][namespace]() : null;
}

/** One i18next instance for the SPA. */
export const i18n = i18next.createInstance();

/** Resolves once the shown language's messages are in: the app renders after it (main.tsx). */
export const i18nReady: Promise<unknown> = i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // No fallback language: the key-parity test (libs/contracts locale-keys.spec) keeps both complete, and a fallback
    // would fetch the other language's chunk on every page.
    fallbackLng: false,
    load: 'currentOnly',
    supportedLngs: [...LANGUAGES],
    ns: [...FIRST_NAMESPACES],
    defaultNS: 'web',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    // Every language is loaded before anything renders in it (i18nReady, setLanguage): nothing to suspend for.
    // `added`: an administrator's overrides merged into a bundle re-render what shows its strings (ui-strings/ui-overrides.ts).
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

/**
 * Makes every namespace of the given languages available (those already in cost nothing). A session asks for all
 * of both: its menus carry both titles, its pages every area's messages, and a switch of language is then instant.
 */
export async function loadMessages(languages: readonly Language[]): Promise<void> {
  await i18nReady;
  // loadNamespaces adds the feature namespaces to the instance's list at once, so loadLanguages fetches them too
  await Promise.all([i18n.loadNamespaces([...FEATURE_NAMESPACES]), i18n.loadLanguages([...languages])]);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

function syncDocumentLanguage(lang: Language): void {
  if (typeof document === 'undefined') return; // unit tests run in node
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}
syncDocumentLanguage(storedLanguage());

export async function setLanguage(lang: Language): Promise<void> {
  Cookie.set(Cookies.language, lang, { path: '/' });
  await i18nReady;
  await i18n.changeLanguage(lang);
  syncDocumentLanguage(lang);
}
