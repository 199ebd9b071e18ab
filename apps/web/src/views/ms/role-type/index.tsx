import { useState } from 'react';
import { Button, Icon, Label, Segment, Table } from 'semantic-ui-react';
import { AdminPath, Permission, roleTypeSchema, type RoleTypeRow } from '@schoolflow/contracts';
import { Authorized } from '../../../components/authorized.js';
import { confirmAction } from '../../../components/confirm-dialog.js';
import { EmptyRow } from '../../../components/empty-state.js';
import { TextField } from '../../../components/form-field.js';
import { Pager } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { FormModal, SelectField, TextAreaField, runAction, usePagedList, validate, type FieldErrors } from '../admin-kit.js';

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
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const setD = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));
  const kinds = [
    { value: 'ordinary', text: t('roleTypes.kinds.ordinary') },
    { value: 'dynamic', text: t('roleTypes.kinds.dynamic') },
  ];

  const save = async () => {
    if (!draft) return;
    const checked = validate(roleTypeSchema, { ...draft, name: draft.name.trim() });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    const r = await runAction(AdminPath.roleTypeSave, checked.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      setDraft(null);
      list.reload();
    }
  };
  const remove = async (row: RoleTypeRow) => {
    if (!(await confirmAction(t('admin.confirmDelete', { name: row.name })))) return;
    if ((await runAction(AdminPath.roleTypeDelete, { id: row.id, ids: [row.id] }, t('admin.deleted'))).ok) list.reload();
  };

  return (
    <div className="sf-page sf-admin" data-testid="role-type-view">
      <Segment className="sf-card" loading={list.loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="sitemap" /> {t('roleTypes.title')}
          </h3>
          <div className="sf-toolbar">
            <Authorized all={[Permission.roleEdit]}>
              <Button
                primary
                size="small"
                onClick={() => {
                  setErrors({});
                  setDraft({ name: '', kind: 'ordinary', remark: '' });
                }}
                data-testid="role-type-create"
              >
                <Icon name="plus" /> {t('admin.create')}
              </Button>
            </Authorized>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={list.reload} data-testid="role-type-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable className="sf-table" data-testid="role-type-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('admin.name')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('roleTypes.kind')}</Table.HeaderCell>
                <Table.HeaderCell>{t('admin.remark')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('roleTypes.roles')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('admin.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.page.list.length === 0 ? (
                <EmptyRow colSpan={5} text={t('common.empty')} testId="role-type-empty" />
              ) : (
                list.page.list.map((row) => (
                  <Table.Row key={row.id} data-testid="role-type-row" data-id={row.id} data-kind={row.kind}>
                    <Table.Cell>{row.name}</Table.Cell>
                    <Table.Cell singleLine>
                      <Label size="tiny" basic color={row.kind === 'dynamic' ? 'purple' : 'teal'}>
                        {t(`roleTypes.kinds.${row.kind === 'dynamic' ? 'dynamic' : 'ordinary'}`)}
                      </Label>
                    </Table.Cell>
                    <Table.Cell className="sf-cell-wrap">{row.remark}</Table.Cell>
                    <Table.Cell textAlign="center">{row.roles}</Table.Cell>
                    <Table.Cell singleLine>
                      <Authorized all={[Permission.roleEdit]}>
                        <Button
                          size="mini"
                          basic
                          icon="edit"
                          title={t('admin.edit')}
                          aria-label={t('admin.edit')}
                          onClick={() => {
                            setErrors({});
                            setDraft({ id: row.id, name: row.name, kind: row.kind, remark: row.remark });
                          }}
                          data-testid="role-type-edit"
                        />
                        <Button size="mini" basic color="red" icon="trash alternate outline" title={t('admin.delete')} aria-label={t('admin.delete')} onClick={() => void remove(row)} data-testid="role-type-delete" />
                      </Authorized>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager testId="role-type-pager" total={list.page.total} current={list.current} size={list.size} onPage={list.setCurrent} onSize={list.setSize} />
      </Segment>

      <FormModal open={draft !== null} size="tiny" title={draft?.id ? t('roleTypes.editTitle') : t('roleTypes.createTitle')} testId="role-type-form" saving={saving} onSave={() => void save()} onClose={() => setDraft(null)}>
        {draft ? (
          <>
            <TextField label={t('admin.name')} testId="role-type-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => setD('name', v)} />
            <SelectField label={t('roleTypes.kind')} testId="role-type-form-kind" required value={draft.kind} options={kinds} error={errors.kind} onValue={(v) => setD('kind', v === 'dynamic' ? 'dynamic' : 'ordinary')} />
            <TextAreaField label={t('admin.remark')} testId="role-type-form-remark" rows={3} maxLength={300} value={draft.remark} error={errors.remark} onValue={(v) => setD('remark', v)} />
          </>
        ) : null}
      </FormModal>
    </div>
  );
}
