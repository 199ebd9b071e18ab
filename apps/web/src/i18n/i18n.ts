import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookie from 'js-cookie';
import { Cookies, LANGUAGES, resources, type Language } from '@schoolflow/contracts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Language kept in the `language` cookie (docs/product/shell-and-sign-in.md#language); zh by default. */
export function storedLanguage(): Language {
  const value = Cookie.get(Cookies.language);
  return isLanguage(value) ? value : 'zh';
}

/** One i18next instance for the SPA; resources ship inside the bundle, so init is synchronous. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'zh',
  supportedLngs: [...LANGUAGES],
  ns: ['web', 'validation', 'server', 'workflow', 'resource', 'grades', 'timetable'],
  defaultNS: 'web',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

function syncDocumentLanguage(lang: Language): void {
  if (typeof document === 'undefined') return; // unit tests run in node
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}
syncDocumentLanguage(currentLanguage());

export async function setLanguage(lang: Language): Promise<void> {
  Cookie.set(Cookies.language, lang, { path: '/' });
  await i18n.changeLanguage(lang);
  syncDocumentLanguage(lang);
}
