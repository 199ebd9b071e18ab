import { flattenStrings, type Language, resources, UI_STRING_NAMESPACES, type UiStringNamespace } from '@schoolflow/contracts';

const flat = new Map<string, Readonly<Record<string, string>>>();

/**
 * The shipped strings of one language's namespace as dotted keys (the locale bundles are code: made once, on first
 * use). Only strings — what an interface shows; the bundles' keys decide which overrides exist.
 */
export function shippedStrings(lang: Language, namespace: UiStringNamespace): Readonly<Record<string, string>> {
  const id = `${lang}:${namespace}`;
  let strings = flat.get(id);
  if (!strings) {
    strings = Object.freeze(flattenStrings((resources[lang] as Record<string, unknown>)[namespace]));
    flat.set(id, strings);
  }
  return strings;
}

export function isUiStringNamespace(value: string): value is UiStringNamespace {
  return (UI_STRING_NAMESPACES as readonly string[]).includes(value);
}
