import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox, Form, Icon, Label } from 'semantic-ui-react';
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
import { Authorized, useAuthorized } from '../../../components/authorized.js';
import { DeleteButton, FilterCard, FilterInput, FilterSelect, actionsColumn, ListCard, useFilters, RowButton, ToolButton, type Column, type Option } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { toast } from '../../../util/toast.js';
import { useDialogTarget, useDisclosure } from '../../../util/use-disclosure.js';
import { FormSelect, FormText, FormToggle, adminResolver, firstError, postForm } from '../admin-form.js';
import { FormModal, confirmRun, treeOptions, useLocalName } from '../admin-kit.js';
import { runAction, useAllRows, usePagedList, useTreeOptions } from '../use-admin-lists.js';
import { UserImportDialog } from './import-dialog.js';
import { downloadUserTemplate, useUserExport } from './use-user-files.js';

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

const base = (d: Draft) => ({ name: d.name, userType: d.userType, enabled: d.enabled, deptId: d.deptId || null, roleIds: d.roleIds });
const createResolver = adminResolver(userCreateSchema, (d: Draft) => ({ ...base(d), account: d.account, password: d.password }));
const updateResolver = adminResolver(userUpdateSchema, (d: Draft) => ({ ...base(d), id: d.id }));

/** Users (ms/user): search, table, create/edit, reset password, end sessions, enable, delete, Excel in and out. */
export default function UsersView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.userEdit] });
  const { filters, applied, set, search, reset } = useFilters(NO_FILTERS);
  const query = useMemo(() => toQuery(applied), [applied]);
  const list = usePagedList<UserRow>(AdminPath.userList, query, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
  const { target: resetFor, open: openReset, close: closeReset } = useDialogTarget<UserRow>();
  const importing = useDisclosure();
  const localName = useLocalName();

  const typeName = (code: string) => ((USER_TYPES as readonly string[]).includes(code) ? t(`users.types.${code as '1'}`) : t('users.types.4'));
  const typeOptions = USER_TYPES.map((v) => ({ value: v, text: t(`users.types.${v}`) }));

  // Options of the edit form: roles and departments (both optional; a failure leaves the pickers empty).
  const roles = useAllRows<RoleRow>(AdminPath.roleList, active && canEdit);
  const orgs = useTreeOptions<OrgNode>(AdminPath.orgTree, active && canEdit);
  const deptOptions = treeOptions(orgs, localName);


  const openCreate = () => openEditor({ ...EMPTY });
  const openEdit = (u: UserRow) => openEditor({ id: u.id, account: u.account, name: u.name, password: '', userType: u.userType, enabled: u.enabled, deptId: u.deptId ?? '', roleIds: u.roles.map((r) => r.id) });

  const endSessions = (u: UserRow) => confirmRun(t('users.confirmEndSessions', { name: u.name }), AdminPath.userEndSessions, { id: u.id }, t('users.sessionsEnded'), list.reload);
  const remove = (u: UserRow) => confirmRun(t('users.confirmDelete', { name: `${u.name} (${u.account})` }), AdminPath.userDelete, { ids: [u.id] }, t('admin.deleted'), list.reload);
  const setEnabled = async (u: UserRow, enabled: boolean) => {
    if ((await runAction(AdminPath.userEnable, { ids: [u.id], enabled }, t('users.enabledChanged'))).ok) list.reload();
  };
  const exporter = useUserExport();
  const exporting = exporter.isPending;
  const exportUsers = () => exporter.mutate({ size: list.size, query });

  const columns: Column<UserRow>[] = [
    { title: t('users.account'), props: { 'data-testid': 'user-row-account' }, cell: (u) => u.account },
    { title: t('users.name'), cell: (u) => u.name },
    {
      title: t('users.userType'),
      narrow: true,
      props: { singleLine: true },
      cell: (u) => (
        <Label size="tiny" basic color={u.userType === '1' ? 'red' : u.userType === '2' ? 'blue' : u.userType === '3' ? 'green' : 'grey'} data-testid="user-row-type">
          {typeName(u.userType)}
        </Label>
      ),
    },
    { title: t('users.dept'), cell: (u) => u.deptName ?? '' },
    {
      title: t('users.roles'),
      props: { className: 'sf-cell-wrap' },
      cell: (u) =>
        u.roles.map((r) => (
          <Label key={r.id} size="tiny" title={r.code}>
            {r.name}
          </Label>
        )),
    },
    {
      title: t('users.enabled'),
      narrow: true,
      cell: (u) => <Checkbox toggle checked={u.enabled} disabled={!canEdit} data-testid="user-row-enabled" data-checked={u.enabled ? '1' : '0'} onChange={(_, d) => void setEnabled(u, Boolean(d.checked))} aria-label={t('users.enabled')} />,
    },
    {
      title: t('users.locked'),
      narrow: true,
      cell: (u) =>
        u.locked ? (
          <Label size="tiny" color="orange" data-testid="user-row-locked">
            <Icon name="lock" /> {t('users.lockedYes')}
          </Label>
        ) : null,
    },
    { title: t('users.sessions'), narrow: true, props: { textAlign: 'center', 'data-testid': 'user-row-sessions' }, cell: (u) => (u.sessions > 0 ? <Label size="tiny" color="green" circular content={u.sessions} /> : '0') },
    actionsColumn(t('admin.actions'), Permission.userEdit, (u) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEdit(u)} testId="user-edit" />
        <RowButton icon="key" title={t('users.resetPassword')} onClick={() => openReset(u)} testId="user-reset-password" />
        <RowButton icon="sign-out" title={t('users.endSessions')} disabled={u.sessions === 0} onClick={() => void endSessions(u)} testId="user-end-sessions" />
        <DeleteButton title={t('admin.delete')} onClick={() => void remove(u)} testId="user-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="user-view">
      <FilterCard testId="user-search" onSearch={search} onReset={reset}>
        <FilterInput id="user-search-keyword" label={t('admin.keyword')} value={filters.keyword} maxLength={50} placeholder={t('users.keywordPlaceholder')} onValue={(v) => set('keyword', v)} />
        <FilterSelect id="user-search-type" label={t('users.userType')} value={filters.userType} all={t('common.all')} options={typeOptions} onValue={(v) => set('userType', v)} />
        <FilterSelect
          id="user-search-enabled"
          label={t('admin.status')}
          value={filters.enabled}
          all={t('common.all')}
          options={[
            { value: '1', text: t('admin.enabled') },
            { value: '0', text: t('admin.disabled') },
          ]}
          onValue={(v) => set('enabled', v === '1' ? '1' : v === '0' ? '0' : '')}
        />
      </FilterCard>

      <ListCard
        testId="user"
        icon="users"
        title={t('users.title')}
        list={list}
        create={{ permission: Permission.userEdit, onClick: openCreate }}
        tools={
          <>
            <Authorized all={[Permission.userEdit]}>
              <ToolButton icon="upload" text={t('users.import')} onClick={importing.open} testId="user-import" />
              <ToolButton icon="file excel outline" text={t('users.template')} onClick={() => void downloadUserTemplate()} testId="user-template" />
            </Authorized>
            <ToolButton icon="download" text={t('users.export')} loading={exporting} disabled={exporting} onClick={exportUsers} testId="user-export" />
          </>
        }
        columns={columns}
        rowProps={(u) => ({ 'data-account': u.account, 'data-enabled': u.enabled ? '1' : '0' })}
      />

      {editing ? <UserForm draft={editing} roles={roles} typeOptions={typeOptions} deptOptions={deptOptions} onClose={closeEditor} onSaved={list.reload} /> : null}
      {resetFor ? <ResetPasswordForm user={resetFor} onClose={closeReset} onSaved={list.reload} /> : null}

      <UserImportDialog
        open={importing.opened}
        onClose={importing.close}
        onImported={() => {
          toast.success(t('admin.updated'));
          list.reload();
        }}
      />
    </div>
  );
}

/** The create/edit modal of a user, checked with the create or the update schema the server validates with. */
function UserForm({ draft, roles, typeOptions, deptOptions, onClose, onSaved }: { draft: Draft; roles: readonly RoleRow[]; typeOptions: Option[]; deptOptions: Option[]; onClose: () => void; onSaved: () => void }) {
  const { t, tv } = useT();
  // the body is the create or the update input; it goes to the path of the same kind
  const { control, handleSubmit, formState } = useForm<Draft, unknown, object>({ defaultValues: draft, resolver: draft.id ? updateResolver : createResolver });
  const save = handleSubmit((body) =>
    postForm(draft.id ? AdminPath.userUpdate : AdminPath.userCreate, body, () => {
      onClose();
      onSaved();
    }),
  );
  return (
    <FormModal open title={draft.id ? t('users.editTitle', { name: draft.name }) : t('users.createTitle')} testId="user-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <Form.Group widths="equal">
        {draft.id ? (
          <Form.Field>
            <label>{t('users.account')}</label>
            <div className="ui fluid input disabled">
              <input value={draft.account} readOnly data-testid="user-form-account" />
            </div>
          </Form.Field>
        ) : (
          <FormText control={control} name="account" label={t('users.account')} testId="user-form-account" required maxLength={50} autoComplete="off" />
        )}
        <FormText control={control} name="name" label={t('users.name')} testId="user-form-name" required maxLength={50} />
      </Form.Group>
      {draft.id ? null : <FormText control={control} name="password" label={t('users.password')} testId="user-form-password" type="password" required maxLength={50} autoComplete="new-password" />}
      <Form.Group widths="equal">
        <FormSelect control={control} name="userType" label={t('users.userType')} testId="user-form-type" required options={typeOptions} />
        <FormSelect control={control} name="deptId" label={t('users.dept')} testId="user-form-dept" placeholder={t('admin.none')} options={deptOptions} />
      </Form.Group>
      <Controller
        control={control}
        name="roleIds"
        render={({ field, fieldState }) => {
          const message = firstError(fieldState.error);
          const toggle = (id: string, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((x) => x !== id));
          return (
            <Form.Field error={Boolean(message)}>
              <label>{t('users.roles')}</label>
              <div className="sf-check-list" data-testid="user-form-roles">
                {roles.filter((r) => r.kind !== 'dynamic' || field.value.includes(r.id)).map((r) => (
                  <Checkbox key={r.id} label={r.name} checked={field.value.includes(r.id)} onChange={(_, d) => toggle(r.id, Boolean(d.checked))} data-testid="user-form-role" data-code={r.code} />
                ))}
              </div>
              {message ? <div className="sf-field-error">{tv(message)}</div> : null}
            </Form.Field>
          );
        }}
      />
      <FormToggle control={control} name="enabled" label={t('users.enabled')} testId="user-form-enabled" />
    </FormModal>
  );
}

/** Sets a user's password, checked with the schema the server validates with (its message under the one field). */
function ResetPasswordForm({ user, onClose, onSaved }: { user: UserRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const resolver = useMemo(() => adminResolver(userResetPasswordSchema, (d: { password: string }) => ({ id: user.id, password: d.password })), [user.id]);
  const { control, handleSubmit, formState } = useForm({ defaultValues: { password: '' }, resolver });
  const save = handleSubmit((body) =>
    postForm(
      AdminPath.userResetPassword,
      body,
      () => {
        onClose();
        onSaved();
      },
      t('users.resetDone'),
    ),
  );
  return (
    <FormModal open size="tiny" title={t('users.resetTitle', { name: user.name })} testId="user-reset-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <FormText control={control} name="password" label={t('users.newPassword')} testId="user-reset-password-input" type="password" required maxLength={50} autoComplete="new-password" />
    </FormModal>
  );
}
