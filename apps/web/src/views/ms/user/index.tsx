import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Form, Icon, Label, Segment, Table } from 'semantic-ui-react';
import {
  AdminPath,
  Permission,
  USER_TYPES,
  userCreateSchema,
  userResetPasswordSchema,
  userUpdateSchema,
  type OrgNode,
  type RoleRow,
  type UserRow,
} from '@schoolflow/contracts';
import { postBlob, reportError, requestData, saveBlob } from '../../../api/http.js';
import { Authorized, useAuthorized } from '../../../components/authorized.js';
import { confirmAction } from '../../../components/confirm-dialog.js';
import { EmptyRow } from '../../../components/empty-state.js';
import { TextField } from '../../../components/form-field.js';
import { Pager } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { toast } from '../../../util/toast.js';
import { FormModal, SelectField, ToggleField, flattenTree, readPage, runAction, usePagedList, validate, type FieldErrors } from '../admin-kit.js';
import { UserImportDialog } from './import-dialog.js';

interface Filters {
  keyword: string;
  userType: string;
  enabled: '' | '1' | '0';
}
const NO_FILTERS: Filters = { keyword: '', userType: '', enabled: '' };

function toQuery(f: Filters): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (f.keyword.trim()) q.keyword = f.keyword.trim();
  if (f.userType) q.userType = f.userType;
  if (f.enabled) q.enabled = f.enabled === '1';
  return q;
}

interface Draft {
  id?: string;
  account: string;
  name: string;
  password: string;
  userType: string;
  enabled: boolean;
  deptId: string;
  roleIds: string[];
}
const EMPTY: Draft = { account: '', name: '', password: '', userType: '3', enabled: true, deptId: '', roleIds: [] };

/** Users (ms/user): search, table, create/edit, reset password, end sessions, enable, delete, Excel in and out. */
export default function UsersView({ active }: ViewProps) {
  const { t, lang } = useT();
  const canEdit = useAuthorized({ all: [Permission.userEdit] });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const query = useMemo(() => toQuery(applied), [applied]);
  const list = usePagedList<UserRow>(AdminPath.userList, query, active);
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [orgs, setOrgs] = useState<OrgNode[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [resetFor, setResetFor] = useState<UserRow | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const typeName = (code: string) => ((USER_TYPES as readonly string[]).includes(code) ? t(`users.types.${code as '1'}`) : t('users.types.4'));
  const typeOptions = USER_TYPES.map((v) => ({ value: v, text: t(`users.types.${v}`) }));

  // Options of the edit form: roles and departments (both optional; a failure leaves the pickers empty).
  useEffect(() => {
    if (!active || !canEdit) return;
    const c = new AbortController();
    requestData<unknown>(AdminPath.roleList, { json: { current: 1, size: 1000, orders: [], query: {} }, signal: c.signal })
      .then((p) => setRoles(readPage<RoleRow>(p).list))
      .catch(() => setRoles([]));
    requestData<OrgNode[]>(AdminPath.orgTree, { json: {}, signal: c.signal })
      .then((o) => setOrgs(Array.isArray(o) ? o : []))
      .catch(() => setOrgs([]));
    return () => c.abort();
  }, [active, canEdit]);
  const deptOptions = flattenTree(orgs).map(({ node, depth }) => ({ value: node.id, text: `${'　'.repeat(depth)}${lang === 'en' && node.nameEn ? node.nameEn : node.name}` }));

  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const search = () => setApplied({ ...filters });
  const reset = () => {
    setFilters(NO_FILTERS);
    setApplied(NO_FILTERS);
  };

  const openCreate = () => {
    setErrors({});
    setDraft({ ...EMPTY });
  };
  const openEdit = (u: UserRow) => {
    setErrors({});
    setDraft({ id: u.id, account: u.account, name: u.name, password: '', userType: u.userType, enabled: u.enabled, deptId: u.deptId ?? '', roleIds: u.roles.map((r) => r.id) });
  };
  const setD = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  const save = async () => {
    if (!draft) return;
    const base = { name: draft.name, userType: draft.userType, enabled: draft.enabled, deptId: draft.deptId || null, roleIds: draft.roleIds };
    const checked = draft.id
      ? validate(userUpdateSchema, { ...base, id: draft.id })
      : validate(userCreateSchema, { ...base, account: draft.account, password: draft.password });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const r = await runAction(draft.id ? AdminPath.userUpdate : AdminPath.userCreate, checked.data, t('admin.saved'));
    setSaving(false);
    if (r.ok) {
      setDraft(null);
      list.reload();
    }
  };

  const [resetError, setResetError] = useState('');
  const doReset = async () => {
    if (!resetFor) return;
    const checked = validate(userResetPasswordSchema, { id: resetFor.id, password: newPassword });
    if (checked.errors) {
      setResetError(checked.errors.password ?? Object.values(checked.errors)[0] ?? '');
      return;
    }
    setSaving(true);
    const r = await runAction(AdminPath.userResetPassword, checked.data, t('users.resetDone'));
    setSaving(false);
    if (r.ok) {
      setResetFor(null);
      list.reload();
    }
  };

  const endSessions = async (u: UserRow) => {
    if (!(await confirmAction(t('users.confirmEndSessions', { name: u.name })))) return;
    if ((await runAction(AdminPath.userEndSessions, { id: u.id }, t('users.sessionsEnded'))).ok) list.reload();
  };
  const remove = async (u: UserRow) => {
    if (!(await confirmAction(t('users.confirmDelete', { name: `${u.name} (${u.account})` })))) return;
    if ((await runAction(AdminPath.userDelete, { ids: [u.id] }, t('admin.deleted'))).ok) list.reload();
  };
  const setEnabled = async (u: UserRow, enabled: boolean) => {
    if ((await runAction(AdminPath.userEnable, { ids: [u.id], enabled }, t('users.enabledChanged'))).ok) list.reload();
  };
  const exportUsers = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await postBlob(AdminPath.userExport, { current: 1, size: list.size, orders: [], query });
      saveBlob(blob, fileName ?? t('users.exportFile'));
    } catch (err) {
      reportError(err);
    } finally {
      setExporting(false);
    }
  };
  const downloadTemplate = async () => {
    try {
      const { blob, fileName } = await postBlob(AdminPath.userTemplate, {});
      saveBlob(blob, fileName ?? t('users.templateFile'));
    } catch (err) {
      reportError(err);
    }
  };

  const toggleRole = (id: string, on: boolean) => setD('roleIds', on ? [...(draft?.roleIds ?? []), id] : (draft?.roleIds ?? []).filter((x) => x !== id));

  return (
    <div className="sf-page sf-admin" data-testid="user-view">
      <Segment className="sf-card sf-search-card">
        <Form onSubmit={search} className="sf-search-form" data-testid="user-search">
          <Form.Field inline>
            <label htmlFor="user-search-keyword">{t('admin.keyword')}</label>
            <input id="user-search-keyword" value={filters.keyword} maxLength={50} placeholder={t('users.keywordPlaceholder')} data-testid="user-search-keyword" onChange={(e) => set('keyword', e.target.value)} />
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="user-search-type">{t('users.userType')}</label>
            <select id="user-search-type" className="ui dropdown" value={filters.userType} data-testid="user-search-type" onChange={(e) => set('userType', e.target.value)}>
              <option value="">{t('common.all')}</option>
              {typeOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="user-search-enabled">{t('admin.status')}</label>
            <select id="user-search-enabled" className="ui dropdown" value={filters.enabled} data-testid="user-search-enabled" onChange={(e) => set('enabled', e.target.value === '1' ? '1' : e.target.value === '0' ? '0' : '')}>
              <option value="">{t('common.all')}</option>
              <option value="1">{t('admin.enabled')}</option>
              <option value="0">{t('admin.disabled')}</option>
            </select>
          </Form.Field>
          <div className="sf-search-actions">
            <Button primary type="submit" data-testid="user-search-submit">
              <Icon name="search" /> {t('common.search')}
            </Button>
            <Button type="button" basic onClick={reset} data-testid="user-search-reset">
              <Icon name="undo" /> {t('common.reset')}
            </Button>
          </div>
        </Form>
      </Segment>

      <Segment className="sf-card" loading={list.loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="users" /> {t('users.title')}
          </h3>
          <div className="sf-toolbar">
            <Authorized all={[Permission.userEdit]}>
              <Button primary size="small" onClick={openCreate} data-testid="user-create">
                <Icon name="plus" /> {t('admin.create')}
              </Button>
              <Button basic size="small" onClick={() => setImportOpen(true)} data-testid="user-import">
                <Icon name="upload" /> {t('users.import')}
              </Button>
              <Button basic size="small" onClick={() => void downloadTemplate()} data-testid="user-template">
                <Icon name="file excel outline" /> {t('users.template')}
              </Button>
            </Authorized>
            <Button basic size="small" loading={exporting} disabled={exporting} onClick={() => void exportUsers()} data-testid="user-export">
              <Icon name="download" /> {t('users.export')}
            </Button>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={list.reload} data-testid="user-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable className="sf-table" data-testid="user-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('users.account')}</Table.HeaderCell>
                <Table.HeaderCell>{t('users.name')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('users.userType')}</Table.HeaderCell>
                <Table.HeaderCell>{t('users.dept')}</Table.HeaderCell>
                <Table.HeaderCell>{t('users.roles')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('users.enabled')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('users.locked')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('users.sessions')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('admin.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.page.list.length === 0 ? (
                <EmptyRow colSpan={9} text={t('common.empty')} testId="user-empty" />
              ) : (
                list.page.list.map((u) => (
                  <Table.Row key={u.id} data-testid="user-row" data-id={u.id} data-account={u.account} data-enabled={u.enabled ? '1' : '0'}>
                    <Table.Cell data-testid="user-row-account">{u.account}</Table.Cell>
                    <Table.Cell>{u.name}</Table.Cell>
                    <Table.Cell singleLine>
                      <Label size="tiny" basic color={u.userType === '1' ? 'red' : u.userType === '2' ? 'blue' : u.userType === '3' ? 'green' : 'grey'} data-testid="user-row-type">
                        {typeName(u.userType)}
                      </Label>
                    </Table.Cell>
                    <Table.Cell>{u.deptName ?? ''}</Table.Cell>
                    <Table.Cell className="sf-cell-wrap">
                      {u.roles.map((r) => (
                        <Label key={r.id} size="tiny" title={r.code}>
                          {r.name}
                        </Label>
                      ))}
                    </Table.Cell>
                    <Table.Cell>
                      <Checkbox toggle checked={u.enabled} disabled={!canEdit} data-testid="user-row-enabled" data-checked={u.enabled ? '1' : '0'} onChange={(_, d) => void setEnabled(u, Boolean(d.checked))} aria-label={t('users.enabled')} />
                    </Table.Cell>
                    <Table.Cell>
                      {u.locked ? (
                        <Label size="tiny" color="orange" data-testid="user-row-locked">
                          <Icon name="lock" /> {t('users.lockedYes')}
                        </Label>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell textAlign="center" data-testid="user-row-sessions">
                      {u.sessions > 0 ? <Label size="tiny" color="green" circular content={u.sessions} /> : '0'}
                    </Table.Cell>
                    <Table.Cell singleLine>
                      <Authorized all={[Permission.userEdit]}>
                        <Button size="mini" basic icon="edit" title={t('admin.edit')} aria-label={t('admin.edit')} onClick={() => openEdit(u)} data-testid="user-edit" />
                        <Button
                          size="mini"
                          basic
                          icon="key"
                          title={t('users.resetPassword')}
                          aria-label={t('users.resetPassword')}
                          onClick={() => {
                            setNewPassword('');
                            setResetError('');
                            setResetFor(u);
                          }}
                          data-testid="user-reset-password"
                        />
                        <Button size="mini" basic icon="sign-out" title={t('users.endSessions')} aria-label={t('users.endSessions')} disabled={u.sessions === 0} onClick={() => void endSessions(u)} data-testid="user-end-sessions" />
                        <Button size="mini" basic color="red" icon="trash alternate outline" title={t('admin.delete')} aria-label={t('admin.delete')} onClick={() => void remove(u)} data-testid="user-delete" />
                      </Authorized>
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager testId="user-pager" total={list.page.total} current={list.current} size={list.size} onPage={list.setCurrent} onSize={list.setSize} />
      </Segment>

      <FormModal open={draft !== null} title={draft?.id ? t('users.editTitle', { name: draft.name }) : t('users.createTitle')} testId="user-form" saving={saving} onSave={() => void save()} onClose={() => setDraft(null)}>
        {draft ? (
          <>
            <Form.Group widths="equal">
              {draft.id ? (
                <Form.Field>
                  <label>{t('users.account')}</label>
                  <div className="ui fluid input disabled">
                    <input value={draft.account} readOnly data-testid="user-form-account" />
                  </div>
                </Form.Field>
              ) : (
                <TextField label={t('users.account')} testId="user-form-account" required maxLength={50} value={draft.account} error={errors.account} onValue={(v) => setD('account', v)} autoComplete="off" />
              )}
              <TextField label={t('users.name')} testId="user-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => setD('name', v)} />
            </Form.Group>
            {draft.id ? null : <TextField label={t('users.password')} testId="user-form-password" type="password" required maxLength={50} value={draft.password} error={errors.password} onValue={(v) => setD('password', v)} autoComplete="new-password" />}
            <Form.Group widths="equal">
              <SelectField label={t('users.userType')} testId="user-form-type" required value={draft.userType} options={typeOptions} error={errors.userType} onValue={(v) => setD('userType', v)} />
              <SelectField label={t('users.dept')} testId="user-form-dept" value={draft.deptId} placeholder={t('admin.none')} options={deptOptions} error={errors.deptId} onValue={(v) => setD('deptId', v)} />
            </Form.Group>
            <Form.Field error={Boolean(errors.roleIds)}>
              <label>{t('users.roles')}</label>
              <div className="sf-check-list" data-testid="user-form-roles">
                {roles.filter((r) => r.kind !== 'dynamic' || draft.roleIds.includes(r.id)).map((r) => (
                  <Checkbox key={r.id} label={r.name} checked={draft.roleIds.includes(r.id)} onChange={(_, d) => toggleRole(r.id, Boolean(d.checked))} data-testid="user-form-role" data-code={r.code} />
                ))}
              </div>
              {errors.roleIds ? <div className="sf-field-error">{errors.roleIds}</div> : null}
            </Form.Field>
            <ToggleField label={t('users.enabled')} testId="user-form-enabled" checked={draft.enabled} onValue={(v) => setD('enabled', v)} />
          </>
        ) : null}
      </FormModal>

      <FormModal open={resetFor !== null} size="tiny" title={t('users.resetTitle', { name: resetFor?.name ?? '' })} testId="user-reset-form" saving={saving} onSave={() => void doReset()} onClose={() => setResetFor(null)}>
        <TextField label={t('users.newPassword')} testId="user-reset-password-input" type="password" required maxLength={50} value={newPassword} error={resetError} onValue={setNewPassword} autoComplete="new-password" />
      </FormModal>

      <UserImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          toast.success(t('admin.updated'));
          list.reload();
        }}
      />
    </div>
  );
}
