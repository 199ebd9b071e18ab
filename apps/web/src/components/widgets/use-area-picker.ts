import { useEffect, useRef, useState } from 'react';
import { ComponentPath, type AreaNode } from '@schoolflow/contracts';
import { errorMessage, isCancelled, requestData } from '../../api/http.js';
import { useT } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';

function loadLevel(levNum: number, parentCode: string, signal?: AbortSignal): Promise<AreaNode[]> {
  return requestData<AreaNode[]>(ComponentPath.area, { json: { levNum, parentCode }, signal }).then((d) => (Array.isArray(d) ? d : []));
}

/**
 * The area picker's levels (docs/product/shell-and-sign-in.md#area-picker: getAreaData / getAreaList): the options of
 * each level and the chosen codes, resolved from a given value, and `choose` for a level's pick (which loads the next).
 */
export function useAreaPicker(value: string, onChange: (code: string, chain: AreaNode[]) => void, levels: number) {
  const { lang } = useT();
  const [options, setOptions] = useState<AreaNode[][]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const emitted = useRef<string>('');
  const fail = (err: unknown) => {
    if (!isCancelled(err)) toast.error(errorMessage(err)); // result false in the area picker: msg as an error (docs/product/shell-and-sign-in.md#errors-and-reactions)
  };

  // Resolves a given value into its chain (getAreaList answers 'leaf,parent,root'), or loads the provinces.
  useEffect(() => {
    if (value && value === emitted.current) return;
    const c = new AbortController();
    (async () => {
      const provinces = await loadLevel(1, '', c.signal);
      if (!value) {
        setOptions([provinces]);
        setCodes([]);
        return;
      }
      const list = await requestData<string>(ComponentPath.areaList, { json: { code: value }, signal: c.signal });
      const chain = String(list ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .reverse()
        .slice(0, levels);
      const opts: AreaNode[][] = [provinces];
      for (let i = 1; i < chain.length; i++) opts.push(await loadLevel(i + 1, chain[i - 1] ?? '', c.signal));
      const last = chain[chain.length - 1];
      const lastNode = opts[chain.length - 1]?.find((n) => n.CODE === last);
      if (chain.length < levels && last && lastNode?.CHILD === '1') opts.push(await loadLevel(chain.length + 1, last, c.signal));
      emitted.current = value;
      setOptions(opts);
      setCodes(chain);
    })().catch(fail);
    return () => c.abort();
    // a value this picker emitted itself is already shown (emitted is set only once its options are loaded)
  }, [value, levels, lang]);

  const choose = (level: number, code: string) => {
    const nextCodes = [...codes.slice(0, level), ...(code ? [code] : [])];
    const nextOptions = options.slice(0, level + 1);
    setCodes(nextCodes);
    setOptions(nextOptions);
    const chain = nextCodes.map((c, i) => nextOptions[i]?.find((n) => n.CODE === c)).filter((n): n is AreaNode => n !== undefined);
    const leaf = nextCodes[nextCodes.length - 1] ?? '';
    emitted.current = leaf;
    onChange(leaf, chain);
    const node = chain[chain.length - 1];
    if (code && level + 1 < levels && node?.CHILD === '1') {
      loadLevel(level + 2, code)
        .then((kids) => setOptions((o) => [...o.slice(0, level + 1), kids]))
        .catch(fail);
    }
  };

  return { options, codes, choose };
}
