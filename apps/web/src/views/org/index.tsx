import { useState } from 'react';
import { Button, Form, Icon, Segment, Table } from 'semantic-ui-react';
import { AdminPath, Permission, orgSchema, type OrgNode } from '@schoolflow/contracts';
import { Authorized } from '../../components/authorized.js';
import { confirmAction } from '../../components/confirm-dialog.js';
import { EmptyRow } from '../../components/empty-state.js';
import { TextField } from '../../components/form-field.js';
import { useT } from '../../i18n/use-t.js';
import type { ViewProps } from '../../router/view-registry.js';
import { FormModal, SelectField, allIds, flattenTree, runAction, useTree, validate, type FieldErrors } from '../ms/admin-kit.js';

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
  const { t, lang } = useT();
  const { tree, loading, reload } = useTree<OrgNode>(AdminPath.orgTree, active);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);


  const label = (n: OrgNode) => (lang === 'en' && n.nameEn ? n.nameEn : n.name);
  const setD = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));
  const parentOptions = flattenTree(tree, 0, draft?.id).map(({ node, depth }) => ({ value: node.id, text: `${'　'.repeat(depth)}${label(node)}` }));
  const open = (d: Draft) => {
    setErrors({});
    setDraft(d);
  };

  const save = async () => {
    if (!draft) return;
    const checked = validate(orgSchema, { ...draft, code: draft.code.trim(), name: draft.name.trim(), nameEn: draft.nameEn.trim(), sort: draft.sort === '' ? 0 : draft.sort });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.orgSave, checked.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      setDraft(null);
      reload();
    }
  };
  const remove = async (n: OrgNode) => {
    if (!(await confirmAction(t('orgs.confirmDelete', { name: label(n) })))) return;
    if ((await runAction(AdminPath.orgDelete, { id: n.id, ids: [n.id] }, t('admin.deleted'))).ok) reload();
  };
  const toggle = (id: string) =>
    setCollapsed((c) => {
      const x = new Set(c);
      if (x.has(id)) x.delete(id);
      else x.add(id);
      return x;
    });

  const rows = (nodes: OrgNode[], depth: number): JSX.Element[] =>
    nodes.flatMap((n) => {
      const isOpen = !collapsed.has(n.id);
      const kids = n.children ?? [];
      const row = (
        <Table.Row key={n.id} data-testid="org-row" data-id={n.id} data-code={n.code} data-depth={depth}>
          <Table.Cell>
            <span className="sf-tree-cell" style={{ paddingLeft: depth * 22 }}>
              {kids.length > 0 ? <Icon link name={isOpen ? 'caret down' : 'caret right'} onClick={() => toggle(n.id)} data-testid="org-expand" data-open={isOpen ? '1' : '0'} /> : <span className="sf-tree-spacer" />}
              <Icon name={kids.length > 0 ? 'building outline' : 'users'} color="grey" />
              <span data-testid="org-row-name">{label(n)}</span>
            </span>
          </Table.Cell>
          <Table.Cell>
            <code>{n.code}</code>
          </Table.Cell>
          <Table.Cell>{n.nameEn}</Table.Cell>
          <Table.Cell textAlign="center">{n.sort}</Table.Cell>
          <Table.Cell textAlign="center">{n.users}</Table.Cell>
          <Table.Cell singleLine>
            <Authorized all={[Permission.userEdit]}>
              <Button size="mini" basic icon="plus" title={t('admin.addChild')} aria-label={t('admin.addChild')} onClick={() => open({ parentId: n.id, code: '', name: '', nameEn: '', sort: '0' })} data-testid="org-add-child" />
              <Button size="mini" basic icon="edit" title={t('admin.edit')} aria-label={t('admin.edit')} onClick={() => open({ id: n.id, parentId: n.parentId, code: n.code, name: n.name, nameEn: n.nameEn, sort: String(n.sort) })} data-testid="org-edit" />
              <Button size="mini" basic color="red" icon="trash alternate outline" title={t('admin.delete')} aria-label={t('admin.delete')} onClick={() => void remove(n)} data-testid="org-delete" />
            </Authorized>
          </Table.Cell>
        </Table.Row>
      );
      return isOpen ? [row, ...rows(kids, depth + 1)] : [row];
    });

  return (
    <div className="sf-page sf-admin" data-testid="org-view">
      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="sitemap" /> {t('orgs.title')}
          </h3>
          <div className="sf-toolbar">
            <Authorized all={[Permission.userEdit]}>
              <Button primary size="small" onClick={() => open({ parentId: null, code: '', name: '', nameEn: '', sort: '0' })} data-testid="org-add">
                <Icon name="plus" /> {t('admin.addRoot')}
              </Button>
            </Authorized>
            <Button basic size="small" onClick={() => setCollapsed(new Set())} data-testid="org-expand-all">
              <Icon name="expand" /> {t('admin.expandAll')}
            </Button>
            <Button basic size="small" onClick={() => setCollapsed(new Set(allIds(tree)))} data-testid="org-collapse-all">
              <Icon name="compress" /> {t('admin.collapseAll')}
            </Button>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={reload} data-testid="org-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled compact unstackable className="sf-table" data-testid="org-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('orgs.name')}</Table.HeaderCell>
                <Table.HeaderCell>{t('orgs.code')}</Table.HeaderCell>
                <Table.HeaderCell>{t('admin.nameEn')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('admin.sort')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('orgs.users')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('admin.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {tree.length === 0 ? (
                <EmptyRow colSpan={6} text={t('common.empty')} testId="org-empty" />
              ) : (
                rows(tree, 0)
              )}
            </Table.Body>
          </Table>
        </div>
      </Segment>

      <FormModal open={draft !== null} size="tiny" title={draft?.id ? t('orgs.editTitle', { name: draft.name }) : t('orgs.createTitle')} testId="org-form" saving={saving} onSave={() => void save()} onClose={() => setDraft(null)}>
        {draft ? (
          <>
            <SelectField label={t('admin.parent')} testId="org-form-parent" value={draft.parentId ?? ''} placeholder={t('admin.none')} options={parentOptions} error={errors.parentId} onValue={(v) => setD('parentId', v || null)} />
            <Form.Group widths="equal">
              <TextField label={t('orgs.code')} testId="org-form-code" required maxLength={30} value={draft.code} error={errors.code} onValue={(v) => setD('code', v)} />
              <TextField label={t('admin.sort')} testId="org-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => setD('sort', v)} />
            </Form.Group>
            <TextField label={t('orgs.name')} testId="org-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => setD('name', v)} />
            <TextField label={t('admin.nameEn')} testId="org-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => setD('nameEn', v)} />
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
