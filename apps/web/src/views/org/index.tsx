import { Form } from 'semantic-ui-react';
import { AdminPath, Permission, orgSchema, type OrgNode } from '@schoolflow/contracts';
import { TextField } from '../../components/form-field.js';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column } from '../../components/list-page.js';
import { useT } from '../../i18n/use-t.js';
import type { ViewProps } from '../../router/view-props.js';
import { FormModal, SelectField, TreeName, TreeTools, useTreeEditor, type TreeRow } from '../ms/admin-kit.js';

interface Draft {
  id?: string;
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string;
  sort: string;
}

/** Organisations (org): tree with add child, edit, delete. Editing is gated by the user-edit grant. */
export default function OrgView({ active }: ViewProps) {
  const { t } = useT();
  const { tree, form, label, parentOptions, ...edit } = useTreeEditor<OrgNode, Draft>({ tree: AdminPath.orgTree, save: AdminPath.orgSave, remove: AdminPath.orgDelete }, active);
  const { draft, errors } = form;

  const save = async () => {
    if (draft) await edit.save({ schema: orgSchema, prepare: (d) => ({ ...d, code: d.code.trim(), name: d.name.trim(), nameEn: d.nameEn.trim(), sort: d.sort === '' ? 0 : d.sort }) });
  };
  const remove = (n: OrgNode) => edit.remove(n, t('orgs.confirmDelete', { name: label(n) }));

  const columns: Column<TreeRow<OrgNode>>[] = [
    { title: t('orgs.name'), cell: (r) => <TreeName row={r} onToggle={() => tree.toggle(r.node.id)} icon={r.hasChildren ? 'building outline' : 'users'} label={label(r.node)} testId="org" /> },
    { title: t('orgs.code'), cell: ({ node: n }) => <code>{n.code}</code> },
    { title: t('admin.nameEn'), cell: ({ node: n }) => n.nameEn },
    { title: t('admin.sort'), narrow: true, props: { textAlign: 'center' }, cell: ({ node: n }) => n.sort },
    { title: t('orgs.users'), narrow: true, props: { textAlign: 'center' }, cell: ({ node: n }) => n.users },
    actionsColumn(t('admin.actions'), Permission.userEdit, ({ node: n }) => (
      <>
        <RowButton icon="plus" title={t('admin.addChild')} onClick={() => form.open({ parentId: n.id, code: '', name: '', nameEn: '', sort: '0' })} testId="org-add-child" />
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => form.open({ id: n.id, parentId: n.parentId, code: n.code, name: n.name, nameEn: n.nameEn, sort: String(n.sort) })} testId="org-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(n)} testId="org-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="org-view">
      <ListCard
        testId="org"
        icon="sitemap"
        title={t('orgs.title')}
        list={tree}
        tools={<TreeTools testId="org" permission={Permission.userEdit} onAdd={() => form.open({ parentId: null, code: '', name: '', nameEn: '', sort: '0' })} table={tree} />}
        striped={false}
        columns={columns}
        rowProps={({ node: n, depth }) => ({ 'data-code': n.code, 'data-depth': depth })}
      />

      <FormModal open={draft !== null} size="tiny" title={draft?.id ? t('orgs.editTitle', { name: draft.name }) : t('orgs.createTitle')} testId="org-form" saving={form.saving} onSave={() => void save()} onClose={form.close}>
        {draft ? (
          <>
            <SelectField label={t('admin.parent')} testId="org-form-parent" value={draft.parentId ?? ''} placeholder={t('admin.none')} options={parentOptions} error={errors.parentId} onValue={(v) => form.set('parentId', v || null)} />
            <Form.Group widths="equal">
              <TextField label={t('orgs.code')} testId="org-form-code" required maxLength={30} value={draft.code} error={errors.code} onValue={(v) => form.set('code', v)} />
              <TextField label={t('admin.sort')} testId="org-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => form.set('sort', v)} />
            </Form.Group>
            <TextField label={t('orgs.name')} testId="org-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => form.set('name', v)} />
            <TextField label={t('admin.nameEn')} testId="org-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => form.set('nameEn', v)} />
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
