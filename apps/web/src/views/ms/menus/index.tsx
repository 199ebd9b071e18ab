import { useState } from 'react';
import { Button, Checkbox, Form, Icon, Label, Segment, Table } from 'semantic-ui-react';
import { AdminPath, Permission, menuSchema, type MenuAdminNode, type MenuInput } from '@schoolflow/contracts';
import { Authorized, useAuthorized } from '../../../components/authorized.js';
import { confirmAction } from '../../../components/confirm-dialog.js';
import { EmptyRow } from '../../../components/empty-state.js';
import { TextField } from '../../../components/form-field.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { menuIcon } from '../../../util/menu-icon.js';
import { FormModal, SelectField, ToggleField, allIds, flattenTree, runAction, useTree, validate, type FieldErrors } from '../admin-kit.js';

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
  const { t, lang } = useT();
  const canEdit = useAuthorized({ all: [Permission.menuEdit] });
  const { tree, loading, reload } = useTree<MenuAdminNode>(AdminPath.menuTree, active);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);


  const label = (n: { name: string; nameEn: string }) => (lang === 'en' && n.nameEn ? n.nameEn : n.name);
  const setD = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));
  const parentOptions = flattenTree(tree, 0, draft?.id).map(({ node, depth }) => ({ value: node.id, text: `${'　'.repeat(depth)}${label(node)}` }));

  const save = async () => {
    if (!draft) return;
    const checked = validate(menuSchema, toInput(draft));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.menuSave, checked.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      setDraft(null);
      reload();
    }
  };
  const remove = async (n: MenuAdminNode) => {
    if (!(await confirmAction(t('menus.confirmDelete', { name: label(n) })))) return;
    if ((await runAction(AdminPath.menuDelete, { id: n.id, ids: [n.id] }, t('admin.deleted'))).ok) reload();
  };
  const setEnabled = async (n: MenuAdminNode, enabled: boolean) => {
    if ((await runAction(AdminPath.menuEnable, { ids: [n.id], enabled })).ok) reload();
  };
  const toggle = (id: string) =>
    setCollapsed((c) => {
      const x = new Set(c);
      if (x.has(id)) x.delete(id);
      else x.add(id);
      return x;
    });

  const rows = (nodes: MenuAdminNode[], depth: number): JSX.Element[] =>
    nodes.flatMap((n) => {
      const open = !collapsed.has(n.id);
      const row = (
        <Table.Row key={n.id} data-testid="menu-row" data-id={n.id} data-url={n.url} data-depth={depth} data-enabled={n.enabled ? '1' : '0'} negative={!n.enabled}>
          <Table.Cell>
            <span className="sf-tree-cell" style={{ paddingLeft: depth * 22 }}>
              {n.children.length > 0 ? (
                <Icon link name={open ? 'caret down' : 'caret right'} onClick={() => toggle(n.id)} data-testid="menu-expand" data-open={open ? '1' : '0'} />
              ) : (
                <span className="sf-tree-spacer" />
              )}
              <Icon name={menuIcon(n.icon, n.children.length > 0)} color="grey" />
              <span data-testid="menu-row-name">{label(n)}</span>
            </span>
          </Table.Cell>
          <Table.Cell>
            <code>{n.url}</code>
          </Table.Cell>
          <Table.Cell>
            <code>{n.permission}</code>
          </Table.Cell>
          <Table.Cell textAlign="center">{n.sort}</Table.Cell>
          <Table.Cell singleLine>
            {n.position === 'top' ? <Label size="mini" basic color="blue" content={t('menus.positions.top')} /> : null}
            {n.home ? <Label size="mini" basic color="green" content={t('menus.home')} /> : null}
            {n.hidden ? <Label size="mini" basic content={t('menus.hidden')} /> : null}
            {n.custom ? <Label size="mini" basic color="purple" content={t('menus.custom')} /> : null}
            {n.noCache ? <Label size="mini" basic content={t('menus.noCache')} /> : null}
          </Table.Cell>
          <Table.Cell>
            <Checkbox toggle checked={n.enabled} disabled={!canEdit} data-testid="menu-row-enabled" data-checked={n.enabled ? '1' : '0'} onChange={(_, d) => void setEnabled(n, Boolean(d.checked))} aria-label={t('menus.enabled')} />
          </Table.Cell>
          <Table.Cell singleLine>
            <Authorized all={[Permission.menuEdit]}>
              <Button
                size="mini"
                basic
                icon="plus"
                title={t('admin.addChild')}
                aria-label={t('admin.addChild')}
                onClick={() => {
                  setErrors({});
                  setDraft(blank(n.id));
                }}
                data-testid="menu-add-child"
              />
              <Button
                size="mini"
                basic
                icon="edit"
                title={t('admin.edit')}
                aria-label={t('admin.edit')}
                onClick={() => {
                  setErrors({});
                  setDraft(toDraft(n));
                }}
                data-testid="menu-edit"
              />
              <Button size="mini" basic color="red" icon="trash alternate outline" title={t('admin.delete')} aria-label={t('admin.delete')} onClick={() => void remove(n)} data-testid="menu-delete" />
            </Authorized>
          </Table.Cell>
        </Table.Row>
      );
      return open ? [row, ...rows(n.children, depth + 1)] : [row];
    });

  const iconPreview = draft ? menuIcon(draft.icon, false) : 'file outline';

  return (
    <div className="sf-page sf-admin" data-testid="menu-view">
      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="list" /> {t('menus.title')}
          </h3>
          <div className="sf-toolbar">
            <Authorized all={[Permission.menuEdit]}>
              <Button
                primary
                size="small"
                onClick={() => {
                  setErrors({});
                  setDraft(blank(null));
                }}
                data-testid="menu-add"
              >
                <Icon name="plus" /> {t('admin.addRoot')}
              </Button>
            </Authorized>
            <Button basic size="small" onClick={() => setCollapsed(new Set())} data-testid="menu-expand-all">
              <Icon name="expand" /> {t('admin.expandAll')}
            </Button>
            <Button basic size="small" onClick={() => setCollapsed(new Set(allIds(tree)))} data-testid="menu-collapse-all">
              <Icon name="compress" /> {t('admin.collapseAll')}
            </Button>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={reload} data-testid="menu-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled compact unstackable className="sf-table" data-testid="menu-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('menus.name')}</Table.HeaderCell>
                <Table.HeaderCell>{t('menus.url')}</Table.HeaderCell>
                <Table.HeaderCell>{t('menus.permission')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('menus.sort')}</Table.HeaderCell>
                <Table.HeaderCell>{t('menus.flags')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('menus.enabled')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('admin.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tree.length === 0 ? (
                <EmptyRow colSpan={7} text={t('common.empty')} testId="menu-empty" />
              ) : (
                rows(tree, 0)
              )}
            </Table.Body>
          </Table>
        </div>
      </Segment>

      <FormModal open={draft !== null} title={draft?.id ? t('menus.editTitle', { name: draft.name }) : t('menus.createTitle')} testId="menu-form" saving={saving} onSave={() => void save()} onClose={() => setDraft(null)}>
        {draft ? (
          <>
            <SelectField label={t('menus.parent')} testId="menu-form-parent" value={draft.parentId ?? ''} placeholder={t('menus.root')} options={parentOptions} error={errors.parentId} onValue={(v) => setD('parentId', v || null)} />
            <Form.Group widths="equal">
              <TextField label={t('menus.name')} testId="menu-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => setD('name', v)} />
              <TextField label={t('menus.nameEn')} testId="menu-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => setD('nameEn', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <TextField label={t('menus.url')} testId="menu-form-url" required maxLength={200} value={draft.url} error={errors.url} onValue={(v) => setD('url', v)} />
              <TextField label={t('menus.permission')} testId="menu-form-permission" required maxLength={100} value={draft.permission} error={errors.permission} onValue={(v) => setD('permission', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <Form.Field error={Boolean(errors.icon)}>
                <label htmlFor="menu-form-icon">{t('menus.icon')}</label>
                <div className="ui fluid labeled input">
                  <div className="ui basic label" data-testid="menu-form-icon-preview" data-icon={iconPreview}>
                    <Icon name={iconPreview} fitted />
                  </div>
                  <input id="menu-form-icon" value={draft.icon} maxLength={60} placeholder="users" data-testid="menu-form-icon" onChange={(e) => setD('icon', e.target.value)} />
                </div>
                <div className="sf-hint">{t('menus.iconHint')}</div>
                {errors.icon ? (
                  <div className="sf-field-error" data-testid="menu-form-icon-error">
                    {errors.icon}
                  </div>
                ) : null}
              </Form.Field>
              <TextField label={t('menus.sort')} testId="menu-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => setD('sort', v)} />
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
                onValue={(v) => setD('position', v === 'top' ? 'top' : 'left')}
              />
              <TextField label={t('menus.customParam')} testId="menu-form-custom-param" maxLength={200} disabled={!draft.custom} value={draft.customParam} error={errors.customParam} onValue={(v) => setD('customParam', v)} />
            </Form.Group>
            <div className="sf-toggle-grid">
              <ToggleField label={t('menus.enabled')} testId="menu-form-enabled" checked={draft.enabled} onValue={(v) => setD('enabled', v)} />
              <ToggleField label={t('menus.custom')} testId="menu-form-custom" checked={draft.custom} onValue={(v) => setD('custom', v)} />
              <ToggleField label={t('menus.home')} testId="menu-form-home" checked={draft.home} onValue={(v) => setD('home', v)} />
              <ToggleField label={t('menus.hidden')} testId="menu-form-hidden" checked={draft.hidden} onValue={(v) => setD('hidden', v)} />
              <ToggleField label={t('menus.noCache')} testId="menu-form-no-cache" checked={draft.noCache} onValue={(v) => setD('noCache', v)} />
            </div>
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
