import { useMemo } from 'react';
import type { TimetableMessages } from '@schoolflow/contracts';
import { i18n } from '../i18n/i18n.js';
import { useT, type Vars } from '../i18n/use-t.js';

/** Every dotted key of the `timetable` namespace, so a typo fails the type check instead of showing a raw key. */
type Leaves<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}` }[keyof T & string];
export type TimetableKey = Leaves<TimetableMessages>;

/**
 * A text of the timetable (namespace `timetable`: the pages' own under `page.*`, libs/contracts/src/locales/{zh,en}/
 * timetable-page.ts; the server's — weekdays, check problems, unplaced reasons, score parts — beside them).
 */
export function timetableText(key: TimetableKey, vars?: Vars): string {
  return i18n.t(key, { ns: 'timetable', ...vars });
}

/** The timetable texts and the web kit's, re-rendering the caller when the language changes. */
export function useTimetableT() {
  const { t, lang, tv } = useT();
  return useMemo(() => ({ t, tv, lang, tt: timetableText }), [t, tv, lang]);
}
