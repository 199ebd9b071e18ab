import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Checkbox, Form, Icon, Label, List, Segment } from 'semantic-ui-react';
import { AdminPath, Permission, dictEntrySchema, dictTableSchema, type DictEntryRow, type DictTableRow } from '@schoolflow/contracts';
import { Authorized, useAuthorized } from '../../../components/authorized.js';
import { EmptyState } from '../../../components/empty-state.js';
import { DeleteButton, actionsColumn, ListCard, RowButton, TableCard, ToolButton, useFilters, type Column } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { useDialogTarget } from '../../../util/use-disclosure.js';
import { useSelection } from '../../../util/use-selection.js';
import { FormText, FormTextArea, adminResolver, erroredFields, postForm } from '../admin-form.js';
import { FormModal, confirmRun } from '../admin-kit.js';
import { runAction, usePagedList } from '../use-admin-lists.js';
import { EntryFields, sectionOf, type EntryDraft, type Section } from './entry-form.js';

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

const tableResolver = adminResolver(dictTableSchema, (d: TableDraft) => ({ ...d, table: d.table.trim(), title: d.title.trim(), remark: d.remark.trim() }));
const entryResolver = adminResolver(dictEntrySchema, toInput);

/** Dictionaries (ms/dict): tables on the left, the selected table's entries on the right. */
export default function DictView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.dictEdit] });
  const tableSearch = useFilters({ keyword: '' });
  const tableKeyword = tableSearch.applied.keyword.trim();
  const tableQuery = useMemo(() => (tableKeyword ? { keyword: tableKeyword } : {}), [tableKeyword]);
  const tables = usePagedList<DictTableRow>(AdminPath.dictTableList, tableQuery, active, 20);
  const [chosen, setChosen] = useState<DictTableRow | null>(null);
  // the chosen table as last read (a saved title shows once the list is read again); the row picked while it is off the page
  const selected = (chosen && tables.page.list.find((r) => r.id === chosen.id)) ?? chosen;
  const entrySearch = useFilters({ keyword: '' });
  const applied = entrySearch.applied.keyword.trim();
  const entryQuery = useMemo(() => (selected ? { table: selected.table, ...(applied ? { keyword: applied } : {}) } : null), [selected, applied]);
  const entries = usePagedList<DictEntryRow>(AdminPath.dictList, entryQuery, active);
  const list = entries.page.list;
  // the entries ticked for a batch publish/unpublish/delete
  const selection = useSelection(list.map((r) => r.id));
  const { target: tableDraft, open: openTableForm, close: closeTableForm } = useDialogTarget<TableDraft>();
  const { target: entryDraft, open: openEntryForm, close: closeEntryForm } = useDialogTarget<EntryDraft>();

  const choose = (row: DictTableRow) => {
    setChosen(row);
    entrySearch.reset();
    selection.clear();
  };
  const removeTable = (row: DictTableRow) =>
    confirmRun(t('dict.confirmDeleteTable', { name: `${row.title} (${row.table})` }), AdminPath.dictTableDelete, { id: row.id, ids: [row.id] }, t('admin.deleted'), () => {
      if (selected?.id === row.id) setChosen(null);
      tables.reload();
    });

  const entrySaved = () => {
    entries.reload();
    tables.reload();
  };
  const removeEntries = async (rows: DictEntryRow[]) => {
    if (rows.length === 0) return;
    const name = rows.length === 1 ? `${rows[0]?.name ?? ''} (${rows[0]?.code ?? ''})` : t('dict.entryCount', { count: rows.length });
    await confirmRun(t('dict.confirmDeleteEntry', { name }), AdminPath.dictDelete, { ids: rows.map((r) => r.id) }, t('admin.deleted'), () => {
      selection.clear();
      entries.reload();
      tables.reload();
    });
  };
  const publish = async (ids: string[], published: boolean) => {
    if (ids.length === 0) return;
    if ((await runAction(AdminPath.dictPublish, { ids, published })).ok) {
      selection.clear();
      entries.reload();
    }
  };

  const checkedRows = list.filter((r) => selection.has(r.id));

  const columns: Column<DictEntryRow>[] = [
    {
      title: <Checkbox checked={selection.all} disabled={!canEdit || list.length === 0} onChange={(_, d) => selection.toggleAll(Boolean(d.checked))} data-testid="dict-entry-select-all" />,
      narrow: true,
      cell: (r) => <Checkbox checked={selection.has(r.id)} disabled={!canEdit} onChange={(_, d) => selection.toggle(r.id, Boolean(d.checked))} data-testid="dict-entry-select" />,
    },
    { title: t('dict.code'), cell: (r) => <code>{r.code}</code> },
    { title: t('dict.name'), cell: (r) => r.name },
    { title: t('dict.parentCode'), cell: (r) => r.parentCode },
    { title: t('dict.level'), narrow: true, props: { textAlign: 'center' }, cell: (r) => r.level },
    { title: t('dict.shortName'), cell: (r) => r.shortName },
    { title: t('dict.nameEn'), cell: (r) => r.nameEn },
    { title: t('admin.sort'), narrow: true, props: { textAlign: 'center' }, cell: (r) => r.sort },
    {
      title: t('dict.published'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) => (
        <Label size="tiny" color={r.published ? 'green' : undefined} basic={!r.published} data-testid="dict-entry-published">
          {r.published ? t('dict.publishedYes') : t('dict.publishedNo')}
        </Label>
      ),
    },
    actionsColumn(t('admin.actions'), Permission.dictEdit, (r) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEntryForm(toDraft(r))} testId="dict-entry-edit" />
        <RowButton
          color={r.published ? undefined : 'green'}
          icon={r.published ? 'eye slash' : 'bullhorn'}
          title={r.published ? t('dict.unpublish') : t('dict.publish')}
          onClick={() => void publish([r.id], !r.published)}
          testId="dict-entry-publish"
        />
        <DeleteButton title={t('admin.delete')} onClick={() => void removeEntries([r])} testId="dict-entry-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin sf-dict" data-testid="dict-view">
      <TableCard
        className="sf-dict-tables"
        icon="book"
        title={t('dict.tables')}
        loading={tables.loading}
        toolsClass={null}
        tools={
          <Authorized all={[Permission.dictEdit]}>
            <Button primary size="mini" icon="plus" title={t('dict.createTable')} aria-label={t('dict.createTable')} onClick={() => openTableForm({ table: 'STD_', title: '', remark: '' })} data-testid="dict-table-create" />
          </Authorized>
        }
        pager={tables.page.total > tables.size ? { testId: 'dict-table-pager', total: tables.page.total, paging: tables } : undefined}
      >
        <Form onSubmit={tableSearch.search}>
          <div className="ui fluid small icon input">
            <input value={tableSearch.filters.keyword} placeholder={t('admin.keyword')} maxLength={60} data-testid="dict-table-search" onChange={(e) => tableSearch.set('keyword', e.target.value)} />
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
                        openTableForm({ id: row.id, table: row.table, title: row.title, remark: row.remark });
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
      </TableCard>

      {!selected ? (
        <Segment className="sf-card sf-dict-entries" loading={entries.loading}>
          <EmptyState icon="hand point left outline" text={t('dict.noTable')} testId="dict-no-table" />
        </Segment>
      ) : (
        <ListCard
          testId="dict-entry"
          className="sf-dict-entries"
          icon="list ul"
          title={selected.title}
          titleProps={{ 'data-testid': 'dict-entries-title', 'data-table': selected.table }}
          sub={
            <>
              {' '}
              <code className="sf-hint">{selected.table}</code>
            </>
          }
          list={entries}
          create={{ permission: Permission.dictEdit, onClick: () => openEntryForm(blankEntry(selected.table)) }}
          tools={
            <>
              <Form onSubmit={entrySearch.search} className="sf-inline-search">
                <div className="ui small icon input">
                  <input value={entrySearch.filters.keyword} placeholder={t('dict.keywordPlaceholder')} maxLength={50} data-testid="dict-entry-search" onChange={(e) => entrySearch.set('keyword', e.target.value)} />
                  <i className="search icon" aria-hidden />
                </div>
              </Form>
              <Authorized all={[Permission.dictEdit]}>
                <ToolButton color="green" text={t('dict.publish')} disabled={checkedRows.length === 0} onClick={() => void publish(checkedRows.map((r) => r.id), true)} testId="dict-entry-publish-selected" />
                <ToolButton text={t('dict.unpublish')} disabled={checkedRows.length === 0} onClick={() => void publish(checkedRows.map((r) => r.id), false)} testId="dict-entry-unpublish-selected" />
                <ToolButton color="red" text={t('admin.delete')} disabled={checkedRows.length === 0} onClick={() => void removeEntries(checkedRows)} testId="dict-entry-delete-selected" />
              </Authorized>
            </>
          }
          columns={columns}
          rowProps={(r) => ({ 'data-code': r.code, 'data-published': r.published ? '1' : '0' })}
        />
      )}

      {tableDraft ? <TableForm draft={tableDraft} onClose={closeTableForm} onSaved={tables.reload} /> : null}
      {entryDraft ? <EntryForm draft={entryDraft} onClose={closeEntryForm} onSaved={entrySaved} /> : null}
    </div>
  );
}

/** The create/edit modal of a dictionary table (its name is fixed once created), checked with the server's schema. */
function TableForm({ draft, onClose, onSaved }: { draft: TableDraft; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver: tableResolver });
  const save = handleSubmit((body) =>
    postForm(AdminPath.dictTableSave, body, () => {
      onClose();
      onSaved();
    }),
  );
  return (
    <FormModal open size="tiny" title={draft.id ? t('dict.editTable') : t('dict.createTable')} testId="dict-table-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <FormText control={control} name="table" label={t('dict.table')} testId="dict-table-form-table" required maxLength={60} disabled={Boolean(draft.id)} parse={(v) => v.toUpperCase()} />
      <FormText control={control} name="title" label={t('dict.tableTitle')} testId="dict-table-form-title" required maxLength={40} />
      <FormTextArea control={control} name="remark" label={t('admin.remark')} testId="dict-table-form-remark" rows={3} maxLength={300} />
    </FormModal>
  );
}

/** The create/edit modal of a dictionary entry, in three sections; a refused save shows the section of the first message. */
function EntryForm({ draft, onClose, onSaved }: { draft: EntryDraft; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [section, setSection] = useState<Section>('basic');
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver: entryResolver });
  const save = handleSubmit(
    (body) =>
      postForm(AdminPath.dictSave, body, () => {
        onClose();
        onSaved();
      }),
    (errors) => {
      const first = erroredFields(errors)[0];
      if (first) setSection(sectionOf(first));
    },
  );
  return (
    <FormModal open title={draft.id ? t('dict.editEntry', { name: draft.name }) : t('dict.createEntry')} testId="dict-entry-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <EntryFields control={control} errored={erroredFields(formState.errors)} section={section} onSection={setSection} />
    </FormModal>
  );
}
