import type { AreaNode } from '@schoolflow/contracts';
import { useT, type WebKey } from '../../i18n/use-t.js';
import { AREA_DEFAULT_LEVELS } from './form-defaults.js';
import { useAreaPicker } from './use-area-picker.js';
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

/** Cascading province → city → district (docs/product/shell-and-sign-in.md#area-picker: getAreaData / getAreaList). */
export function AreaPicker({ value, onChange, levels = AREA_DEFAULT_LEVELS, disabled = false, testId = 'area-picker' }: AreaPickerProps) {
  const { t } = useT();
  const { options, codes, choose } = useAreaPicker(value, onChange, levels);

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
