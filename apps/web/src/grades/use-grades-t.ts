import { useMemo } from 'react';
import type { GradesMessages } from '@schoolflow/contracts';
import { i18n } from '../i18n/i18n.js';
import { useT, type Vars } from '../i18n/use-t.js';

/** Every dotted key of the `grades` namespace, so a typo fails the type check instead of showing a raw key. */
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type GradesKey = Leaves<GradesMessages>;

/** A text of the grades pages (namespace `grades`, libs/contracts/src/locales/{zh,en}/grades.ts). */
export function gradesText(key: GradesKey, vars?: Vars): string {
  return i18n.t(key, { ns: 'grades', ...vars });
}

/** The grades texts and the web kit's, re-rendering the caller when the language changes. */
export function useGradesT() {
  const { t, lang, tv } = useT();
  return useMemo(() => ({ t, tv, lang, g: gradesText }), [t, tv, lang]);
}
