import { useQueries, useQuery } from '@tanstack/react-query';
import type { ResourceOption } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import type { LabelOf } from './resource-format.js';

/** The API answers at most this many options for a keyword: a full answer means there may be more to search for. */
export const OPTIONS_PAGE = 50;
/** Ids per `ids=` request, so a page of 1000 rows does not make an address longer than servers accept. */
const IDS_PER_REQUEST = 100;
/** Option lists change seldom (names of campuses, classes, teachers); a write invalidates them anyway. */
const OPTIONS_STALE_MS = 5 * 60_000;

/** The options of `source` matching `keyword` (the first OPTIONS_PAGE). */
export function useResourceOptions(source: string | undefined, keyword = '', enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: resourceKeys.optionList(source ?? '', keyword.trim(), lang),
    queryFn: ({ signal }) => resourceClient.options(source ?? '', { keyword: keyword.trim() }, signal),
    enabled: enabled && Boolean(source),
    staleTime: OPTIONS_STALE_MS,
  });
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Labels of given option values, per source (the ref cells of a list page, the chosen values of a select that its
 * first OPTIONS_PAGE options may not hold). Answers a lookup; a value not loaded yet has no label.
 */
export function useOptionLabels(wanted: ReadonlyMap<string, readonly string[]>): { labelOf: LabelOf; options: (source: string) => ResourceOption[] } {
  const { lang } = useT();
  const requests = [...wanted].flatMap(([source, ids]) => chunks([...ids].sort(), IDS_PER_REQUEST).map((part) => ({ source, ids: part })));
  const results = useQueries({
    queries: requests.map((r) => ({
      queryKey: resourceKeys.optionIds(r.source, r.ids, lang),
      queryFn: ({ signal }: { signal: AbortSignal }) => resourceClient.options(r.source, { ids: r.ids }, signal),
      staleTime: OPTIONS_STALE_MS,
    })),
  });
  const bySource = new Map<string, Map<string, ResourceOption>>();
  results.forEach((res, i) => {
    const source = requests[i]?.source;
    if (!source || !res.data) return;
    const map = bySource.get(source) ?? new Map<string, ResourceOption>();
    for (const o of res.data) map.set(o.value, o);
    bySource.set(source, map);
  });
  return {
    labelOf: (source, value) => bySource.get(source)?.get(value)?.label,
    options: (source) => [...(bySource.get(source)?.values() ?? [])],
  };
}
