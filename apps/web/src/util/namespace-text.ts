import { useMemo } from 'react';
import { i18n } from '../i18n/i18n.js';
import { type Translator, useT, type Vars } from '../i18n/use-t.js';

/** Every dotted key of a message namespace, so a typo fails the type check instead of showing a raw key. */
export type MessageKey<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}` }[keyof T & string];

/** A typed `t` for one namespace of messages (`M` is its zh messages' shape, as the locale files export it). */
export function namespaceText<M>(ns: string): (key: MessageKey<M>, vars?: Vars) => string {
  return (key, vars) => i18n.t(key, { ns, ...vars });
}

/**
 * A page family's translation hook: the web kit's `t`, `tv` and `lang`, and its own namespace's `t` under `name`
 * (`tt` for the timetable, `g` for grades), re-rendering the caller when the language changes.
 */
export function namespaceHook<N extends string, F>(name: N, text: F): () => Translator & Record<N, F> {
  return function useNamespaceT() {
    const base = useT();
    // a computed key widens to an index signature; the object is exactly `base` plus `name`
    return useMemo(() => ({ ...base, [name]: text }) as Translator & Record<N, F>, [base]);
  };
}
