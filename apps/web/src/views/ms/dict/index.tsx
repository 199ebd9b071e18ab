import { useMemo, useState } from 'react';
import { Button, Checkbox, Form, Icon, Label, List, Segment, Table } from 'semantic-ui-react';
import { AdminPath, Permission, dictEntrySchema, dictTableSchema, type DictEntryRow, type DictTableRow } from '@schoolflow/contracts';
import { Authorized, useAuthorized } from '../../../components/authorized.js';
import { confirmAction } from '../../../components/confirm-dialog.js';
import { EmptyRow, EmptyState } from '../../../components/empty-state.js';
import { TextField } from '../../../components/form-field.js';
import { Pager } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { FormModal, TextAreaField, runAction, usePagedList, validate, type FieldErrors } from '../admin-kit.js';
import { EntryForm, sectionOf, type EntryDraft } from './entry-form.js';

interface TableDraft {
  id?: string;
  table: string;
  title: string;
  remark: string;
}

const NUMERIC: readonly (keyof EntryDraft)[] = ['sort', 'level'];

function blankEntry(table: string): EntryDraft {
  return {
    table,
    code: '',
    name: '',
    sort: '0',
    parentCode: '',
    level: '1',
    subName: '',
    shortName: '',
    nameEn: '',
    tag1: '',
    note1: '',
    tag2: '',
    note2: '',
    tag3: '',
    note3: '',
    tag4: '',
    note4: '',
    tag5: '',
    note5: '',
    published: false,
    source: '',
    useStart: '',
    useEnd: '',
    remark: '',
  };
}

function toDraft(r: DictEntryRow): EntryDraft {
  return { ...r, sort: String(r.sort), level: String(r.level) };
}

function toInput(d: EntryDraft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) out[k] = typeof v === 'string' && !NUMERIC.includes(k as keyof EntryDraft) ? v.trim() : v;
  out.sort = d.sort === '' ? 0 : d.sort;
  out.level = d.level === '' ? 1 : d.level;
  return out;
}

/** Dictionaries (ms/dict): tables on the left, the selected table's entries on the right. */
export default function DictView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.dictEdit] });
  const [tableKeyword, setTableKeyword] = useState('');
  const [tableQuery, setTableQuery] = useState<Record<string, unknown>>({});
  const tables = usePagedList<DictTableRow>(AdminPath.dictTableList, tableQuery, active, 20);
  const [selected, setSelected] = useState<DictTableRow | null>(null);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const entryQuery = useMemo(() => (selected ? { table: selected.table, ...(applied ? { keyword: applied } : {}) } : null), [selected, applied]);
  const entries = usePagedList<DictEntryRow>(AdminPath.dictList, entryQuery, active);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [tableDraft, setTableDraft] = useState<TableDraft | null>(null);
  const [entryDraft, setEntryDraft] = useState<EntryDraft | null>(null);
  const [section, setSection] = useState<'basic' | 'tags' | 'other'>('basic');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const choose = (row: DictTableRow) => {
    setSelected(row);
    setKeyword('');
    setApplied('');
    setChecked(new Set());
  };

  const saveTable = async () => {
    if (!tableDraft) return;
    const v = validate(dictTableSchema, { ...tableDraft, table: tableDraft.table.trim(), title: tableDraft.title.trim(), remark: tableDraft.remark.trim() });
    if (v.errors) return setErrors(v.errors);
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.dictTableSave, v.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      if (selected && selected.id === tableDraft.id) setSelected({ ...selected, title: v.data.title, remark: v.data.remark });
      setTableDraft(null);
      tables.reload();
    }
  };
  const removeTable = async (row: DictTableRow) => {
    if (!(await confirmAction(t('dict.confirmDeleteTable', { name: `${row.title} (${row.table})` })))) return;
    if ((await runAction(AdminPath.dictTableDelete, { id: row.id, ids: [row.id] }, t('admin.deleted'))).ok) {
      if (selected?.id === row.id) setSelected(null);
      tables.reload();
    }
  };

  const saveEntry = async () => {
    if (!entryDraft) return;
    const v = validate(dictEntrySchema, toInput(entryDraft));
    if (v.errors) {
      setErrors(v.errors);
      const first = Object.keys(v.errors)[0];
      if (first) setSection(sectionOf(first));
      return;
    }
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.dictSave, v.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      setEntryDraft(null);
      entries.reload();
      tables.reload();
    }
  };
  const removeEntries = async (rows: DictEntryRow[]) => {
    if (rows.length === 0) return;
    const name = rows.length === 1 ? `${rows[0]?.name ?? ''} (${rows[0]?.code ?? ''})` : t('dict.entryCount', { count: rows.length });
    if (!(await confirmAction(t('dict.confirmDeleteEntry', { name })))) return;
    if ((await runAction(AdminPath.dictDelete, { ids: rows.map((r) => r.id) }, t('admin.deleted'))).ok) {
      setChecked(new Set());
      entries.reload();
      tables.reload();
    }
  };
  const publish = async (ids: string[], published: boolean) => {
    if (ids.length === 0) return;
    if ((await runAction(AdminPath.dictPublish, { ids, published })).ok) {
      setChecked(new Set());
      entries.reload();
    }
  };

  const list = entries.page.list;
  const allChecked = list.length > 0 && list.every((r) => checked.has(r.id));
  const checkedRows = list.filter((r) => checked.has(r.id));

  return (
    <div className="sf-page sf-admin sf-dict" data-testid="dict-view">
      <Segment className="sf-card sf-dict-tables" loading={tables.loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="book" /> {t('dict.tables')}
          </h3>
          <Authorized all={[Permission.dictEdit]}>
            <Button
              primary
              size="mini"
              icon="plus"
              title={t('dict.createTable')}
              aria-label={t('dict.createTable')}
              onClick={() => {
                setErrors({});
                setTableDraft({ table: 'STD_', title: '', remark: '' });
              }}
              data-testid="dict-table-create"
            />
          </Authorized>
        </div>
        <Form onSubmit={() => setTableQuery(tableKeyword.trim() ? { keyword: tableKeyword.trim() } : {})}>
          <div className="ui fluid small icon input">
            <input value={tableKeyword} placeholder={t('admin.keyword')} maxLength={60} data-testid="dict-table-search" onChange={(e) => setTableKeyword(e.target.value)} />
            <i className="search icon" aria-hidden />
          </div>
        </Form>
        {tables.page.list.length === 0 ? (
          <EmptyState text={t('common.empty')} testId="dict-table-empty" />
        ) : (
          <List selection divided className="sf-dict-table-list" data-testid="dict-table-list">
            {tables.page.list.map((row) => (
              <List.Item key={row.id} active={selected?.id === row.id} onClick={() => choose(row)} data-testid="dict-table-item" data-table={row.table} data-id={row.id}>
                <List.Content floated="right">
                  <Authorized all={[Permission.dictEdit]}>
                    <Icon
                      link
                      name="edit"
                      title={t('admin.edit')}
                      onClick={(e: React.MouseEvent) => {
                        e.stopPropagation();
                        setErrors({});
                        setTableDraft({ id: row.id, table: row.table, title: row.title, remark: row.remark });
                      }}
                      data-testid="dict-table-edit"
                    />
                    <Icon
                      link
                      name="trash alternate outline"
                      color="red"
                      title={t('admin.delete')}
                      onClick={(e: React.MouseEvent) => {
                        e.stopPropagation();
                        void removeTable(row);
                      }}
                      data-testid="dict-table-delete"
                    />
                  </Authorized>
                </List.Content>
                <List.Content>
                  <List.Header>{row.title}</List.Header>
                  <List.Description>
                    <code>{row.table}</code> · {t('dict.entryCount', { count: row.entries })}
                  </List.Description>
                </List.Content>
              </List.Item>
            ))}
          </List>
        )}
        {tables.page.total > tables.size ? <Pager testId="dict-table-pager" total={tables.page.total} current={tables.current} size={tables.size} onPage={tables.setCurrent} onSize={tables.setSize} /> : null}
      </Segment>

      <Segment className="sf-card sf-dict-entries" loading={entries.loading}>
        {!selected ? (
          <EmptyState icon="hand point left outline" text={t('dict.noTable')} testId="dict-no-table" />
        ) : (
          <>
            <div className="sf-card-head">
              <h3 className="sf-card-title" data-testid="dict-entries-title" data-table={selected.table}>
                <Icon name="list ul" /> {selected.title} <code className="sf-hint">{selected.table}</code>
              </h3>
              <div className="sf-toolbar">
                <Form
                  onSubmit={() => setApplied(keyword.trim())}
                  className="sf-inline-search"
                >
                  <div className="ui small icon input">
                    <input value={keyword} placeholder={t('dict.keywordPlaceholder')} maxLength={50} data-testid="dict-entry-search" onChange={(e) => setKeyword(e.target.value)} />
                    <i className="search icon" aria-hidden />
                  </div>
                </Form>
                <Authorized all={[Permission.dictEdit]}>
                  <Button
                    primary
                    size="small"
                    onClick={() => {
                      setErrors({});
                      setSection('basic');
                      setEntryDraft(blankEntry(selected.table));
                    }}
                    data-testid="dict-entry-create"
                  >
                    <Icon name="plus" /> {t('admin.create')}
                  </Button>
                  <Button size="small" basic color="green" disabled={checkedRows.length === 0} onClick={() => void publish(checkedRows.map((r) => r.id), true)} data-testid="dict-entry-publish-selected">
                    {t('dict.publish')}
                  </Button>
                  <Button size="small" basic disabled={checkedRows.length === 0} onClick={() => void publish(checkedRows.map((r) => r.id), false)} data-testid="dict-entry-unpublish-selected">
                    {t('dict.unpublish')}
                  </Button>
                  <Button size="small" basic color="red" disabled={checkedRows.length === 0} onClick={() => void removeEntries(checkedRows)} data-testid="dict-entry-delete-selected">
                    {t('admin.delete')}
                  </Button>
                </Authorized>
                <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={entries.reload} data-testid="dict-entry-refresh" />
              </div>
            </div>
            <div className="sf-table-wrap">
              <Table celled striped compact unstackable className="sf-table" data-testid="dict-entry-table">
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell collapsing>
                      <Checkbox checked={allChecked} disabled={!canEdit || list.length === 0} onChange={(_, d) => setChecked(d.checked ? new Set(list.map((r) => r.id)) : new Set())} data-testid="dict-entry-select-all" />
                    </Table.HeaderCell>
                    <Table.HeaderCell>{t('dict.code')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('dict.name')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('dict.parentCode')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('dict.level')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('dict.shortName')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('dict.nameEn')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('admin.sort')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('dict.published')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('admin.actions')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.length === 0 ? (
                    <EmptyRow colSpan={10} text={t('common.empty')} testId="dict-entry-empty" />
                  ) : (
                    list.map((r) => (
                      <Table.Row key={r.id} data-testid="dict-entry-row" data-id={r.id} data-code={r.code} data-published={r.published ? '1' : '0'}>
                        <Table.Cell>
                          <Checkbox
                            checked={checked.has(r.id)}
                            disabled={!canEdit}
                            onChange={(_, d) =>
                              setChecked((c) => {
                                const x = new Set(c);
                                if (d.checked) x.add(r.id);
                                else x.delete(r.id);
                                return x;
                              })
                            }
                            data-testid="dict-entry-select"
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <code>{r.code}</code>
                        </Table.Cell>
                        <Table.Cell>{r.name}</Table.Cell>
                        <Table.Cell>{r.parentCode}</Table.Cell>
                        <Table.Cell textAlign="center">{r.level}</Table.Cell>
                        <Table.Cell>{r.shortName}</Table.Cell>
                        <Table.Cell>{r.nameEn}</Table.Cell>
                        <Table.Cell textAlign="center">{r.sort}</Table.Cell>
                        <Table.Cell singleLine>
                          <Label size="tiny" color={r.published ? 'green' : undefined} basic={!r.published} data-testid="dict-entry-published">
                            {r.published ? t('dict.publishedYes') : t('dict.publishedNo')}
                          </Label>
                        </Table.Cell>
                        <Table.Cell singleLine>
                          <Authorized all={[Permission.dictEdit]}>
                            <Button
                              size="mini"
                              basic
                              icon="edit"
                              title={t('admin.edit')}
                              aria-label={t('admin.edit')}
                              onClick={() => {
                                setErrors({});
                                setSection('basic');
                                setEntryDraft(toDraft(r));
                              }}
                              data-testid="dict-entry-edit"
                            />
                            <Button
                              size="mini"
                              basic
                              color={r.published ? undefined : 'green'}
                              icon={r.published ? 'eye slash' : 'bullhorn'}
                              title={r.published ? t('dict.unpublish') : t('dict.publish')}
                              aria-label={r.published ? t('dict.unpublish') : t('dict.publish')}
                              onClick={() => void publish([r.id], !r.published)}
                              data-testid="dict-entry-publish"
                            />
                            <Button size="mini" basic color="red" icon="trash alternate outline" title={t('admin.delete')} aria-label={t('admin.delete')} onClick={() => void removeEntries([r])} data-testid="dict-entry-delete" />
                          </Authorized>
                        </Table.Cell>
                      </Table.Row>
                    ))
                  )}
                </Table.Body>
              </Table>
            </div>
            <Pager testId="dict-entry-pager" total={entries.page.total} current={entries.current} size={entries.size} onPage={entries.setCurrent} onSize={entries.setSize} />
          </>
        )}
      </Segment>

      <FormModal open={tableDraft !== null} size="tiny" title={tableDraft?.id ? t('dict.editTable') : t('dict.createTable')} testId="dict-table-form" saving={saving} onSave={() => void saveTable()} onClose={() => setTableDraft(null)}>
        {tableDraft ? (
          <>
            <TextField label={t('dict.table')} testId="dict-table-form-table" required maxLength={60} disabled={Boolean(tableDraft.id)} value={tableDraft.table} error={errors.table} onValue={(v) => setTableDraft({ ...tableDraft, table: v.toUpperCase() })} />
            <TextField label={t('dict.tableTitle')} testId="dict-table-form-title" required maxLength={40} value={tableDraft.title} error={errors.title} onValue={(v) => setTableDraft({ ...tableDraft, title: v })} />
            <TextAreaField label={t('admin.remark')} testId="dict-table-form-remark" rows={3} maxLength={300} value={tableDraft.remark} error={errors.remark} onValue={(v) => setTableDraft({ ...tableDraft, remark: v })} />
          </>
        ) : null}
      </FormModal>

      <FormModal open={entryDraft !== null} title={entryDraft?.id ? t('dict.editEntry', { name: entryDraft.name }) : t('dict.createEntry')} testId="dict-entry-form" saving={saving} onSave={() => void saveEntry()} onClose={() => setEntryDraft(null)}>
        {entryDraft ? <EntryForm draft={entryDraft} errors={errors} onChange={setEntryDraft} section={section} onSection={setSection} /> : null}
      </FormModal>
    </div>
  );
}
