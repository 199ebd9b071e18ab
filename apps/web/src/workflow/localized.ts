import type { Language } from '@schoolflow/contracts';

/** A form value named in both languages (`{zh, en}`, as a flow's form keeps a class's or a course's name) in one of them. */
export function localized(value: unknown, lang: Language): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const text = v[lang] || v.zh;
  return typeof text === 'string' ? text : undefined;
}
