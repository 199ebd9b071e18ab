import { useMemo, useState } from 'react';
import { Icon, Label } from 'semantic-ui-react';
import type { ResourceOption } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { useDebounced } from '../util/use-debounced.js';
import { OPTIONS_PAGE, useOptionLabels, useResourceOptions } from './use-resource-options.js';

const SEARCH_DELAY_MS = 300;

/**
 * The options to offer: those matching the keyword, plus the chosen ones (which the first OPTIONS_PAGE may not hold),
 * and whether a search box is needed — always for a large source (students), else once the source has more options
 * than one answer carries.
 */
function useChoices(source: string, chosen: readonly string[], alwaysSearch: boolean) {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword, SEARCH_DELAY_MS);
  const found = useResourceOptions(source, settled);
  const wanted = useMemo(() => new Map(chosen.length > 0 ? [[source, [...chosen]]] : []), [source, chosen]);
  const known = useOptionLabels(wanted);
  const list = found.data ?? [];
  // the unfiltered answer (the one `found` is before any keyword; cached, so no second request) says whether the
  // source holds more than one answer carries
  const unfiltered = useResourceOptions(source, '');
  const needsSearch = alwaysSearch || (unfiltered.data?.length ?? 0) >= OPTIONS_PAGE;
  const seen = new Set(list.map((o) => o.value));
  const options: ResourceOption[] = [...known.options(source).filter((o) => !seen.has(o.value)), ...list];
  return { keyword, setKeyword, options, labelOf: (v: string) => known.labelOf(source, v) ?? options.find((o) => o.value === v)?.label, needsSearch, loading: found.isFetching };
}

function SearchBox({ testId, value, onValue }: { testId: string; value: string; onValue: (v: string) => void }) {
  const { t } = useT();
  return (
    <div className="ui fluid mini icon input sf-ref-search">
      <input type="search" value={value} placeholder={t('resourceKit.searchOptions')} aria-label={t('resourceKit.searchOptions')} data-testid={`${testId}-search`} onChange={(e) => onValue(e.target.value)} />
      <Icon name="search" />
    </div>
  );
}

interface SelectProps {
  source: string;
  value: string;
  onValue: (value: string) => void;
  /** The select's id and data-testid; its search box is `${testId}-search`. */
  testId: string;
  /** The text of the empty choice (请选择, 全部). */
  emptyText: string;
  alwaysSearch?: boolean;
  invalid?: boolean;
}

/** One option of a resource or an option source, as a native select (browser tests pick with selectOption). */
export function RefSelect({ source, value, onValue, testId, emptyText, alwaysSearch = false, invalid }: SelectProps) {
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const c = useChoices(source, chosen, alwaysSearch);
  return (
    <div className="sf-ref-select">
      {c.needsSearch ? <SearchBox testId={testId} value={c.keyword} onValue={c.setKeyword} /> : null}
      <select id={testId} className="ui fluid dropdown" value={value} data-testid={testId} aria-invalid={invalid} onChange={(e) => onValue(e.target.value)}>
        <option value="">{emptyText}</option>
        {/* the chosen value before its label arrives: an option, so the select does not fall back to the empty one */}
        {value && !c.options.some((o) => o.value === value) ? <option value={value}>…</option> : null}
        {c.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Several options (a staff member's roles, a teaching class's students): the chosen ones as removable labels, and a
 * select that adds one more (with a search box for large sources), up to `max`.
 */
export function RefsSelect({ source, value, onValue, testId, max, alwaysSearch = false, invalid }: Omit<SelectProps, 'value' | 'onValue' | 'emptyText'> & { value: readonly string[]; onValue: (value: string[]) => void; max: number }) {
  const { t } = useT();
  const c = useChoices(source, value, alwaysSearch);
  const chosen = new Set(value);
  const full = value.length >= max;
  return (
    <div className="sf-ref-select sf-refs-select">
      <div className="sf-refs-chosen" data-testid={`${testId}-chosen`} data-count={value.length}>
        {value.map((v) => (
          <Label key={v} size="small" data-testid={`${testId}-chosen-item`} data-value={v}>
            {c.labelOf(v) ?? '…'}
            <Icon name="delete" role="button" aria-label={t('resourceKit.remove')} data-testid={`${testId}-remove-${v}`} onClick={() => onValue(value.filter((x) => x !== v))} />
          </Label>
        ))}
      </div>
      {c.needsSearch ? <SearchBox testId={testId} value={c.keyword} onValue={c.setKeyword} /> : null}
      <select
        id={testId}
        className="ui fluid dropdown"
        value=""
        disabled={full}
        data-testid={testId}
        aria-invalid={invalid}
        onChange={(e) => {
          if (e.target.value && !chosen.has(e.target.value)) onValue([...value, e.target.value]);
        }}
      >
        <option value="">{full ? t('resourceKit.children.max', { max }) : c.options.some((o) => !chosen.has(o.value)) ? t('resourceKit.choose') : t('resourceKit.noOptions')}</option>
        {c.options
          .filter((o) => !chosen.has(o.value))
          .map((o) => (
            <option key={o.value} value={o.value}>
              {o.key ? `${o.label} (${o.key})` : o.label}
            </option>
          ))}
      </select>
    </div>
  );
}
