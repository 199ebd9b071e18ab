import { Checkbox, Form, Icon, Label } from 'semantic-ui-react';
import { AdminPath, Permission, menuSchema, type MenuAdminNode, type MenuInput } from '@schoolflow/contracts';
import { useAuthorized } from '../../../components/authorized.js';
import { LabelledField, TextField } from '../../../components/form-field.js';
import { DeleteButton, actionsColumn, ListCard, RowButton, type Column } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { menuIcon } from '../../../util/menu-icon.js';
import { FormModal, SelectField, ToggleField, TreeName, TreeTools, useTreeEditor, type TreeRow } from '../admin-kit.js';
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

/** Menus (ms/menus): tree table with expand/collapse, add child, edit, delete, enable; full menu form. */
export default function MenusView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.menuEdit] });
  const { tree, form, label, parentOptions, ...edit } = useTreeEditor<MenuAdminNode, Draft>({ tree: AdminPath.menuTree, save: AdminPath.menuSave, remove: AdminPath.menuDelete }, active);
  const { draft, errors } = form;

  const save = async () => {
    if (draft) await edit.save({ schema: menuSchema, prepare: toInput });
  };
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
        <RowButton icon="plus" title={t('admin.addChild')} onClick={() => form.open(blank(n.id))} testId="menu-add-child" />
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => form.open(toDraft(n))} testId="menu-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(n)} testId="menu-delete" />
      </>
    )),
  ];

  const iconPreview = draft ? menuIcon(draft.icon, false) : 'file outline';

  return (
    <div className="sf-page sf-admin" data-testid="menu-view">
      <ListCard
        testId="menu"
        icon="list"
        title={t('menus.title')}
        list={tree}
        tools={<TreeTools testId="menu" permission={Permission.menuEdit} onAdd={() => form.open(blank(null))} table={tree} />}
        striped={false}
        columns={columns}
        rowProps={({ node: n, depth }) => ({ 'data-url': n.url, 'data-depth': depth, 'data-enabled': n.enabled ? '1' : '0', negative: !n.enabled })}
      />

      <FormModal open={draft !== null} title={draft?.id ? t('menus.editTitle', { name: draft.name }) : t('menus.createTitle')} testId="menu-form" saving={form.saving} onSave={() => void save()} onClose={form.close}>
        {draft ? (
          <>
            <SelectField label={t('menus.parent')} testId="menu-form-parent" value={draft.parentId ?? ''} placeholder={t('menus.root')} options={parentOptions} error={errors.parentId} onValue={(v) => form.set('parentId', v || null)} />
            <Form.Group widths="equal">
              <TextField label={t('menus.name')} testId="menu-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => form.set('name', v)} />
              <TextField label={t('menus.nameEn')} testId="menu-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => form.set('nameEn', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <TextField label={t('menus.url')} testId="menu-form-url" required maxLength={200} value={draft.url} error={errors.url} onValue={(v) => form.set('url', v)} />
              <TextField label={t('menus.permission')} testId="menu-form-permission" required maxLength={100} value={draft.permission} error={errors.permission} onValue={(v) => form.set('permission', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <LabelledField label={t('menus.icon')} htmlFor="menu-form-icon" testId="menu-form-icon" error={errors.icon} hint={t('menus.iconHint')}>
                <div className="ui fluid labeled input">
                  <div className="ui basic label" data-testid="menu-form-icon-preview" data-icon={iconPreview}>
                    <Icon name={iconPreview} fitted />
                  </div>
                  <input id="menu-form-icon" value={draft.icon} maxLength={60} placeholder="users" data-testid="menu-form-icon" onChange={(e) => form.set('icon', e.target.value)} />
                </div>
              </LabelledField>
              <TextField label={t('menus.sort')} testId="menu-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => form.set('sort', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <SelectField
                label={t('menus.position')}
                testId="menu-form-position"
                value={draft.position}
                options={[
                  { value: 'left', text: t('menus.positions.left') },
                  { value: 'top', text: t('menus.positions.top') },
                ]}
                onValue={(v) => form.set('position', v === 'top' ? 'top' : 'left')}
              />
              <TextField label={t('menus.customParam')} testId="menu-form-custom-param" maxLength={200} disabled={!draft.custom} value={draft.customParam} error={errors.customParam} onValue={(v) => form.set('customParam', v)} />
            </Form.Group>
            <div className="sf-toggle-grid">
              <ToggleField label={t('menus.enabled')} testId="menu-form-enabled" checked={draft.enabled} onValue={(v) => form.set('enabled', v)} />
              <ToggleField label={t('menus.custom')} testId="menu-form-custom" checked={draft.custom} onValue={(v) => form.set('custom', v)} />
              <ToggleField label={t('menus.home')} testId="menu-form-home" checked={draft.home} onValue={(v) => form.set('home', v)} />
              <ToggleField label={t('menus.hidden')} testId="menu-form-hidden" checked={draft.hidden} onValue={(v) => form.set('hidden', v)} />
              <ToggleField label={t('menus.noCache')} testId="menu-form-no-cache" checked={draft.noCache} onValue={(v) => form.set('noCache', v)} />
            </div>
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
