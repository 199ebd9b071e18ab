import { useRef } from 'react';
import { Icon, Label, Message } from 'semantic-ui-react';
import { LANGUAGES, type Language, UI_STRING_NAMESPACES, type UiStringNamespace, type UiStringRow, uiStringsImportSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { actionsColumn, type Column, FilterCard, FilterField, ListCard, RowButton, ToolButton, useFilters } from '../components/list-page.js';
import { useViewPaging } from '../components/pager.js';
import type { ViewProps } from '../router/view-props.js';
import { formatDateTime } from '../util/date.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { OverrideForm } from './override-form.js';
import type { UiStringFilters } from './ui-strings-client.js';
import { useExportOverrides } from './use-export-overrides.js';
import { useImportOverrides } from './use-import-overrides.js';
import { useLanguagesT } from './use-languages-t.js';
import { useResetOverride } from './use-reset-override.js';
import { useUiStrings } from './use-ui-strings.js';
import './ui-strings.css';

const NONE: UiStringFilters = { lang: 'zh', namespace: 'web', q: '', overridden: 'false' };

/**
 * 界面语言 (`/internationalLanguage`; docs/product/administration.md#interface-languages): the strings of a language's
 * namespace, searched by key or words, overridden ones marked; an override edited or put back, and the overrides
 * exported and imported as JSON. A change shows at once in this browser (ui-overrides.ts), in others at their next
 * sign-in or reload.
 */
export default function UiStringsView({ active }: ViewProps) {
  const { l } = useLanguagesT();
  const { current, size, setCurrent, setSize } = useViewPaging(50);
  const search = useFilters<UiStringFilters>(NONE, () => setCurrent(1));
  const { applied, filters } = search;
  const list = useUiStrings(applied, current, size, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<UiStringRow>();
  const reset = useResetOverride();
  const exporting = useExportOverrides();
  const importing = useImportOverrides();
  const file = useRef<HTMLInputElement>(null);

  const confirmReset = async (row: UiStringRow) => {
    if (!(await confirmAction(l('page.confirmReset', { key: `${row.namespace}:${row.key}` })))) return;
    try {
      const res = await reset.mutateAsync({ lang: applied.lang, namespace: row.namespace, key: row.key });
      toast.success(res.msg || l('results.reset'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const importFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    let parsed: ReturnType<typeof uiStringsImportSchema.safeParse>;
    try {
      parsed = uiStringsImportSchema.safeParse(JSON.parse(await chosen.text()));
    } catch {
      toast.error(l('page.fileInvalid'));
      return;
    }
    if (!parsed.success) {
      toast.error(l('page.fileInvalid'));
      return;
    }
    try {
      const res = await importing.mutateAsync(parsed.data);
      toast.success(l('page.importDone', { imported: res.data?.imported ?? 0, unchanged: res.data?.unchanged ?? 0 }));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const columns: Column<UiStringRow>[] = [
    { title: l('page.key'), head: { 'data-field': 'key' }, props: { className: 'sf-ui-string-key' }, cell: (r) => r.key },
    { title: l('page.shipped'), head: { 'data-field': 'shipped' }, cell: (r) => r.shipped },
    {
      title: l('page.override'),
      head: { 'data-field': 'override' },
      cell: (r) =>
        r.override === null ? null : (
          <span data-testid={`ui-string-override-${r.key}`}>
            <Label size="mini" color="orange" horizontal>
              <Icon name="pencil" fitted />
            </Label>
            {r.override}
          </span>
        ),
    },
    { title: l('page.updated'), narrow: true, props: { singleLine: true }, cell: (r) => (r.updatedAt ? <span title={r.updatedBy ?? ''} data-testid={`ui-string-updated-${r.key}`}>{formatDateTime(r.updatedAt).slice(0, 10)}</span> : null) },
    actionsColumn(l('page.actions'), null, (r) => (
      <>
        <RowButton icon="edit" title={l('page.edit')} onClick={() => openEditor(r)} testId={`ui-string-edit-${r.key}`} />
        {r.override !== null ? <RowButton icon="undo" title={l('page.reset')} onClick={() => void confirmReset(r)} testId={`ui-string-reset-${r.key}`} disabled={reset.isPending} /> : null}
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin sf-ui-strings" data-testid="ui-strings-view">
      <Message info size="small" content={l('page.hint')} />
      <FilterCard testId="ui-strings-filters" onSearch={search.search} onReset={search.reset}>
        <FilterField id="ui-strings-lang" label={l('page.lang')}>
          <select id="ui-strings-lang" className="ui dropdown" data-testid="ui-strings-lang" value={filters.lang} onChange={(e) => search.choose({ lang: e.target.value as Language })}>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {l(`names.${lang}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="ui-strings-namespace" label={l('page.namespace')}>
          <select id="ui-strings-namespace" className="ui dropdown" data-testid="ui-strings-namespace" value={filters.namespace} onChange={(e) => search.choose({ namespace: e.target.value as UiStringNamespace })}>
            {UI_STRING_NAMESPACES.map((ns) => (
              <option key={ns} value={ns}>
                {ns}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="ui-strings-q" label={l('page.search')}>
          <input id="ui-strings-q" type="search" maxLength={100} data-testid="ui-strings-q" value={filters.q ?? ''} onChange={(e) => search.set('q', e.target.value)} />
        </FilterField>
        <FilterField id="ui-strings-overridden" label={l('page.overriddenOnly')}>
          <input id="ui-strings-overridden" type="checkbox" data-testid="ui-strings-overridden" checked={filters.overridden === 'true'} onChange={(e) => search.choose({ overridden: e.target.checked ? 'true' : 'false' })} />
        </FilterField>
      </FilterCard>
      <ListCard
        testId="ui-strings"
        icon="language"
        title={l('page.title')}
        sub={
          list.data ? (
            <Label size="small" basic className="sf-ui-strings-count" data-testid="ui-strings-count">
              {l('page.overriddenCount', { count: list.data.overriddenTotal })}
            </Label>
          ) : undefined
        }
        list={{ page: list.data ?? { total: 0, list: [] }, loading: list.isFetching, reload: () => void list.refetch(), current, size, setCurrent, setSize }}
        rowKey={(r) => `${r.namespace}:${r.key}`}
        emptyText={l('page.none')}
        tools={
          <>
            <ToolButton icon="download" text={l('page.export')} loading={exporting.isPending} disabled={exporting.isPending} onClick={() => exporting.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })} testId="ui-strings-export" />
            <ToolButton icon="upload" text={l('page.import')} loading={importing.isPending} disabled={importing.isPending} onClick={() => file.current?.click()} testId="ui-strings-import" />
            <input
              ref={file}
              type="file"
              accept="application/json,.json"
              hidden
              title={l('page.importHint')}
              data-testid="ui-strings-import-file"
              onChange={(e) => {
                void importFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </>
        }
        columns={columns}
      />
      {editing ? <OverrideForm lang={applied.lang} row={editing} onClose={closeEditor} /> : null}
    </div>
  );
}
