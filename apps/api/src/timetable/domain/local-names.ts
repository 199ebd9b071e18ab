import type { Language } from '@schoolflow/contracts';

/**
 * A record's name in the caller's language: its English name where it has one, else its name (classes, courses,
 * semesters keep `name_en`). `lang` is a bound parameter's placeholder (`$3`), never text from a request.
 */
export function localName(alias: string, langParam: string): string {
  return `(CASE WHEN ${langParam}::text = 'en' AND coalesce(${alias}.name_en, '') <> '' THEN ${alias}.name_en ELSE ${alias}.name END)`;
}

export const isEnglish = (lang: Language): boolean => lang === 'en';
