import { Label } from 'semantic-ui-react';
import { AdminPath, Permission, roleTypeSchema, type RoleTypeRow } from '@schoolflow/contracts';
import { TextField } from '../../../components/form-field.js';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { FormModal, SelectField, TextAreaField, confirmRun } from '../admin-kit.js';
import { usePagedList } from '../use-admin-lists.js';
import { useDraft } from '../use-draft.js';

interface Draft {
  id?: string;
  name: string;
  kind: 'ordinary' | 'dynamic';
  remark: string;
}
const EMPTY_QUERY = {};

/** Role types (ms/roleType): ordinary or dynamic (SQL) groups of roles. */
export default function RoleTypesView({ active }: ViewProps) {
  const { t } = useT();
  const list = usePagedList<RoleTypeRow>(AdminPath.roleTypeList, EMPTY_QUERY, active);
  const form = useDraft<Draft>();
  const { draft, errors } = form;
  const kinds = [
    { value: 'ordinary', text: t('roleTypes.kinds.ordinary') },
    { value: 'dynamic', text: t('roleTypes.kinds.dynamic') },
  ];

  const save = async () => {
    if (draft) await form.submit({ schema: roleTypeSchema, prepare: (d) => ({ ...d, name: d.name.trim() }) }, AdminPath.roleTypeSave, list.reload);
  };
  const remove = (row: RoleTypeRow) => confirmRun(t('admin.confirmDelete', { name: row.name }), AdminPath.roleTypeDelete, { id: row.id, ids: [row.id] }, t('admin.deleted'), list.reload);

  const columns: Column<RoleTypeRow>[] = [
    { title: t('admin.name'), cell: (row) => row.name },
    {
      title: t('roleTypes.kind'),
      narrow: true,
      props: { singleLine: true },
      cell: (row) => (
        <Label size="tiny" basic color={row.kind === 'dynamic' ? 'purple' : 'teal'}>
          {t(`roleTypes.kinds.${row.kind === 'dynamic' ? 'dynamic' : 'ordinary'}`)}
        </Label>
      ),
    },
    { title: t('admin.remark'), props: { className: 'sf-cell-wrap' }, cell: (row) => row.remark },
    { title: t('roleTypes.roles'), narrow: true, props: { textAlign: 'center' }, cell: (row) => row.roles },
    actionsColumn(t('admin.actions'), Permission.roleEdit, (row) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => form.open({ id: row.id, name: row.name, kind: row.kind, remark: row.remark })} testId="role-type-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(row)} testId="role-type-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="role-type-view">
      <ListCard testId="role-type" icon="sitemap" title={t('roleTypes.title')} list={list} create={{ permission: Permission.roleEdit, onClick: () => form.open({ name: '', kind: 'ordinary', remark: '' }) }} columns={columns} rowProps={(row) => ({ 'data-kind': row.kind })} />

      <FormModal open={draft !== null} size="tiny" title={draft?.id ? t('roleTypes.editTitle') : t('roleTypes.createTitle')} testId="role-type-form" saving={form.saving} onSave={() => void save()} onClose={form.close}>
        {draft ? (
          <>
            <TextField label={t('admin.name')} testId="role-type-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => form.set('name', v)} />
            <SelectField label={t('roleTypes.kind')} testId="role-type-form-kind" required value={draft.kind} options={kinds} error={errors.kind} onValue={(v) => form.set('kind', v === 'dynamic' ? 'dynamic' : 'ordinary')} />
            <TextAreaField label={t('admin.remark')} testId="role-type-form-remark" rows={3} maxLength={300} value={draft.remark} error={errors.remark} onValue={(v) => form.set('remark', v)} />
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
