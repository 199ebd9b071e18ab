import type { Language } from '@schoolflow/contracts';

/**
 * A base-data name column (`se.name`, `co.name` …) as the caller should read it. Semesters, departments, duty posts,
 * courses, classes and grade levels keep an optional English name in `<col>_en` beside the Chinese `<col>`: an English
 * reader gets the English name when the row has one, else the Chinese one (a blank English name counts as none), so a
 * page never shows an empty name. `lang` only chooses between two fixed expressions; it never enters the SQL itself.
 */
export const localName = (col: string, lang: Language): string => (lang === 'en' ? `coalesce(nullif(${col}_en, ''), ${col})` : col);

/**
 * The same choice made by the database, for a statement written once for both languages: `langParam` is a bound
 * parameter's placeholder (`$3`), never text from a request; `alias` is the table whose `name`/`name_en` are read.
 */
export function boundLocalName(alias: string, langParam: string): string {
  return `(CASE WHEN ${langParam}::text = 'en' AND coalesce(${alias}.name_en, '') <> '' THEN ${alias}.name_en ELSE ${alias}.name END)`;
}
