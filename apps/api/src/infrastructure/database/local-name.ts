import type { Language } from '@schoolflow/contracts';

/**
 * A base-data name column (`se.name`, `co.name` …) as the caller should read it. Semesters, departments, duty posts,
 * courses, classes and grade levels keep an optional English name in `<col>_en` beside the Chinese `<col>`: an English
 * reader gets the English name when the row has one, else the Chinese one (a blank English name counts as none), so a
 * page never shows an empty name. `lang` only chooses between two fixed expressions; it never enters the SQL itself.
 */
export const localName = (col: string, lang: Language): string => (lang === 'en' ? `coalesce(nullif(${col}_en, ''), ${col})` : col);
