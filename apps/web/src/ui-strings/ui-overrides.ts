import { flattenStrings, type Language, nestStrings, type UiStringBundle, uiStringsPath } from '@schoolflow/contracts';
import { requestData } from '../api/http.js';
import { i18n, shippedMessages } from '../i18n/i18n.js';

/** What was merged last, per language: a key overridden then and not now gets its shipped string back. */
const merged = new Map<Language, UiStringBundle['overrides']>();

/**
 * Merges one language's overrides (docs/adr/0065-interface-languages.md#browser) over the loaded bundles: per
 * namespace, the overridden keys take the administrator's words and keys no longer overridden their shipped string
 * again, in one `addResourceBundle` — whose `added` event re-renders what shows them (i18n.ts binds it). Namespaces
 * the browser does not load (the server's own) and those not loaded yet are left alone.
 */
export async function mergeOverrides(bundle: UiStringBundle): Promise<void> {
  const before = merged.get(bundle.lang) ?? {};
  const namespaces = new Set([...Object.keys(before), ...Object.keys(bundle.overrides)]) as Set<keyof UiStringBundle['overrides']>;
  for (const ns of namespaces) {
    const shippedChunk = shippedMessages(bundle.lang, ns);
    if (!shippedChunk || !i18n.hasResourceBundle(bundle.lang, ns)) continue;
    const now = bundle.overrides[ns] ?? {};
    const dropped = Object.keys(before[ns] ?? {}).filter((k) => !Object.hasOwn(now, k));
    const shipped = dropped.length > 0 ? flattenStrings(await shippedChunk) : {};
    const restore = Object.fromEntries(dropped.filter((k) => Object.hasOwn(shipped, k)).map((k) => [k, shipped[k] as string]));
    i18n.addResourceBundle(bundle.lang, ns, nestStrings({ ...restore, ...now }), true, true);
  }
  merged.set(bundle.lang, bundle.overrides);
}

/** Reads and merges the overrides of the given languages (after sign-in, and after an administrator's change). */
export async function loadOverrides(languages: readonly Language[]): Promise<void> {
  const bundles = await Promise.all(languages.map((lang) => requestData<UiStringBundle>(uiStringsPath.bundle, { query: { lang }, silentExpiry: true })));
  for (const b of bundles) await mergeOverrides(b);
}
