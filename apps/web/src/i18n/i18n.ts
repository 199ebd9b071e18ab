import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookie from 'js-cookie';
import { Cookies, LANGUAGES, type Language } from '@schoolflow/contracts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Language kept in the `language` cookie (docs/product/shell-and-sign-in.md#language); zh by default. */
export function storedLanguage(): Language {
  const value = Cookie.get(Cookies.language);
  return isLanguage(value) ? value : 'zh';
}

/** What the first page needs (the sign-in page, error pages, the shell's frame); init loads these. */
const FIRST_NAMESPACES = ['web', 'validation', 'server'] as const;
/** The feature areas' messages: loaded with a session (session-store.ts) or by a public page that shows them. */
export const FEATURE_NAMESPACES = ['workflow', 'resource', 'grades', 'timetable', 'publishing', 'surveys', 'consult', 'evaluations', 'letters', 'channels', 'class-walking', 'registrations', 'electives', 'feedback', 'attendance', 'work-tasks', 'dormitories', 'pages', 'health', 'projects', 'knowledge', 'calendar', 'organisations', 'faces', 'pictures', 'languages', 'duty'] as const;
type WebNamespace = (typeof FIRST_NAMESPACES)[number] | (typeof FEATURE_NAMESPACES)[number];

/**
 * Each namespace of each language is a chunk of its own, fetched when first needed: the sign-in page carries one
 * language's first namespaces and nothing else (docs/adr/0033-sign-in-page-weight.md). The messages of the
 * server-only namespaces (messages, excel, documents) never reach the browser.
 */
const namespaceChunks: Record<Language, Record<WebNamespace, () => Promise<object>>> = {
  zh: {
    web: () => import('@schoolflow/contracts/locales/zh/web.js').then((m) => m.web),
    validation: () => import('@schoolflow/contracts/locales/zh/validation.js').then((m) => m.validation),
    server: () => import('@schoolflow/contracts/locales/zh/server.js').then((m) => m.server),
    workflow: () => import('@schoolflow/contracts/locales/zh/workflow.js').then((m) => m.workflow),
    resource: () => import('@schoolflow/contracts/locales/zh/resource.js').then((m) => m.resource),
    grades: () => import('@schoolflow/contracts/locales/zh/grades.js').then((m) => m.grades),
    timetable: () => import('@schoolflow/contracts/locales/zh/timetable.js').then((m) => m.timetable),
    publishing: () => import('@schoolflow/contracts/locales/zh/publishing.js').then((m) => m.publishing),
    surveys: () => import('@schoolflow/contracts/locales/zh/surveys.js').then((m) => m.surveys),
    consult: () => import('@schoolflow/contracts/locales/zh/consult.js').then((m) => m.consult),
    evaluations: () => import('@schoolflow/contracts/locales/zh/evaluations.js').then((m) => m.evaluations),
    letters: () => import('@schoolflow/contracts/locales/zh/letters.js').then((m) => m.letters),
    channels: () => import('@schoolflow/contracts/locales/zh/channels.js').then((m) => m.channels),
    'class-walking': () => import('@schoolflow/contracts/locales/zh/class-walking.js').then((m) => m.classWalking),
    registrations: () => import('@schoolflow/contracts/locales/zh/registrations.js').then((m) => m.registrations),
    electives: () => import('@schoolflow/contracts/locales/zh/electives.js').then((m) => m.electives),
    feedback: () => import('@schoolflow/contracts/locales/zh/feedback.js').then((m) => m.feedback),
    attendance: () => import('@schoolflow/contracts/locales/zh/attendance.js').then((m) => m.attendance),
    'work-tasks': () => import('@schoolflow/contracts/locales/zh/work-tasks.js').then((m) => m.workTasks),
    duty: () => import('@schoolflow/contracts/locales/zh/duty.js').then((m) => m.duty),
    dormitories: () => import('@schoolflow/contracts/locales/zh/dormitories.js').then((m) => m.dormitories),
    pages: () => import('@schoolflow/contracts/locales/zh/pages.js').then((m) => m.pages),
    health: () => import('@schoolflow/contracts/locales/zh/health.js').then((m) => m.health),
    projects: () => import('@schoolflow/contracts/locales/zh/projects.js').then((m) => m.projects),
    knowledge: () => import('@schoolflow/contracts/locales/zh/knowledge.js').then((m) => m.knowledge),
    calendar: () => import('@schoolflow/contracts/locales/zh/calendar.js').then((m) => m.calendar),
    organisations: () => import('@schoolflow/contracts/locales/zh/organisations.js').then((m) => m.organisations),
    faces: () => import('@schoolflow/contracts/locales/zh/faces.js').then((m) => m.faces),
    pictures: () => import('@schoolflow/contracts/locales/zh/pictures.js').then((m) => m.pictures),
    languages: () => import('@schoolflow/contracts/locales/zh/languages.js').then((m) => m.languages),
  },
  en: {
    web: () => import('@schoolflow/contracts/locales/en/web.js').then((m) => m.web),
    validation: () => import('@schoolflow/contracts/locales/en/validation.js').then((m) => m.validation),
    server: () => import('@schoolflow/contracts/locales/en/server.js').then((m) => m.server),
    workflow: () => import('@schoolflow/contracts/locales/en/workflow.js').then((m) => m.workflow),
    resource: () => import('@schoolflow/contracts/locales/en/resource.js').then((m) => m.resource),
    grades: () => import('@schoolflow/contracts/locales/en/grades.js').then((m) => m.grades),
    timetable: () => import('@schoolflow/contracts/locales/en/timetable.js').then((m) => m.timetable),
    publishing: () => import('@schoolflow/contracts/locales/en/publishing.js').then((m) => m.publishing),
    surveys: () => import('@schoolflow/contracts/locales/en/surveys.js').then((m) => m.surveys),
    consult: () => import('@schoolflow/contracts/locales/en/consult.js').then((m) => m.consult),
    evaluations: () => import('@schoolflow/contracts/locales/en/evaluations.js').then((m) => m.evaluations),
    letters: () => import('@schoolflow/contracts/locales/en/letters.js').then((m) => m.letters),
    channels: () => import('@schoolflow/contracts/locales/en/channels.js').then((m) => m.channels),
    'class-walking': () => import('@schoolflow/contracts/locales/en/class-walking.js').then((m) => m.classWalking),
    registrations: () => import('@schoolflow/contracts/locales/en/registrations.js').then((m) => m.registrations),
    electives: () => import('@schoolflow/contracts/locales/en/electives.js').then((m) => m.electives),
    feedback: () => import('@schoolflow/contracts/locales/en/feedback.js').then((m) => m.feedback),
    attendance: () => import('@schoolflow/contracts/locales/en/attendance.js').then((m) => m.attendance),
    'work-tasks': () => import('@schoolflow/contracts/locales/en/work-tasks.js').then((m) => m.workTasks),
    duty: () => import('@schoolflow/contracts/locales/en/duty.js').then((m) => m.duty),
    dormitories: () => import('@schoolflow/contracts/locales/en/dormitories.js').then((m) => m.dormitories),
    pages: () => import('@schoolflow/contracts/locales/en/pages.js').then((m) => m.pages),
    health: () => import('@schoolflow/contracts/locales/en/health.js').then((m) => m.health),
    projects: () => import('@schoolflow/contracts/locales/en/projects.js').then((m) => m.projects),
    knowledge: () => import('@schoolflow/contracts/locales/en/knowledge.js').then((m) => m.knowledge),
    calendar: () => import('@schoolflow/contracts/locales/en/calendar.js').then((m) => m.calendar),
    organisations: () => import('@schoolflow/contracts/locales/en/organisations.js').then((m) => m.organisations),
    faces: () => import('@schoolflow/contracts/locales/en/faces.js').then((m) => m.faces),
    pictures: () => import('@schoolflow/contracts/locales/en/pictures.js').then((m) => m.pictures),
    languages: () => import('@schoolflow/contracts/locales/en/languages.js').then((m) => m.languages),
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
