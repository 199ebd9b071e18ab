import { Controller, useForm, useWatch } from 'react-hook-form';
import { Checkbox, Form, Icon, Label } from 'semantic-ui-react';
import { AdminPath, Permission, menuSchema, type MenuAdminNode, type MenuInput } from '@schoolflow/contracts';
import { useAuthorized } from '../../../components/authorized.js';
import { LabelledField } from '../../../components/form-field.js';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column, type Option } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { menuIcon } from '../../../util/menu-icon.js';
import { useDialogTarget } from '../../../util/use-disclosure.js';
import { FormSelect, FormText, FormToggle, adminResolver, firstError, postForm } from '../admin-form.js';
import { FormModal, TreeName, TreeTools, useTreeEditor, type TreeRow } from '../admin-kit.js';
import { runAction } from '../use-admin-lists.js';

type Draft = Omit<MenuInput, 'sort'> & { sort: string };

const blank = (parentId: string | null): Draft => ({
  parentId,
  name: '',
  nameEn: '',
  url: '',
  permission: '',
  icon: '',
  sort: '0',
  enabled: true,
  custom: false,
  customParam: '',
  home: false,
  position: 'left',
  hidden: false,
  noCache: false,
});

function toDraft(n: MenuAdminNode): Draft {
  const { children: _children, sort, ...rest } = n;
  return { ...rest, sort: String(sort) };
}

function toInput(d: Draft): Record<string, unknown> {
  return { ...d, name: d.name.trim(), nameEn: d.nameEn.trim(), url: d.url.trim(), permission: d.permission.trim(), icon: d.icon.trim(), customParam: d.customParam.trim(), sort: d.sort === '' ? 0 : d.sort };
}

const resolver = adminResolver(menuSchema, toInput);

/** Menus (ms/menus): tree table with expand/collapse, add child, edit, delete, enable; full menu form. */
export default function MenusView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.menuEdit] });
  const { tree, label, parentOptions, ...edit } = useTreeEditor<MenuAdminNode>({ tree: AdminPath.menuTree, remove: AdminPath.menuDelete }, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
  const remove = (n: MenuAdminNode) => edit.remove(n, t('menus.confirmDelete', { name: label(n) }));
  const setEnabled = async (n: MenuAdminNode, enabled: boolean) => {
    if ((await runAction(AdminPath.menuEnable, { ids: [n.id], enabled })).ok) tree.reload();
  };

  const columns: Column<TreeRow<MenuAdminNode>>[] = [
    { title: t('menus.name'), cell: (r) => <TreeName row={r} onToggle={() => tree.toggle(r.node.id)} icon={menuIcon(r.node.icon, r.hasChildren)} label={label(r.node)} testId="menu" /> },
    { title: t('menus.url'), cell: ({ node: n }) => <code>{n.url}</code> },
    { title: t('menus.permission'), cell: ({ node: n }) => <code>{n.permission}</code> },
    { title: t('menus.sort'), narrow: true, props: { textAlign: 'center' }, cell: ({ node: n }) => n.sort },
    {
      title: t('menus.flags'),
      props: { singleLine: true },
      cell: ({ node: n }) => (
        <>
          {n.position === 'top' ? <Label size="mini" basic color="blue" content={t('menus.positions.top')} /> : null}
          {n.home ? <Label size="mini" basic color="green" content={t('menus.home')} /> : null}
          {n.hidden ? <Label size="mini" basic content={t('menus.hidden')} /> : null}
          {n.custom ? <Label size="mini" basic color="purple" content={t('menus.custom')} /> : null}
          {n.noCache ? <Label size="mini" basic content={t('menus.noCache')} /> : null}
        </>
      ),
    },
    {
      title: t('menus.enabled'),
      narrow: true,
      cell: ({ node: n }) => <Checkbox toggle checked={n.enabled} disabled={!canEdit} data-testid="menu-row-enabled" data-checked={n.enabled ? '1' : '0'} onChange={(_, d) => void setEnabled(n, Boolean(d.checked))} aria-label={t('menus.enabled')} />,
    },
    actionsColumn(t('admin.actions'), Permission.menuEdit, ({ node: n }) => (
      <>
        <RowButton icon="plus" title={t('admin.addChild')} onClick={() => openEditor(blank(n.id))} testId="menu-add-child" />
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEditor(toDraft(n))} testId="menu-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(n)} testId="menu-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="menu-view">
      <ListCard
        testId="menu"
        icon="list"
        title={t('menus.title')}
        list={tree}
        tools={<TreeTools testId="menu" permission={Permission.menuEdit} onAdd={() => openEditor(blank(null))} table={tree} />}
        striped={false}
        columns={columns}
        rowProps={({ node: n, depth }) => ({ 'data-url': n.url, 'data-depth': depth, 'data-enabled': n.enabled ? '1' : '0', negative: !n.enabled })}
      />

      {editing ? <MenuForm draft={editing} parents={parentOptions(editing.id)} onClose={closeEditor} onSaved={tree.reload} /> : null}
    </div>
  );
}

/** The create/edit modal of a menu, checked with the schema the server validates with. */
function MenuForm({ draft, parents, onClose, onSaved }: { draft: Draft; parents: Option[]; onClose: () => void; onSaved: () => void }) {
  const { t, tv } = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const [icon, custom] = useWatch({ control, name: ['icon', 'custom'] });
  const iconPreview = menuIcon(icon, false);
  const save = handleSubmit((body) =>
    postForm(AdminPath.menuSave, body, () => {
      onClose();
      onSaved();
    }),
  );
  return (
    <FormModal open title={draft.id ? t('menus.editTitle', { name: draft.name }) : t('menus.createTitle')} testId="menu-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <FormSelect control={control} name="parentId" label={t('menus.parent')} testId="menu-form-parent" placeholder={t('menus.root')} options={parents} parse={(v) => v || null} />
      <Form.Group widths="equal">
        <FormText control={control} name="name" label={t('menus.name')} testId="menu-form-name" required maxLength={50} />
        <FormText control={control} name="nameEn" label={t('menus.nameEn')} testId="menu-form-name-en" maxLength={100} />
      </Form.Group>
      <Form.Group widths="equal">
        <FormText control={control} name="url" label={t('menus.url')} testId="menu-form-url" required maxLength={200} />
        <FormText control={control} name="permission" label={t('menus.permission')} testId="menu-form-permission" required maxLength={100} />
      </Form.Group>
      <Form.Group widths="equal">
        <Controller
          control={control}
          name="icon"
          render={({ field, fieldState }) => {
            const message = firstError(fieldState.error);
            return (
              <LabelledField label={t('menus.icon')} htmlFor="menu-form-icon" testId="menu-form-icon" error={message ? tv(message) : undefined} hint={t('menus.iconHint')}>
                <div className="ui fluid labeled input">
                  <div className="ui basic label" data-testid="menu-form-icon-preview" data-icon={iconPreview}>
                    <Icon name={iconPreview} fitted />
                  </div>
                  <input id="menu-form-icon" value={field.value} maxLength={60} placeholder="users" data-testid="menu-form-icon" onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
                </div>
              </LabelledField>
            );
          }}
        />
        <FormText control={control} name="sort" label={t('menus.sort')} testId="menu-form-sort" type="number" min={0} max={9999} />
      </Form.Group>
      <Form.Group widths="equal">
        <FormSelect
          control={control}
          name="position"
          label={t('menus.position')}
          testId="menu-form-position"
          options={[
            { value: 'left', text: t('menus.positions.left') },
            { value: 'top', text: t('menus.positions.top') },
          ]}
          parse={(v) => (v === 'top' ? 'top' : 'left')}
        />
        <FormText control={control} name="customParam" label={t('menus.customParam')} testId="menu-form-custom-param" maxLength={200} disabled={!custom} />
      </Form.Group>
      <div className="sf-toggle-grid">
        <FormToggle control={control} name="enabled" label={t('menus.enabled')} testId="menu-form-enabled" />
        <FormToggle control={control} name="custom" label={t('menus.custom')} testId="menu-form-custom" />
        <FormToggle control={control} name="home" label={t('menus.home')} testId="menu-form-home" />
        <FormToggle control={control} name="hidden" label={t('menus.hidden')} testId="menu-form-hidden" />
        <FormToggle control={control} name="noCache" label={t('menus.noCache')} testId="menu-form-no-cache" />
      </div>
    </FormModal>
  );
}
