import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Icon, Message, Segment, Table } from 'semantic-ui-react';
import type { ResourceAction, ResourceDef, ResourceRecord } from '@schoolflow/contracts';
import { useAuthorized } from '../components/authorized.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { EmptyRow } from '../components/empty-state.js';
import { Pager, usePaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { Cell } from './cell.js';
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
          <option value="">{t('resourceKit.all')}</option>
          {enumOptions(f, name).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
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
    <Form.Field>
      <label htmlFor={id}>{label}</label>
      {control}
    </Form.Field>
  );
}

export interface ResourcePageProps {
  def: ResourceDef;
  /** The admission page (招生管理): the students resource under its own title, batch first, numbers generated. */
  admission?: boolean;
  active: boolean;
}

/**
 * The one list page of every resource: its title, a keyword box and a control per declared filter, the declared
 * columns (enum and yes/no values by their labels, references by their options' labels), a pager, and — for those
 * who may write — new, edit, delete, import, export and the template, as far as the declaration's actions allow.
 */
export function ResourcePage({ def, admission = false, active }: ResourcePageProps) {
  const { t } = useT();
  const name = def.name;
  const title = resourceTitle(def, admission);
  const canWrite = useAuthorized({ all: [def.permissions.write] });
  const canImport = useAuthorized({ all: [def.permissions.import ?? def.permissions.write] });
  const allows = (a: ResourceAction): boolean => def.actions.includes(a);
  const filters = filterFields(def, admission);

  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState<Filters>({});
  const [applied, setApplied] = useState<{ keyword: string; filters: Filters }>({ keyword: '', filters: {} });
  const { current, size, setCurrent, setSize } = usePaging();
  const list = useResourceList(name, { current, size, keyword: applied.keyword, filters: applied.filters }, active);
  const rows: ResourceRecord[] = useMemo(() => list.data?.list ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const wanted = useMemo(() => refValuesOf(def, def.list.columns, rows), [def, rows]);
  const { labelOf } = useOptionLabels(wanted);

  const [form, setForm] = useState<FormTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const remove = useDeleteResource(name);
  const { template, exportList } = useResourceDownload(name, title);

  // The last row of the last page was deleted: step back to the page that now is the last.
  useEffect(() => {
    if (list.data && list.data.list.length === 0 && current > 1 && total > 0) setCurrent(Math.max(1, Math.ceil(total / size)));
  }, [list.data, current, total, size, setCurrent]);

  const apply = (next: { keyword: string; filters: Filters }) => {
    setApplied(next);
    setCurrent(1);
  };
  const setFilter = (field: string, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (choiceKinds.has(def.fields[field]?.kind ?? '')) apply({ keyword, filters: next });
  };
  const reset = () => {
    setKeyword('');
    setDraft({});
    apply({ keyword: '', filters: {} });
  };
  const exportQuery = () => {
    const { current: _c, size: _s, ...rest } = listQuery({ current, size, ...applied });
    return rest;
  };

  const openCreate = () => {
    // On the admission page a batch chosen in the filter is the new student's batch.
    const batch = admission ? applied.filters.enrollmentBatchId : undefined;
    setForm({ mode: 'create', ...(batch ? { prefill: { enrollmentBatchId: batch } } : {}) });
  };
  const confirmDelete = async (row: ResourceRecord) => {
    const label = typeof row[def.label] === 'string' ? (row[def.label] as string) : row.id;
    if (await confirmAction(t('resourceKit.confirmDelete', { label }))) remove.mutate(row.id);
  };

  const editable = canWrite && allows('update');
  const deletable = canWrite && allows('delete');
  const columns = def.list.columns;

  return (
    <div className="sf-page sf-admin sf-resource-page" data-testid={`resource-${name}`} data-resource={name} data-mode={admission ? 'admission' : 'list'}>
      {admission ? (
        <Message info size="small" data-testid="resource-hint">
          <Icon name="info circle" />
          {kitText('resource.admission.hint')}
        </Message>
      ) : null}
      <Segment className="sf-card sf-search-card">
        <Form onSubmit={() => apply({ keyword, filters: draft })} className="sf-resource-filters" data-testid="resource-filters">
          <Form.Field className="sf-resource-keyword">
            <label htmlFor={`resource-${name}-keyword`}>{t('resourceKit.search')}</label>
            <input id={`resource-${name}-keyword`} type="search" value={keyword} maxLength={100} placeholder={keywordPlaceholder(def)} data-testid="resource-search" onChange={(e) => setKeyword(e.target.value)} />
          </Form.Field>
          {filters.map((f) => (
            <FilterControl key={f} def={def} name={f} value={draft[f] ?? ''} onValue={(v) => setFilter(f, v)} />
          ))}
          <div className="sf-search-actions">
            <Button primary type="submit" data-testid="resource-search-submit">
              <Icon name="search" /> {t('resourceKit.search')}
            </Button>
            <Button type="button" basic onClick={reset} data-testid="resource-reset">
              <Icon name="undo" /> {t('resourceKit.reset')}
            </Button>
          </div>
        </Form>
      </Segment>

      <Segment className="sf-card" loading={list.isFetching}>
        <div className="sf-card-head">
          <h3 className="sf-card-title" data-testid="resource-title">
            <Icon name="table" /> {title}
          </h3>
          <div className="sf-toolbar">
            {canWrite && allows('create') ? (
              <Button primary size="small" onClick={openCreate} data-testid="resource-new">
                <Icon name="plus" /> {t('resourceKit.create')}
              </Button>
            ) : null}
            {canImport && allows('import') && def.excel ? (
              <>
                <Button basic size="small" onClick={() => setImportOpen(true)} data-testid="resource-import">
                  <Icon name="upload" /> {t('resourceKit.import')}
                </Button>
                <Button basic size="small" loading={template.isPending} disabled={template.isPending} onClick={() => template.mutate()} data-testid="resource-template">
                  <Icon name="file excel outline" /> {t('resourceKit.template')}
                </Button>
              </>
            ) : null}
            {/* the API lets whoever reads the list export it (scoped readers their part), so no write grant here */}
            {allows('export') ? (
              <Button basic size="small" loading={exportList.isPending} disabled={exportList.isPending} onClick={() => exportList.mutate(exportQuery())} data-testid="resource-export">
                <Icon name="download" /> {t('resourceKit.export')}
              </Button>
            ) : null}
            <Button basic size="small" icon="refresh" title={t('resourceKit.refresh')} aria-label={t('resourceKit.refresh')} onClick={() => void list.refetch()} data-testid="resource-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable className="sf-table" data-testid="resource-table" data-total={total}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.HeaderCell key={c} data-field={c}>
                    {fieldLabel(def, c)}
                  </Table.HeaderCell>
                ))}
                {editable || deletable ? <Table.HeaderCell collapsing>{t('resourceKit.actions')}</Table.HeaderCell> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 ? (
                <EmptyRow colSpan={columns.length + 1} text={t('common.empty')} testId="resource-empty" />
              ) : (
                rows.map((row) => (
                  <Table.Row key={row.id} data-testid={`resource-row-${row.id}`} data-id={row.id}>
                    {columns.map((c) => (
                      <Table.Cell key={c}>
                        <Cell def={def} field={c} value={row[c]} labelOf={labelOf} />
                      </Table.Cell>
                    ))}
                    {editable || deletable ? (
                      <Table.Cell singleLine>
                        {editable ? (
                          <Button size="mini" basic icon="edit" title={t('resourceKit.edit')} aria-label={t('resourceKit.edit')} onClick={() => setForm({ mode: 'update', id: row.id })} data-testid={`resource-edit-${row.id}`} />
                        ) : null}
                        {deletable ? (
                          <Button
                            size="mini"
                            basic
                            color="red"
                            icon="trash alternate outline"
                            title={t('resourceKit.delete')}
                            aria-label={t('resourceKit.delete')}
                            disabled={remove.isPending && remove.variables === row.id}
                            onClick={() => void confirmDelete(row)}
                            data-testid={`resource-delete-${row.id}`}
                          />
                        ) : null}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager testId="resource-pager" total={total} current={current} size={size} onPage={setCurrent} onSize={setSize} />
      </Segment>

      {form ? <ResourceForm def={def} target={form} admission={admission} onClose={() => setForm(null)} /> : null}
      {def.excel ? <ImportDialog def={def} title={title} open={importOpen} onClose={() => setImportOpen(false)} /> : null}
    </div>
  );
}
