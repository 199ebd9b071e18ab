import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Icon, Label, Message, Radio, Segment } from 'semantic-ui-react';
import { AdminPath, Permission, roleGrantSchema, roleSchema, type MenuAdminNode, type RoleRow, type RoleTypeRow } from '@schoolflow/contracts';
import { errorMessage, reportError } from '../../../api/http.js';
import { useAuthorized } from '../../../components/authorized.js';
import { DeleteButton, FilterCard, FilterInput, FilterSelect, actionsColumn, ListCard, useFilters, RowButton, type Column, type Option } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { useDialogTarget } from '../../../util/use-disclosure.js';
import { FormSelect, FormText, FormTextArea, adminResolver, firstError, postForm } from '../admin-form.js';
import { FormModal, TextAreaField, confirmRun, useLocalName } from '../admin-kit.js';
import { runAction, useAllRows, usePagedList } from '../use-admin-lists.js';
import { MenuCheckTree } from './menu-check-tree.js';
import { PeoplePicker } from './people-picker.js';
import { type PickedPerson, resolveIds, useRoleGrants, useRoleMembers, useRoleSqlTest } from './use-role-admin.js';

interface Draft {
  id?: string;
  name: string;
  code: string;
  nameEn: string;
  roleTypeId: string;
  source: 'sql' | 'procedure';
  sql: string;
  procedure: string;
  sort: string;
}

/** A role's grants as read: the menus checked (from the whole tree) and the further permissions. */
interface Grants {
  menus: MenuAdminNode[];
  menuIds: string[];
  permissions: string[];
}

/** Every grant the text names, once each. */
const permissionList = (text: string): string[] => [...new Set(text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean))];

/** Roles (ms/role): table, create/edit (dynamic ones with SQL or a procedure and a test), grants, members. */
export default function RolesView({ active }: ViewProps) {
  const { t } = useT();
  const canEdit = useAuthorized({ all: [Permission.roleEdit] });
  const { filters, applied, set, search, reset } = useFilters({ keyword: '', roleTypeId: '' });
  const query = useMemo(() => {
    const q: Record<string, unknown> = {};
    if (applied.keyword.trim()) q.keyword = applied.keyword.trim();
    if (applied.roleTypeId) q.roleTypeId = applied.roleTypeId;
    return q;
  }, [applied]);
  const list = usePagedList<RoleRow>(AdminPath.roleList, query, active);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
  // the role whose grants / members dialog is open; the dialog shows once its query has read them
  const { target: grantFor, open: showGrant, close: closeGrant } = useDialogTarget<RoleRow>();
  const { target: membersOf, open: showMembers, close: closeMembers } = useDialogTarget<RoleRow>();
  const grants = useRoleGrants(grantFor?.id ?? null);
  const members = useRoleMembers(membersOf?.id ?? null);
  const localName = useLocalName();

  const types = useAllRows<RoleTypeRow>(AdminPath.roleTypeList, active);
  const kindName = (kind: string) => t(`roleTypes.kinds.${kind === 'dynamic' ? 'dynamic' : 'ordinary'}`);
  const typeOptions = types.map((x) => ({ value: x.id, text: `${x.name} · ${kindName(x.kind)}` }));

  const openCreate = () => openEditor({ name: '', code: '', nameEn: '', roleTypeId: types[0]?.id ?? '', source: 'sql', sql: '', procedure: '', sort: '0' });
  const openEdit = (r: RoleRow) =>
    openEditor({ id: r.id, name: r.name, code: r.code, nameEn: r.nameEn, roleTypeId: r.roleTypeId ?? '', source: r.procedure && !r.sql ? 'procedure' : 'sql', sql: r.sql, procedure: r.procedure, sort: String(r.sort) });

  const remove = (r: RoleRow) => confirmRun(t('admin.confirmDelete', { name: r.name }), AdminPath.roleDelete, { ids: [r.id] }, t('admin.deleted'), list.reload);
  const setEnabled = async (r: RoleRow, enabled: boolean) => {
    if ((await runAction(AdminPath.roleEnable, { ids: [r.id], enabled })).ok) list.reload();
  };

  // the same role again after a failed read: read again (its query is still the one shown)
  const openGrant = (r: RoleRow) => {
    showGrant(r);
    if (grantFor?.id === r.id && grants.isError) void grants.refetch();
  };
  const openUsers = (r: RoleRow) => {
    showMembers(r);
    if (membersOf?.id === r.id && members.isError) void members.refetch();
  };

  const columns: Column<RoleRow>[] = [
    {
      title: t('roles.name'),
      cell: (r) => (
        <>
          {localName(r)}
          {r.builtIn ? (
            <Label size="mini" basic className="sf-ml">
              {t('admin.builtIn')}
            </Label>
          ) : null}
        </>
      ),
    },
    { title: t('roles.code'), cell: (r) => <code>{r.code}</code> },
    { title: t('roles.nameEn'), cell: (r) => r.nameEn },
    {
      title: t('roles.roleType'),
      cell: (r) => (
        <>
          {r.roleTypeName ?? ''}{' '}
          <Label size="mini" basic color={r.kind === 'dynamic' ? 'purple' : 'teal'}>
            {kindName(r.kind)}
          </Label>
        </>
      ),
    },
    { title: t('admin.sort'), narrow: true, props: { textAlign: 'center' }, cell: (r) => r.sort },
    { title: t('roles.users'), narrow: true, props: { textAlign: 'center' }, cell: (r) => (r.kind === 'dynamic' ? '—' : r.users) },
    {
      title: t('admin.enabled'),
      narrow: true,
      cell: (r) => <Checkbox toggle checked={r.enabled} disabled={!canEdit} data-testid="role-row-enabled" data-checked={r.enabled ? '1' : '0'} onChange={(_, d) => void setEnabled(r, Boolean(d.checked))} aria-label={t('admin.enabled')} />,
    },
    actionsColumn(t('admin.actions'), Permission.roleEdit, (r) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEdit(r)} testId="role-edit" />
        <Button size="mini" basic color="teal" onClick={() => openGrant(r)} data-testid="role-grant">
          <Icon name="key" /> {t('roles.grant')}
        </Button>
        {r.kind === 'ordinary' ? (
          <Button size="mini" basic color="blue" onClick={() => openUsers(r)} data-testid="role-users">
            <Icon name="users" /> {t('roles.userList')}
          </Button>
        ) : null}
        <DeleteButton title={t('admin.delete')} disabled={r.builtIn} onClick={() => void remove(r)} testId="role-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="role-view">
      <FilterCard testId="role-search" onSearch={search} onReset={reset}>
        <FilterInput id="role-search-keyword" label={t('admin.keyword')} value={filters.keyword} maxLength={50} onValue={(v) => set('keyword', v)} />
        <FilterSelect id="role-search-type" label={t('roles.roleType')} value={filters.roleTypeId} all={t('roles.roleTypeFilter')} options={typeOptions} onValue={(v) => set('roleTypeId', v)} />
      </FilterCard>

      <ListCard testId="role" icon="id badge outline" title={t('roles.title')} list={list} create={{ permission: Permission.roleEdit, onClick: openCreate }} columns={columns} rowProps={(r) => ({ 'data-code': r.code, 'data-kind': r.kind, 'data-enabled': r.enabled ? '1' : '0' })} />

      {editing ? <RoleForm draft={editing} types={types} typeOptions={typeOptions} onClose={closeEditor} onSaved={list.reload} /> : null}
      {grantFor && grants.data ? <GrantForm role={grantFor} grants={grants.data} onClose={closeGrant} /> : null}
      {membersOf && members.data ? <MembersForm role={membersOf} people={members.data} onClose={closeMembers} onSaved={list.reload} /> : null}
    </div>
  );
}

/**
 * The create/edit modal of a role, checked with the schema the server validates with; a role of a dynamic type takes
 * the SQL or the procedure its source names (only that one is sent), and can be tried before it is saved.
 */
function RoleForm({ draft, types, typeOptions, onClose, onSaved }: { draft: Draft; types: readonly RoleTypeRow[]; typeOptions: Option[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const kindOf = (roleTypeId: string) => types.find((x) => x.id === roleTypeId)?.kind ?? 'ordinary';
  const payload = (d: Draft) => {
    const dynamic = kindOf(d.roleTypeId) === 'dynamic';
    return {
      id: d.id,
      name: d.name.trim(),
      code: d.code.trim(),
      nameEn: d.nameEn.trim(),
      roleTypeId: d.roleTypeId,
      sql: dynamic && d.source === 'sql' ? d.sql.trim() : '',
      procedure: dynamic && d.source === 'procedure' ? d.procedure.trim() : '',
      sort: d.sort === '' ? 0 : d.sort,
    };
  };
  // the form's own rules: a type is chosen, a dynamic role has the SQL or the procedure its source names
  const extra = (d: Draft) => {
    const dynamic = kindOf(d.roleTypeId) === 'dynamic';
    return {
      roleTypeId: d.roleTypeId ? undefined : t('admin.choose'),
      sql: dynamic && d.source === 'sql' && !d.sql.trim() ? t('roles.sql') : undefined,
      procedure: dynamic && d.source === 'procedure' && !d.procedure.trim() ? t('roles.procedure') : undefined,
    };
  };
  const { control, handleSubmit, formState, getValues, setValue } = useForm({ defaultValues: draft, resolver: adminResolver(roleSchema, payload, extra) });
  const [roleTypeId, source] = useWatch({ control, name: ['roleTypeId', 'source'] });
  const test = useRoleSqlTest();
  const outcome = test.data
    ? { ok: true, text: test.data.count > 0 ? t('roles.testOk', { count: test.data.count }) : t('roles.testNone'), names: test.data.names }
    : test.error
      ? { ok: false, text: errorMessage(test.error), names: [] }
      : null;
  const runTest = () => {
    const p = payload(getValues());
    test.mutate({ sql: p.sql, procedure: p.procedure });
  };
  const save = handleSubmit((body) =>
    postForm(AdminPath.roleSave, body, () => {
      onClose();
      onSaved();
    }),
  );

  return (
    <FormModal open title={draft.id ? t('roles.editTitle', { name: draft.name }) : t('roles.createTitle')} testId="role-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <Form.Group widths="equal">
        <FormText control={control} name="name" label={t('roles.name')} testId="role-form-name" required maxLength={50} />
        <FormText control={control} name="code" label={t('roles.code')} testId="role-form-code" required maxLength={50} />
      </Form.Group>
      <Form.Group widths="equal">
        <FormText control={control} name="nameEn" label={t('roles.nameEn')} testId="role-form-name-en" maxLength={100} />
        <FormText control={control} name="sort" label={t('admin.sort')} testId="role-form-sort" type="number" min={0} max={9999} />
      </Form.Group>
      <FormSelect control={control} name="roleTypeId" label={t('roles.roleType')} testId="role-form-type" required placeholder={t('admin.choose')} options={typeOptions} />
      {kindOf(roleTypeId) === 'dynamic' ? (
        <Segment secondary data-testid="role-form-dynamic">
          <Form.Group inline>
            <Form.Field>
              <Radio label={t('roles.sourceSql')} checked={source === 'sql'} onChange={() => setValue('source', 'sql')} data-testid="role-form-source-sql" />
            </Form.Field>
            <Form.Field>
              <Radio label={t('roles.sourceProcedure')} checked={source === 'procedure'} onChange={() => setValue('source', 'procedure')} data-testid="role-form-source-procedure" />
            </Form.Field>
          </Form.Group>
          {source === 'sql' ? (
            <FormTextArea control={control} name="sql" label={t('roles.sql')} testId="role-form-sql" rows={5} maxLength={4000} className="sf-code" spellCheck={false} />
          ) : (
            <FormText control={control} name="procedure" label={t('roles.procedure')} testId="role-form-procedure" maxLength={120} />
          )}
          <Button type="button" size="small" basic color="purple" loading={test.isPending} disabled={test.isPending} onClick={runTest} data-testid="role-form-test">
            <Icon name="lab" /> {t('roles.test')}
          </Button>
          {outcome && !test.isPending ? (
            <Message size="small" positive={outcome.ok} negative={!outcome.ok} data-testid="role-form-test-result" data-ok={outcome.ok ? '1' : '0'}>
              <p>{outcome.text}</p>
              {outcome.names.length > 0 ? <p className="sf-hint">{outcome.names.join(t('common.listSeparator'))}</p> : null}
            </Message>
          ) : null}
        </Segment>
      ) : null}
    </FormModal>
  );
}

/** A role's grants: the menus (a checked page brings its group) and further permissions, checked with the server's schema. */
function GrantForm({ role, grants, onClose }: { role: RoleRow; grants: Grants; onClose: () => void }) {
  const { t, tv } = useT();
  const roleId = role.id;
  const resolver = useMemo(() => adminResolver(roleGrantSchema, (d: { menuIds: string[]; permissions: string }) => ({ roleId, menuIds: d.menuIds, permissions: permissionList(d.permissions) })), [roleId]);
  const { control, handleSubmit, formState } = useForm({ defaultValues: { menuIds: grants.menuIds, permissions: grants.permissions.join('\n') }, resolver });
  // one message for the dialog, under the permissions (a menu id or a permission the schema refuses)
  const message = firstError(formState.errors);
  const save = handleSubmit((body) => postForm(AdminPath.roleGrant, body, onClose, t('roles.granted')));
  return (
    <FormModal open title={t('roles.grantTitle', { name: role.name })} testId="role-grant-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <div className="sf-two-cols sf-grant">
        <Form.Field>
          <label>{t('roles.menus')}</label>
          <Controller control={control} name="menuIds" render={({ field }) => <MenuCheckTree nodes={grants.menus} checked={new Set(field.value)} onChange={(next) => field.onChange([...next])} />} />
        </Form.Field>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <TextAreaField label={t('roles.permissions')} hint={t('roles.permissionsHint')} testId="role-grant-permissions" rows={10} value={field.value} error={message ? tv(message) : undefined} onValue={field.onChange} spellCheck={false} />
          )}
        />
      </div>
    </FormModal>
  );
}

/**
 * A role's members, chosen with the people picker. The picker answers accounts; those newly picked are looked up to
 * their user ids on save (no schema to run before: every entry is a person the server listed).
 */
function MembersForm({ role, people, onClose, onSaved }: { role: RoleRow; people: PickedPerson[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const { control, handleSubmit, formState } = useForm({ defaultValues: { people } });
  const save = handleSubmit(async (d) => {
    let userIds: string[];
    try {
      const resolved = await resolveIds(d.people);
      if (resolved.missing.length > 0) {
        reportError(new Error(`${t('roles.usersMissing')}: ${resolved.missing.join(t('common.listSeparator'))}`));
        return;
      }
      userIds = resolved.ids;
    } catch (err) {
      reportError(err);
      return;
    }
    await postForm(
      AdminPath.roleSetUsers,
      { roleId: role.id, userIds },
      () => {
        onClose();
        onSaved();
      },
      t('roles.usersSaved'),
    );
  });
  return (
    <FormModal open title={t('roles.usersTitle', { name: role.name })} testId="role-users-form" saving={formState.isSubmitting} onSave={() => void save()} onClose={onClose}>
      <Controller control={control} name="people" render={({ field }) => <PeoplePicker value={field.value} onChange={field.onChange} />} />
    </FormModal>
  );
}
