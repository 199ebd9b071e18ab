import { useForm } from 'react-hook-form';
import { Form } from 'semantic-ui-react';
import { AdminPath, Permission, orgSchema, type OrgNode } from '@schoolflow/contracts';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column } from '../../components/list-page.js';
import type { Option } from '../../components/list-page.js';
import { useT } from '../../i18n/use-t.js';
import type { ViewProps } from '../../router/view-props.js';
import { useDialogTarget } from '../../util/use-disclosure.js';
import { FormSelect, FormText, adminResolver, postForm } from '../ms/admin-form.js';
import { FormModal, TreeName, TreeTools, useTreeEditor, type TreeRow } from '../ms/admin-kit.js';

interface Draft {
  id?: string;
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string;
  sort: string;
}

const resolver = adminResolver(orgSchema, (d: Draft) => ({ ...d, code: d.code.trim(), name: d.name.trim(), nameEn: d.nameEn.trim(), sort: d.sort === '' ? 0 : d.sort }));
const blank = (parentId: string | null): Draft => ({ parentId, code: '', name: '', nameEn: '', sort: '0' });

/** Organisations (org): tree with add child, edit, delete. Editing is gated by the user-edit grant. */
export default function OrgView({ active }: ViewProps) {
  const { t } = useT();
  const { tree, label, parentOptions, ...edit } = useTreeEditor<OrgNode>({ tree: AdminPath.orgTree, remove: AdminPath.orgDelete }, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
  const remove = (n: OrgNode) => edit.remove(n, t('orgs.confirmDelete', { name: label(n) }));

  const columns: Column<TreeRow<OrgNode>>[] = [
    { title: t('orgs.name'), cell: (r) => <TreeName row={r} onToggle={() => tree.toggle(r.node.id)} icon={r.hasChildren ? 'building outline' : 'users'} label={label(r.node)} testId="org" /> },
    { title: t('orgs.code'), cell: ({ node: n }) => <code>{n.code}</code> },
    { title: t('admin.nameEn'), cell: ({ node: n }) => n.nameEn },
    { title: t('admin.sort'), narrow: true, props: { textAlign: 'center' }, cell: ({ node: n }) => n.sort },
    { title: t('orgs.users'), narrow: true, props: { textAlign: 'center' }, cell: ({ node: n }) => n.users },
    actionsColumn(t('admin.actions'), Permission.userEdit, ({ node: n }) => (
      <>
        <RowButton icon="plus" title={t('admin.addChild')} onClick={() => openEditor(blank(n.id))} testId="org-add-child" />
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEditor({ id: n.id, parentId: n.parentId, code: n.code, name: n.name, nameEn: n.nameEn, sort: String(n.sort) })} testId="org-edit" />
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
        tools={<TreeTools testId="org" permission={Permission.userEdit} onAdd={() => openEditor(blank(null))} table={tree} />}
        striped={false}
        columns={columns}
        rowProps={({ node: n, depth }) => ({ 'data-code': n.code, 'data-depth': depth })}
      />
      {editing ? <OrgForm draft={editing} parents={parentOptions(editing.id)} onClose={closeEditor} onSaved={tree.reload} /> : null}
    </div>
  );
}

/** The create/edit modal of an organisation, checked with the schema the server validates with. */
function OrgForm({ draft, parents, onClose, onSaved }: { draft: Draft; parents: Option[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const save = handleSubmit((body) =>
    postForm(AdminPath.orgSave, body, () => {
      onClose();
      onSaved();
    }),
  );
  return (
    <FormModal open size="tiny" title={draft.id ? t('orgs.editTitle', { name: draft.name }) : t('orgs.createTitle')} testId="org-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <FormSelect control={control} name="parentId" label={t('admin.parent')} testId="org-form-parent" placeholder={t('admin.none')} options={parents} parse={(v) => v || null} />
      <Form.Group widths="equal">
        <FormText control={control} name="code" label={t('orgs.code')} testId="org-form-code" required maxLength={30} />
        <FormText control={control} name="sort" label={t('admin.sort')} testId="org-form-sort" type="number" min={0} max={9999} />
      </Form.Group>
      <FormText control={control} name="name" label={t('orgs.name')} testId="org-form-name" required maxLength={50} />
      <FormText control={control} name="nameEn" label={t('admin.nameEn')} testId="org-form-name-en" maxLength={100} />
    </FormModal>
  );
}
