import { useForm } from 'react-hook-form';
import { Label } from 'semantic-ui-react';
import { AdminPath, Permission, roleTypeSchema, type RoleTypeRow } from '@schoolflow/contracts';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { useDialogTarget } from '../../../util/use-disclosure.js';
import { FormText, FormSelect, FormTextArea, adminResolver, postForm } from '../admin-form.js';
import { FormModal, confirmRun } from '../admin-kit.js';
import { usePagedList } from '../use-admin-lists.js';

interface Draft {
  id?: string;
  name: string;
  kind: 'ordinary' | 'dynamic';
  remark: string;
}
const EMPTY_QUERY = {};
const resolver = adminResolver(roleTypeSchema, (d: Draft) => ({ ...d, name: d.name.trim() }));

/** Role types (ms/roleType): ordinary or dynamic (SQL) groups of roles. */
export default function RoleTypesView({ active }: ViewProps) {
  const { t } = useT();
  const list = usePagedList<RoleTypeRow>(AdminPath.roleTypeList, EMPTY_QUERY, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
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
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEditor({ id: row.id, name: row.name, kind: row.kind, remark: row.remark })} testId="role-type-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(row)} testId="role-type-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="role-type-view">
      <ListCard testId="role-type" icon="sitemap" title={t('roleTypes.title')} list={list} create={{ permission: Permission.roleEdit, onClick: () => openEditor({ name: '', kind: 'ordinary', remark: '' }) }} columns={columns} rowProps={(row) => ({ 'data-kind': row.kind })} />
      {editing ? <RoleTypeForm draft={editing} onClose={closeEditor} onSaved={list.reload} /> : null}
    </div>
  );
}

/** The create/edit modal of a role type, checked with the schema the server validates with. */
function RoleTypeForm({ draft, onClose, onSaved }: { draft: Draft; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const kinds = [
    { value: 'ordinary', text: t('roleTypes.kinds.ordinary') },
    { value: 'dynamic', text: t('roleTypes.kinds.dynamic') },
  ];
  const save = handleSubmit((body) =>
    postForm(AdminPath.roleTypeSave, body, () => {
      onClose();
      onSaved();
    }),
  );
  return (
    <FormModal open size="tiny" title={draft.id ? t('roleTypes.editTitle') : t('roleTypes.createTitle')} testId="role-type-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <FormText control={control} name="name" label={t('admin.name')} testId="role-type-form-name" required maxLength={50} />
      <FormSelect control={control} name="kind" label={t('roleTypes.kind')} testId="role-type-form-kind" required options={kinds} parse={(v) => (v === 'dynamic' ? 'dynamic' : 'ordinary')} />
      <FormTextArea control={control} name="remark" label={t('admin.remark')} testId="role-type-form-remark" rows={3} maxLength={300} />
    </FormModal>
  );
}
