import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ComponentPath, type AreaNode } from '@schoolflow/contracts';
import { requestData } from '../../api/http.js';
import { useT } from '../../i18n/use-t.js';

/** The area picker's reads, one key factory: the areas are names of the language asked in, and never change meanwhile. */
export const areaKeys = {
  all: ['area'] as const,
  level: (lang: string, levNum: number, parentCode: string) => [...areaKeys.all, 'level', lang, levNum, parentCode] as const,
  chain: (lang: string, code: string, levels: number) => [...areaKeys.all, 'chain', lang, code, levels] as const,
};

/** getAreaData: one level's areas under `parentCode` ('' for the provinces). A failure shows its message (the cache's). */
function levelQuery(lang: string, levNum: number, parentCode: string) {
  return {
    queryKey: areaKeys.level(lang, levNum, parentCode),
    queryFn: ({ signal }: { signal: AbortSignal }) => requestData<AreaNode[]>(ComponentPath.area, { json: { levNum, parentCode }, signal }).then((d) => (Array.isArray(d) ? d : [])),
    staleTime: Infinity,
  };
}

/**
 * The area picker's levels (docs/product/shell-and-sign-in.md#area-picker: getAreaData / getAreaList): the chosen
 * codes are the value's chain (getAreaList answers 'leaf,parent,root'; a pick of this picker's own is written to the
 * cache as it is made, so it is not asked), and the options of each level are read under the chosen code above it
 * while that one has children. `choose` is a level's pick.
 */
export function useAreaPicker(value: string, onChange: (code: string, chain: AreaNode[]) => void, levels: number) {
  const { lang } = useT();
  const client = useQueryClient();
  const chain = useQuery({
    queryKey: areaKeys.chain(lang, value, levels),
    queryFn: async ({ signal }) =>
      String((await requestData<string>(ComponentPath.areaList, { json: { code: value }, signal })) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .reverse()
        .slice(0, levels),
    enabled: value !== '',
    staleTime: Infinity,
    // another value's chain stays shown while this one's is read
    placeholderData: keepPreviousData,
  });
  const codes = value ? (chain.data ?? []) : [];

  const provinces = useQuery(levelQuery(lang, 1, ''));
  // a chosen code whose area has children opens the next level; whether it has is known once the level above is read
  const parents: string[] = [];
  let above = provinces.data;
  for (let i = 0; i < codes.length && i + 1 < levels; i++) {
    const code = codes[i] ?? '';
    if (above?.find((n) => n.CODE === code)?.CHILD !== '1') break;
    parents.push(code);
    above = client.getQueryData<AreaNode[]>(areaKeys.level(lang, i + 2, code));
  }
  const below = useQueries({ queries: parents.map((code, i) => levelQuery(lang, i + 2, code)) });
  const options: AreaNode[][] = [];
  for (const level of [provinces, ...below]) {
    if (!level.data) break;
    options.push(level.data);
  }

  const choose = (level: number, code: string) => {
    const nextCodes = [...codes.slice(0, level), ...(code ? [code] : [])];
    const nodes = nextCodes.map((c, i) => options[i]?.find((n) => n.CODE === c)).filter((n): n is AreaNode => n !== undefined);
    const leaf = nextCodes[nextCodes.length - 1] ?? '';
    if (leaf) client.setQueryData(areaKeys.chain(lang, leaf, levels), nextCodes);
    onChange(leaf, nodes);
  };

  return { options, codes, choose };
}
