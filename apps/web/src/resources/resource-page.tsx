import { useEffect, useMemo } from 'react';
import { Icon, Message } from 'semantic-ui-react';
import type { ResourceAction, ResourceDef, ResourceRecord } from '@schoolflow/contracts';
import { useAuthorized } from '../components/authorized.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { actionsColumn, DeleteButton, FilterCard, FilterField, ListCard, OptionList, RowButton, ToolButton, useFilters, type Column } from '../components/list-page.js';
import { useViewPaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { useDialogTarget, useDisclosure } from '../util/use-disclosure.js';
import { Cell } from './cell.js';
import { type ResourceColumnsHook, useNoColumns } from './resource-columns.js';
import { ImportDialog } from './import-dialog.js';
import { RefSelect } from './ref-select.js';
import { ResourceForm, type FormTarget } from './resource-form.js';
import { enumOptions, fieldLabel, keywordPlaceholder, kitText, listQuery, refValuesOf, resourceTitle } from './resource-format.js';
import { useDeleteResource } from './use-delete-resource.js';
import { useResourceDownload } from './use-resource-download.js';
import { useResourceList } from './use-resource-list.js';
import { useOptionLabels } from './use-resource-options.js';
import '../views/ms/admin.css';
import './resource.css';

type Filters = Record<string, string>;

/** The filters shown, in order: the declaration's, the enrollment batch first on the admission page. */
function filterFields(def: ResourceDef, admission: boolean): string[] {
  const all = [...def.list.filters];
  return admission ? [...all.filter((f) => f === 'enrollmentBatchId'), ...all.filter((f) => f !== 'enrollmentBatchId')] : all;
}

/** Filters whose control applies at once (a choice); the rest (typed) apply with the search button. */
const choiceKinds = new Set(['enum', 'bool', 'ref', 'refs']);

function FilterControl({ def, name, value, onValue }: { def: ResourceDef; name: string; value: string; onValue: (v: string) => void }) {
  const { t } = useT();
  const f = def.fields[name];
  const id = `filter-${name}`;
  const label = fieldLabel(def, name);
  let control;
  switch (f?.kind) {
    case 'enum':
      control = (
        <select id={id} className="ui dropdown" value={value} data-testid={id} onChange={(e) => onValue(e.target.value)}>
          <OptionList empty={t('resourceKit.all')} options={enumOptions(f, name)} />
        </select>
      );
      break;
    case 'bool':
      control = (
        <select id={id} className="ui dropdown" value={value} data-testid={id} onChange={(e) => onValue(e.target.value)}>
          <option value="">{t('resourceKit.all')}</option>
          <option value="true">{kitText('resource.enums.yes')}</option>
          <option value="false">{kitText('resource.enums.no')}</option>
        </select>
      );
      break;
    case 'ref':
    case 'refs':
      control = <RefSelect source={f.ref ?? ''} value={value} onValue={onValue} testId={id} emptyText={t('resourceKit.all')} alwaysSearch={f.ref === 'students'} />;
      break;
    case 'text':
    case 'longText':
    case 'int':
    case 'decimal':
    case 'date':
    case 'photo': // never a filter
    case undefined:
      control = (
        <input
          id={id}
          type={f?.kind === 'int' || f?.kind === 'decimal' ? 'number' : f?.kind === 'date' ? 'date' : 'text'}
          value={value}
          maxLength={100}
          data-testid={id}
          onChange={(e) => onValue(e.target.value)}
        />
      );
  }
  return (
    <FilterField id={id} label={label} inline={false}>
      {control}
    </FilterField>
  );
}

/**
 * A view of a resource's list under a page of its own (非编教职工维护: the staff whose employment is not 在编): filters
 * always applied (not shown; the export too), the columns it shows (the declaration's list columns and `extra`), its
 * title, a hint above, and what a new record starts with.
 */
export interface ResourcePreset {
  key: string;
  title: string;
  hint?: string;
  filters: Readonly<Record<string, string>>;
  columns?: readonly string[];
  prefill?: Record<string, unknown>;
}

export interface ResourcePageProps {
  def: ResourceDef;
  /** The admission page (招生管理): the students resource under its own title, batch first, numbers generated. */
  admission?: boolean;
  active: boolean;
  /** Columns other features add after the declared ones (a hook, the same one for the page's life). */
  useColumns?: ResourceColumnsHook;
  preset?: ResourcePreset;
}

/**
 * The one list page of every resource: its title, a keyword box and a control per declared filter, the declared
 * columns (enum and yes/no values by their labels, references by their options' labels), a pager, and — for those
 * who may write — new, edit, delete, import, export and the template, as far as the declaration's actions allow.
 */
export function ResourcePage({ def, admission = false, active, useColumns = useNoColumns, preset }: ResourcePageProps) {
  const { t, lang } = useT();
  const name = def.name;
  const title = preset?.title ?? resourceTitle(def, admission);
  const canWrite = useAuthorized({ all: [def.permissions.write] });
  const canImport = useAuthorized({ all: [def.permissions.import ?? def.permissions.write] });
  const allows = (a: ResourceAction): boolean => def.actions.includes(a);
  const filters = filterFields(def, admission).filter((f) => !preset || !Object.hasOwn(preset.filters, f));
  const shownColumns = preset?.columns ?? def.list.columns;

  const { current, size, setCurrent, setSize } = useViewPaging();
  // what is typed and chosen, and what the list was asked with (a search, a choice, a reset go back to page 1)
  const search = useFilters<{ keyword: string; filters: Filters }>({ keyword: '', filters: {} }, () => setCurrent(1));
  const { applied } = search;
  const { keyword, filters: draft } = search.filters;
  const listFilters = useMemo(() => ({ ...applied.filters, ...preset?.filters }), [applied.filters, preset]);
  const list = useResourceList(name, { current, size, keyword: applied.keyword, filters: listFilters }, active);
  const rows: ResourceRecord[] = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const wanted = useMemo(() => refValuesOf(def, shownColumns, rows), [def, shownColumns, rows]);
  const { labelOf } = useOptionLabels(wanted);
  const added = useColumns(rows, active);

  const { target: form, open: openForm, close: closeForm } = useDialogTarget<FormTarget>();
  const importing = useDisclosure();
  const remove = useDeleteResource(name);
  const { template, exportList } = useResourceDownload(name, title);

  // The last row of the last page was deleted: step back to the page that now is the last.
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && current > 1 && total > 0) setCurrent(Math.max(1, Math.ceil(total / size)));
  }, [list.data, current, total, size, setCurrent]);

  // a choice applies at once, with the keyword as typed; a typed filter waits for Search
  const setFilter = (field: string, value: string) => {
    const next = { ...draft, [field]: value };
    if (choiceKinds.has(def.fields[field]?.kind ?? '')) search.choose({ keyword, filters: next });
    else search.set('filters', next);
  };
  const exportQuery = () => {
    const { current: _c, size: _s, ...rest } = listQuery({ current, size, keyword: applied.keyword, filters: listFilters });
    return rest;
  };

  const openCreate = () => {
    // On the admission page a batch chosen in the filter is the new student's batch.
    const batch = admission ? applied.filters.enrollmentBatchId : undefined;
    const prefill = { ...(batch ? { enrollmentBatchId: batch } : {}), ...preset?.prefill };
    openForm({ mode: 'create', ...(Object.keys(prefill).length > 0 ? { prefill } : {}) });
  };
  const confirmDelete = async (row: ResourceRecord) => {
    const label = typeof row[def.label] === 'string' ? (row[def.label] as string) : row.id;
    if (await confirmAction(t('resourceKit.confirmDelete', { label }))) remove.mutate(row.id);
  };

  const editable = canWrite && allows('update');
  const deletable = canWrite && allows('delete');
  // In English a record's name is its English name where it has one (the list answers it beside the name).
  const shown = (row: ResourceRecord, c: string): unknown => (lang === 'en' && c === def.label && def.labelEn && row[def.labelEn] ? row[def.labelEn] : row[c]);
  const columns: Column<ResourceRecord>[] = shownColumns.map((c) => ({ title: fieldLabel(def, c), head: { 'data-field': c }, cell: (row) => <Cell def={def} field={c} value={shown(row, c)} labelOf={labelOf} /> }));
  columns.push(...added);
  if (editable || deletable) {
    columns.push(
      actionsColumn(t('resourceKit.actions'), null, (row) => (
        <>
          {editable ? <RowButton icon="edit" title={t('resourceKit.edit')} onClick={() => openForm({ mode: 'update', id: row.id })} testId={`resource-edit-${row.id}`} /> : null}
          {deletable ? <DeleteButton title={t('resourceKit.delete')} disabled={remove.isPending && remove.variables === row.id} onClick={() => void confirmDelete(row)} testId={`resource-delete-${row.id}`} /> : null}
        </>
      )),
    );
  }

  return (
    <div className="sf-page sf-admin sf-resource-page" data-testid={`resource-${name}`} data-resource={name} data-mode={admission ? 'admission' : preset ? preset.key : 'list'}>
      {preset?.hint ? (
        <Message info size="small" data-testid="resource-hint">
          <Icon name="info circle" />
          {preset.hint}
        </Message>
      ) : null}
      {admission ? (
        <Message info size="small" data-testid="resource-hint">
          <Icon name="info circle" />
          {kitText('resource.admission.hint')}
        </Message>
      ) : null}
      <FilterCard
        testId="resource-filters"
        className="sf-resource-filters"
        resetTestId="resource-reset"
        submitTestId="resource-search-submit"
        searchText={t('resourceKit.search')}
        resetText={t('resourceKit.reset')}
        onSearch={search.search}
        onReset={search.reset}
      >
        <FilterField id={`resource-${name}-keyword`} label={t('resourceKit.search')} inline={false} className="sf-resource-keyword">
          <input id={`resource-${name}-keyword`} type="search" value={keyword} maxLength={100} placeholder={keywordPlaceholder(def)} data-testid="resource-search" onChange={(e) => search.set('keyword', e.target.value)} />
        </FilterField>
        {filters.map((f) => (
          <FilterControl key={f} def={def} name={f} value={draft[f] ?? ''} onValue={(v) => setFilter(f, v)} />
        ))}
      </FilterCard>

      <ListCard
        testId="resource"
        icon="table"
        title={title}
        titleProps={{ 'data-testid': 'resource-title' }}
        list={{ page: { total, list: rows }, loading: list.isFetching, reload: () => void list.refetch(), current, size, setCurrent, setSize }}
        refreshTitle={t('resourceKit.refresh')}
        tools={
          <>
            {canWrite && allows('create') ? <ToolButton primary icon="plus" text={t('resourceKit.create')} onClick={openCreate} testId="resource-new" /> : null}
            {canImport && allows('import') && def.excel ? (
              <>
                <ToolButton icon="upload" text={t('resourceKit.import')} onClick={importing.open} testId="resource-import" />
                <ToolButton icon="file excel outline" text={t('resourceKit.template')} loading={template.isPending} disabled={template.isPending} onClick={() => template.mutate()} testId="resource-template" />
              </>
            ) : null}
            {/* the API lets whoever reads the list export it (scoped readers their part), so no write grant here */}
            {allows('export') ? <ToolButton icon="download" text={t('resourceKit.export')} loading={exportList.isPending} disabled={exportList.isPending} onClick={() => exportList.mutate(exportQuery())} testId="resource-export" /> : null}
          </>
        }
        tableProps={{ 'data-total': total }}
        columns={columns}
        rowProps={(row) => ({ 'data-testid': `resource-row-${row.id}` })}
      />

      {form ? <ResourceForm def={def} target={form} admission={admission} onClose={closeForm} /> : null}
      {def.excel ? <ImportDialog def={def} title={title} open={importing.opened} onClose={importing.close} /> : null}
    </div>
  );
}
