import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, WebMessages } from '@schoolflow/contracts';
import { namespacedMessage } from '../util/form-errors.js';
import { currentLanguage, i18n, isLanguage, isWebNamespace } from './i18n.js';

/** Every dotted key of the web namespace, so a typo in a key fails the type check instead of showing raw keys. */
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type WebKey = Leaves<WebMessages>;
export type Vars = Record<string, string | number>;

export function translate(key: WebKey, vars?: Vars): string {
  return i18n.t(key, { ns: 'web', ...vars });
}

/**
 * Shared zod schemas carry message keys: `validation.xxx`, or a feature namespace's own (`duty.validation.xxx` — a
 * flow's form on the kit shows them too); anything else (e.g. the server's password strategy description) is already
 * a readable message and passes through.
 */
export function validationMessage(message: string): string {
  const ns = /^([a-z][\w-]*)\./.exec(message)?.[1];
  return ns && isWebNamespace(ns) ? namespacedMessage(message) : message;
}

/**
 * The web messages of a language as a plain object, for lookups by data (e.g. operation-log action codes). The
 * language must be loaded: the shown one always is, both are once a session is (session-store.ts).
 */
export function webMessages(lang: Language = currentLanguage()): WebMessages {
  const bundle = i18n.getResourceBundle(lang, 'web') as WebMessages | undefined;
  if (!bundle) throw new Error(`the ${lang} messages are not loaded`);
  return bundle;
}

export interface Translator {
  lang: Language;
  t: (key: WebKey, vars?: Vars) => string;
  tv: (message: string) => string;
}

/** Typed translation hook; re-renders the caller when the language changes. */
export function useT(): Translator {
  const { i18n: instance } = useTranslation('web');
  const lang: Language = isLanguage(instance.language) ? instance.language : 'zh';
  // New functions per language on purpose: translate() reads the instance, which already switched, so a memo or an
  // effect that translates names `t` as its dependency and runs again when the language changes.
  return useMemo(() => ({ lang, t: (key: WebKey, vars?: Vars) => translate(key, vars), tv: (message: string) => validationMessage(message) }), [lang]);
}
