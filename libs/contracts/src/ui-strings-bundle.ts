import type { Language } from './themes.js';
import type { UiStringNamespace } from './ui-strings-api.js';

/**
 * What every signed-in browser needs of 界面语言 (docs/adr/0065-interface-languages.md#browser): the calls, one
 * language's overrides and merging them into the loaded bundles. Kept apart from the page's zod schemas
 * (ui-strings-api.ts), which would otherwise come along into the first script every visitor loads
 * (docs/adr/0033-sign-in-page-weight.md).
 */
export const UI_STRINGS_BASE = '/api/ui-strings';

export const uiStringsPath = {
  /** `GET` `uiStringListQuerySchema` → `UiStringPage` (i18n:manage): shipped strings with their overrides. */
  list: UI_STRINGS_BASE,
  /** `GET` `?lang=` → `UiStringBundle`: one language's overrides, for anyone signed in (the browser merges them). */
  bundle: `${UI_STRINGS_BASE}/bundle`,
  /** `POST` `uiStringOverrideSchema` → `UiStringRow` (i18n:manage): set an override. */
  override: `${UI_STRINGS_BASE}/override`,
  /** `POST` `uiStringKeySchema` → `UiStringRow` (i18n:manage): remove an override; the shipped string shows again. */
  reset: `${UI_STRINGS_BASE}/reset`,
  /** `GET` → `UiStringsExport` (i18n:manage): every override, as a JSON file the import takes. */
  export: `${UI_STRINGS_BASE}/export`,
  /** `POST` `uiStringsImportSchema` → `UiStringsImportResult` (i18n:manage): all rows checked first, nothing written on a refusal. */
  import: `${UI_STRINGS_BASE}/import`,
} as const;

/** One language's overrides by namespace and dotted key; `version` changes with every change of any override. */
export interface UiStringBundle {
  lang: Language;
  version: string;
  overrides: Partial<Record<UiStringNamespace, Record<string, string>>>;
}

/** A namespace's strings as dotted keys: `{a: {b: 'x'}}` → `{'a.b': 'x'}` (only strings; arrays and numbers are no interface string). */
export function flattenStrings(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof tree === 'string') {
    if (prefix) out[prefix] = tree;
    return out;
  }
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [k, v] of Object.entries(tree as Record<string, unknown>)) flattenStrings(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

const UNSAFE_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Dotted keys back into the nested shape i18next keeps (`{'a.b': 'x'}` → `{a: {b: 'x'}}`). */
export function nestStrings(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [dotted, v] of Object.entries(flat)) {
    const parts = dotted.split('.');
    if (parts.some((p) => UNSAFE_PARTS.has(p))) continue;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next && typeof next === 'object') node = next as Record<string, unknown>;
      else {
        const made: Record<string, unknown> = {};
        node[part] = made;
        node = made;
      }
    }
    node[parts[parts.length - 1] as string] = v;
  }
  return root;
}
