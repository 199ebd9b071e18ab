import { useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { Checkbox, Icon, Label, Pagination } from 'semantic-ui-react';
import { USER_TYPES, type PickerOrgNode } from '@schoolflow/contracts';
import { useT, type WebKey } from '../../i18n/use-t.js';
import { useFilters } from '../list-page.js';
import { toast } from '../../util/toast.js';
import { useDisclosure } from '../../util/use-disclosure.js';
import { PICKER_MAX_COLLAPSE, PICKER_MULTIPLE_LIMIT, PICKER_PAGE_SIZE, PICKER_PAGER_COUNT, PICKER_POPOVER_WIDTH, PICKER_TREE_HEIGHT } from './form-defaults.js';
import { usePickerOrgs, usePickerPeople, usePickerRoles } from './use-picker-sources.js';
import './widgets.css';

export type PickerKind = 'people' | 'org' | 'role';
const SORT: Record<PickerKind, 0 | 1 | 2> = { people: 0, org: 1, role: 2 };

/** Picker selection item (docs/product/shell-and-sign-in.md#people-picker). */
export interface PickerItem {
  CODE: string;
  NAME: string;
  TYPE: PickerKind;
  SORT: 0 | 1 | 2;
}

export type SelectAllState = 'none' | 'some' | 'all';

/** docs/product/shell-and-sign-in.md#people-picker: checked when every node is selected, indeterminate when some are. */
export function selectAllState(codes: readonly string[], selected: ReadonlySet<string>): SelectAllState {
  const n = codes.filter((c) => selected.has(c)).length;
  if (codes.length === 0 || n === 0) return 'none';
  return n === codes.length ? 'all' : 'some';
}

export interface PeoplePickerProps {
  value: readonly PickerItem[];
  onChange: (items: PickerItem[]) => void;
  /** Tabs shown, in order. Default all three. */
  kinds?: readonly PickerKind[];
  /** 0 = no limit. */
  multipleLimit?: number;
  /** One person, one org and one role at most. */
  single?: boolean;
  /** -1 = off; otherwise show the last maxCollapse tags and '+N'. */
  maxCollapse?: number;
  /** Optional CODE prefix per kind (e.g. {org: 'ORG_'}). */
  codePrefix?: Partial<Record<PickerKind, string>>;
  placeholder?: string;
  disabled?: boolean;
  popoverWidth?: number;
  treeHeight?: number;
  testId?: string;
}

function flattenOrgs(nodes: readonly PickerOrgNode[], depth = 0, out: { node: PickerOrgNode; depth: number }[] = []) {
  for (const n of nodes) {
    out.push({ node: n, depth });
    flattenOrgs(n.CHILD ?? [], depth + 1, out);
  }
  return out;
}

function sortItems(items: PickerItem[]): PickerItem[] {
  return items.map((it, i) => ({ it, i })).sort((a, b) => a.it.SORT - b.it.SORT || a.i - b.i).map((x) => x.it);
}

/** People / organisation / role picker (docs/product/shell-and-sign-in.md#people-picker). */
export function PeoplePicker({
  value,
  onChange,
  kinds = ['people', 'org', 'role'],
  multipleLimit = PICKER_MULTIPLE_LIMIT,
  single = false,
  maxCollapse = PICKER_MAX_COLLAPSE,
  codePrefix = {},
  placeholder,
  disabled = false,
  popoverWidth = PICKER_POPOVER_WIDTH,
  treeHeight = PICKER_TREE_HEIGHT,
  testId = 'people-picker',
}: PeoplePickerProps) {
  const { t, lang } = useT();
  const popover = useDisclosure();
  const open = popover.opened;
  const [tab, setTab] = useState<PickerKind>(kinds[0] ?? 'people');
  const [error, setError] = useState('');
  const root = useRef<HTMLDivElement>(null);

  // people tab
  const [page, setPage] = useState(0);
  // what is typed and chosen, and what the list was asked with (Enter or a type asks again, from the first page)
  const search = useFilters({ KEYWORD: '', USERTYPE: '' }, () => setPage(0));
  const { KEYWORD: keyword, USERTYPE: userType } = search.filters;
  const { people, loading } = usePickerPeople({ KEYWORD: search.applied.KEYWORD.trim(), USERTYPE: search.applied.USERTYPE }, page, open && tab === 'people');
  // org and role tabs
  const orgs = usePickerOrgs(lang, open && tab === 'org');
  const roles = usePickerRoles(lang, open && tab === 'role');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const prefix = (kind: PickerKind) => codePrefix[kind] ?? '';
  const selected = useMemo(() => new Set(value.map((v) => `${v.TYPE}:${v.CODE}`)), [value]);
  const isSelected = (kind: PickerKind, code: string) => selected.has(`${kind}:${prefix(kind)}${code}`);

  const { close } = popover;
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target) && !document.querySelector('.ui.modal')?.contains(e.target)) close();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, close]);

  /** Applies a change unless it breaks multipleLimit; then the error shows and the selection stays. */
  const commit = (next: PickerItem[]) => {
    if (multipleLimit > 0 && next.length > multipleLimit && next.length > value.length) {
      const msg = t('widgets.picker.tooMany', { n: multipleLimit });
      setError(msg);
      toast.error(msg);
      return;
    }
    setError('');
    onChange(sortItems(next));
  };

  const toggle = (kind: PickerKind, code: string, name: string) => {
    const full = `${prefix(kind)}${code}`;
    if (isSelected(kind, code)) {
      commit(value.filter((v) => !(v.TYPE === kind && v.CODE === full)));
      return;
    }
    const item: PickerItem = { CODE: full, NAME: name, TYPE: kind, SORT: SORT[kind] };
    commit(single ? [...value.filter((v) => v.TYPE !== kind), item] : [...value, item]);
  };

  /** Select-all over the nodes of the open tab (people: the page shown). */
  const setAll = (kind: PickerKind, nodes: { code: string; name: string }[], on: boolean) => {
    const full = new Set(nodes.map((n) => `${prefix(kind)}${n.code}`));
    const rest = value.filter((v) => !(v.TYPE === kind && full.has(v.CODE)));
    if (!on) return commit(rest);
    const added = nodes.map((n): PickerItem => ({ CODE: `${prefix(kind)}${n.code}`, NAME: n.name, TYPE: kind, SORT: SORT[kind] }));
    commit([...rest, ...added]);
  };

  const remove = (item: PickerItem) => {
    setError('');
    onChange(value.filter((v) => v !== item));
  };

  // Tags: all, or the last maxCollapse plus '+N' when collapsing is on.
  const hidden = maxCollapse >= 0 ? Math.max(0, value.length - maxCollapse) : 0;
  const shown = maxCollapse >= 0 ? value.slice(hidden) : value;

  const tabNodes = (): { code: string; name: string }[] => {
    if (tab === 'people') return people.rows.map((p) => ({ code: p.USERID, name: p.USERNAME }));
    if (tab === 'org') return flattenOrgs(orgs).map(({ node }) => ({ code: node.CODE, name: node.NAME }));
    return roles.flatMap((g) => (g.CHILD ?? []).map((r) => ({ code: r.CODE, name: r.NAME })));
  };
  const nodes = open ? tabNodes() : [];
  const allState = selectAllState(
    nodes.map((n) => n.code),
    new Set(value.filter((v) => v.TYPE === tab).map((v) => v.CODE.slice(prefix(tab).length))),
  );

  const row = (kind: PickerKind, code: string, name: string, extra: string, depth = 0, expander: ReactNode = null) => {
    const on = isSelected(kind, code);
    return (
      <div key={`${kind}:${code}`} className="sf-wpicker-row" style={{ paddingLeft: 2 + depth * 16 }} data-testid={kind === 'people' ? `${testId}-row` : `${testId}-${kind}`} data-code={code} data-account={kind === 'people' ? code : undefined} data-selected={on ? '1' : '0'}>
        {expander}
        <Checkbox checked={on} label={name} onChange={() => toggle(kind, code, name)} />
        {extra ? <span className="sf-hint">{extra}</span> : null}
      </div>
    );
  };

  const orgRows = (list: readonly PickerOrgNode[], depth: number): ReactNode[] =>
    list.flatMap((n) => {
      const kids = n.CHILD ?? [];
      const closed = collapsed.has(n.CODE);
      const expander =
        kids.length > 0 ? (
          <Icon
            name={closed ? 'caret right' : 'caret down'}
            link
            onClick={() =>
              setCollapsed((s) => {
                const next = new Set(s);
                if (next.has(n.CODE)) next.delete(n.CODE);
                else next.add(n.CODE);
                return next;
              })
            }
          />
        ) : (
          <Icon name="circle outline" style={{ visibility: 'hidden' }} />
        );
      return [row('org', n.CODE, n.NAME, '', depth, expander), ...(closed ? [] : orgRows(kids, depth + 1))];
    });

  const pages = Math.max(1, Math.ceil(people.total / PICKER_PAGE_SIZE));
  const tabLabel: Record<PickerKind, WebKey> = { people: 'widgets.picker.people', org: 'widgets.picker.org', role: 'widgets.picker.role' };

  return (
    <div className="sf-wpicker" ref={root} data-testid={testId} data-count={value.length} data-open={open ? '1' : '0'}>
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        className={`sf-wpicker-control ${disabled ? 'disabled' : ''}`}
        onClick={() => !disabled && popover.toggle()}
        onKeyDown={(e) => {
          if (!disabled && (e.key === 'Enter' || e.key === ' ')) popover.toggle();
        }}
        data-testid={`${testId}-open`}
      >
        {value.length === 0 ? <span className="sf-placeholder">{placeholder ?? t('widgets.placeholder')}</span> : null}
        {hidden > 0 ? (
          <Label size="small" data-testid={`${testId}-tag-more`} data-count={hidden}>
            {t('widgets.picker.more', { count: hidden })}
          </Label>
        ) : null}
        {shown.map((v) => (
          <Label key={`${v.TYPE}:${v.CODE}`} size="small" color={v.TYPE === 'org' ? 'teal' : v.TYPE === 'role' ? 'violet' : undefined} data-testid={`${testId}-tag`} data-code={v.CODE} data-type={v.TYPE} data-account={v.TYPE === 'people' ? v.CODE : undefined}>
            {v.NAME}
            {disabled ? null : (
              <Icon
                name="delete"
                data-testid={`${testId}-tag-remove`}
                onClick={(e: ReactMouseEvent) => {
                  e.stopPropagation();
                  remove(v);
                }}
              />
            )}
          </Label>
        ))}
        <Icon name="dropdown" />
      </div>
      {error ? (
        <div className="sf-wpicker-error" data-testid={`${testId}-error`}>
          {error}
        </div>
      ) : null}
      {open ? (
        <div className="sf-wpicker-panel" style={{ width: popoverWidth }} data-testid={`${testId}-panel`}>
          {kinds.length > 1 ? (
            <div className="sf-wpicker-tabs">
              {kinds.map((k) => (
                <button key={k} type="button" className={tab === k ? 'active' : ''} onClick={() => setTab(k)} data-testid={`${testId}-tab-${k}`}>
                  {t(tabLabel[k])}
                </button>
              ))}
            </div>
          ) : null}
          {tab === 'people' ? (
            <>
              <div className="sf-wpicker-filter">
                <div className="ui mini fluid input" style={{ flex: 1 }}>
                  <input
                    value={keyword}
                    placeholder={t('widgets.picker.search')}
                    maxLength={100}
                    data-testid={`${testId}-search`}
                    onChange={(e) => search.set('KEYWORD', e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        search.search();
                      }
                    }}
                  />
                </div>
                <select
                  className="ui mini compact dropdown"
                  value={userType}
                  aria-label={t('widgets.picker.userType')}
                  data-testid={`${testId}-user-type`}
                  onChange={(e) => search.choose({ KEYWORD: keyword, USERTYPE: e.target.value })}
                >
                  <option value="">{t('widgets.picker.allTypes')}</option>
                  {USER_TYPES.map((ut) => (
                    <option key={ut} value={ut}>
                      {t(`users.types.${ut}` as WebKey)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={loading ? 'sf-loading' : ''} data-testid={`${testId}-results`}>
                {people.rows.length === 0 ? <div className="sf-hint">{t('common.empty')}</div> : people.rows.map((p) => row('people', p.USERID, p.USERNAME, p.USERID))}
              </div>
              {pages > 1 ? (
                <Pagination
                  size="mini"
                  activePage={page + 1}
                  totalPages={pages}
                  siblingRange={Math.floor((PICKER_PAGER_COUNT - 1) / 2)}
                  boundaryRange={0}
                  firstItem={null}
                  lastItem={null}
                  ellipsisItem={null}
                  onPageChange={(_, d) => setPage((Number(d.activePage) || 1) - 1)}
                  data-testid={`${testId}-pager`}
                />
              ) : null}
            </>
          ) : null}
          {tab === 'org' ? (
            <div className="sf-wpicker-tree" style={{ height: treeHeight }} data-testid={`${testId}-org-tree`}>
              {orgs.length === 0 ? <div className="sf-hint">{t('common.empty')}</div> : orgRows(orgs, 0)}
            </div>
          ) : null}
          {tab === 'role' ? (
            <div className="sf-wpicker-tree" style={{ height: treeHeight }} data-testid={`${testId}-role-list`}>
              {roles.length === 0 ? (
                <div className="sf-hint">{t('common.empty')}</div>
              ) : (
                roles.map((g) => (
                  <div key={g.CODE} data-testid={`${testId}-role-group`} data-code={g.CODE}>
                    <div className="sf-wpicker-group">{g.NAME}</div>
                    {(g.CHILD ?? []).map((r) => row('role', r.CODE, r.NAME, '', 1))}
                  </div>
                ))
              )}
            </div>
          ) : null}
          <div className="sf-wpicker-footer">
            {single ? (
              <span className="sf-hint">{t('widgets.picker.single')}</span>
            ) : (
              <Checkbox
                label={t('widgets.picker.selectAll')}
                checked={allState === 'all'}
                indeterminate={allState === 'some'}
                disabled={nodes.length === 0}
                onChange={() => setAll(tab, nodes, allState !== 'all')}
                data-testid={`${testId}-select-all`}
                data-state={allState}
              />
            )}
            <span>
              <button type="button" className="ui mini basic button" onClick={() => commit([])} data-testid={`${testId}-clear`}>
                {t('widgets.picker.clear')}
              </button>
              <button type="button" className="ui mini primary button" onClick={popover.close} data-testid={`${testId}-ok`}>
                {t('widgets.picker.ok')}
              </button>
            </span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
