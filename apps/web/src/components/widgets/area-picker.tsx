import { useEffect, useRef, useState } from 'react';
import { ComponentPath, type AreaNode } from '@schoolflow/contracts';
import { errorMessage, isCancelled, requestData } from '../../api/http.js';
import { useT, type WebKey } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';
import { AREA_DEFAULT_LEVELS } from './form-defaults.js';
import './widgets.css';

export interface AreaPickerProps {
  /** Leaf code (the deepest chosen level), '' for none. */
  value: string;
  onChange: (code: string, chain: AreaNode[]) => void;
  /** 1 = province, 2 = + city, 3 = + district. Default 1 (docs/product/shell-and-sign-in.md#area-picker). */
  levels?: 1 | 2 | 3;
  disabled?: boolean;
  testId?: string;
}

const LEVEL_LABEL: Record<number, WebKey> = { 1: 'widgets.area.level1', 2: 'widgets.area.level2', 3: 'widgets.area.level3' };

function loadLevel(levNum: number, parentCode: string, signal?: AbortSignal): Promise<AreaNode[]> {
  return requestData<AreaNode[]>(ComponentPath.area, { json: { levNum, parentCode }, signal }).then((d) => (Array.isArray(d) ? d : []));
}

/** Cascading province → city → district (docs/product/shell-and-sign-in.md#area-picker: getAreaData / getAreaList). */
export function AreaPicker({ value, onChange, levels = AREA_DEFAULT_LEVELS, disabled = false, testId = 'area-picker' }: AreaPickerProps) {
  const { t, lang } = useT();
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

  return (
    <div className="sf-area-picker" data-testid={testId} data-value={value}>
      {Array.from({ length: levels }, (_, i) => (
        <select
          key={i}
          className="ui dropdown"
          value={codes[i] ?? ''}
          disabled={disabled || !options[i]}
          aria-label={t(LEVEL_LABEL[i + 1] ?? 'widgets.area.level1')}
          data-testid={`area-level-${i + 1}`}
          onChange={(e) => choose(i, e.target.value)}
        >
          <option value="">{t(LEVEL_LABEL[i + 1] ?? 'widgets.area.level1')}</option>
          {(options[i] ?? []).map((n) => (
            <option key={n.CODE} value={n.CODE}>
              {n.NAME}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
