import { useMemo, useState } from 'react';
import { Button, Checkbox, Form, Icon, Label, Message, Radio, Segment } from 'semantic-ui-react';
import {
  AdminPath,
  Permission,
  PERMISSION_PATTERN,
  roleGrantSchema,
  roleSchema,
  type MenuAdminNode,
  type RoleRow,
  type RoleTypeRow,
} from '@schoolflow/contracts';
import { errorMessage, reportError } from '../../../api/http.js';
import { useAuthorized } from '../../../components/authorized.js';
import { TextField } from '../../../components/form-field.js';
import { DeleteButton, FilterCard, FilterInput, FilterSelect, actionsColumn, ListCard, useFilters, RowButton, type Column } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { FormModal, SelectField, TextAreaField, confirmRun, useLocalName, validate, type FieldErrors } from '../admin-kit.js';
import { runAction, useAllRows, usePagedList } from '../use-admin-lists.js';
import { useDraft } from '../use-draft.js';
import { MenuCheckTree } from './menu-check-tree.js';
import { PeoplePicker } from './people-picker.js';
import { type PickedPerson, loadGrants, loadMembers, resolveIds, testRoleSql } from './use-role-admin.js';

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

interface TestOutcome {
  ok: boolean;
  text: string;
  names: string[];
}

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
  const form = useDraft<Draft>();
  const { draft, errors } = form;
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<TestOutcome | null>(null);
  // grants
  const [grantFor, setGrantFor] = useState<RoleRow | null>(null);
  const [menus, setMenus] = useState<MenuAdminNode[]>([]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [perms, setPerms] = useState('');
  const [grantError, setGrantError] = useState('');
  // members
  const [usersFor, setUsersFor] = useState<RoleRow | null>(null);
  const [members, setMembers] = useState<PickedPerson[]>([]);
  const localName = useLocalName();

  const types = useAllRows<RoleTypeRow>(AdminPath.roleTypeList, active);
  const kindName = (kind: string) => t(`roleTypes.kinds.${kind === 'dynamic' ? 'dynamic' : 'ordinary'}`);
  const typeOptions = types.map((x) => ({ value: x.id, text: `${x.name} · ${kindName(x.kind)}` }));
  const draftKind = types.find((x) => x.id === draft?.roleTypeId)?.kind ?? 'ordinary';

  const openCreate = () => {
    setTest(null);
    form.open({ name: '', code: '', nameEn: '', roleTypeId: types[0]?.id ?? '', source: 'sql', sql: '', procedure: '', sort: '0' });
  };
  const openEdit = (r: RoleRow) => {
    setTest(null);
    form.open({ id: r.id, name: r.name, code: r.code, nameEn: r.nameEn, roleTypeId: r.roleTypeId ?? '', source: r.procedure && !r.sql ? 'procedure' : 'sql', sql: r.sql, procedure: r.procedure, sort: String(r.sort) });
  };

  const payload = (d: Draft) => ({
    id: d.id,
    name: d.name.trim(),
    code: d.code.trim(),
    nameEn: d.nameEn.trim(),
    roleTypeId: d.roleTypeId,
    sql: draftKind === 'dynamic' && d.source === 'sql' ? d.sql.trim() : '',
    procedure: draftKind === 'dynamic' && d.source === 'procedure' ? d.procedure.trim() : '',
    sort: d.sort === '' ? 0 : d.sort,
  });

  const save = async () => {
    if (!draft) return;
    // the form's own rules: a type is chosen, a dynamic role has the SQL or the procedure its source names
    const extra = (d: Draft) => {
      const errs: FieldErrors = {};
      if (!d.roleTypeId) errs.roleTypeId = t('admin.choose');
      if (draftKind === 'dynamic' && d.source === 'sql' && !d.sql.trim()) errs.sql = t('roles.sql');
      if (draftKind === 'dynamic' && d.source === 'procedure' && !d.procedure.trim()) errs.procedure = t('roles.procedure');
      return errs;
    };
    await form.submit({ schema: roleSchema, prepare: payload, extra }, AdminPath.roleSave, list.reload);
  };

  const runTest = async () => {
    if (!draft) return;
    const p = payload(draft);
    setTesting(true);
    setTest(null);
    try {
      const r = await testRoleSql(p.sql, p.procedure);
      setTest({ ok: true, text: r.count > 0 ? t('roles.testOk', { count: r.count }) : t('roles.testNone'), names: r.names });
    } catch (err) {
      setTest({ ok: false, text: errorMessage(err), names: [] });
    } finally {
      setTesting(false);
    }
  };

  const remove = (r: RoleRow) => confirmRun(t('admin.confirmDelete', { name: r.name }), AdminPath.roleDelete, { ids: [r.id] }, t('admin.deleted'), list.reload);
  const setEnabled = async (r: RoleRow, enabled: boolean) => {
    if ((await runAction(AdminPath.roleEnable, { ids: [r.id], enabled })).ok) list.reload();
  };

  const openGrant = async (r: RoleRow) => {
    setGrantError('');
    try {
      const grants = await loadGrants(r.id);
      setMenus(grants.menus);
      setChecked(new Set(grants.menuIds));
      setPerms(grants.permissions.join('\n'));
      setGrantFor(r);
    } catch (err) {
      reportError(err);
    }
  };
  const saveGrant = async () => {
    if (!grantFor) return;
    const permissions = [...new Set(perms.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean))];
    const bad = permissions.find((p) => !PERMISSION_PATTERN.test(p));
    const checkedGrant = validate(roleGrantSchema, { roleId: grantFor.id, menuIds: [...checked], permissions });
    if (bad || checkedGrant.errors) {
      setGrantError(checkedGrant.errors ? (Object.values(checkedGrant.errors)[0] ?? '') : `${bad ?? ''}: ${t('roles.permissionsHint')}`);
      return;
    }
    form.setSaving(true);
    const res = await runAction(AdminPath.roleGrant, checkedGrant.data, t('roles.granted'));
    form.setSaving(false);
    if (res.ok) setGrantFor(null);
  };

  const openUsers = async (r: RoleRow) => {
    try {
      setMembers(await loadMembers(r.id));
      setUsersFor(r);
    } catch (err) {
      reportError(err);
    }
  };
  const saveUsers = async () => {
    if (!usersFor) return;
    form.setSaving(true);
    let userIds: string[];
    try {
      const resolved = await resolveIds(members);
      if (resolved.missing.length > 0) {
        form.setSaving(false);
        reportError(new Error(`${t('roles.usersMissing')}: ${resolved.missing.join(t('common.listSeparator'))}`));
        return;
      }
      userIds = resolved.ids;
    } catch (err) {
      form.setSaving(false);
      reportError(err);
      return;
    }
    const res = await runAction(AdminPath.roleSetUsers, { roleId: usersFor.id, userIds }, t('roles.usersSaved'));
    form.setSaving(false);
    if (res.ok) {
      setUsersFor(null);
      list.reload();
    }
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
        <Button size="mini" basic color="teal" onClick={() => void openGrant(r)} data-testid="role-grant">
          <Icon name="key" /> {t('roles.grant')}
        </Button>
        {r.kind === 'ordinary' ? (
          <Button size="mini" basic color="blue" onClick={() => void openUsers(r)} data-testid="role-users">
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

      <FormModal open={draft !== null} title={draft?.id ? t('roles.editTitle', { name: draft.name }) : t('roles.createTitle')} testId="role-form" saving={form.saving} onSave={() => void save()} onClose={form.close}>
        {draft ? (
          <>
            <Form.Group widths="equal">
              <TextField label={t('roles.name')} testId="role-form-name" required maxLength={50} value={draft.name} error={errors.name} onValue={(v) => form.set('name', v)} />
              <TextField label={t('roles.code')} testId="role-form-code" required maxLength={50} value={draft.code} error={errors.code} onValue={(v) => form.set('code', v)} />
            </Form.Group>
            <Form.Group widths="equal">
              <TextField label={t('roles.nameEn')} testId="role-form-name-en" maxLength={100} value={draft.nameEn} error={errors.nameEn} onValue={(v) => form.set('nameEn', v)} />
              <TextField label={t('admin.sort')} testId="role-form-sort" type="number" min={0} max={9999} value={draft.sort} error={errors.sort} onValue={(v) => form.set('sort', v)} />
            </Form.Group>
            <SelectField label={t('roles.roleType')} testId="role-form-type" required value={draft.roleTypeId} placeholder={t('admin.choose')} options={typeOptions} error={errors.roleTypeId} onValue={(v) => form.set('roleTypeId', v)} />
            {draftKind === 'dynamic' ? (
              <Segment secondary data-testid="role-form-dynamic">
                <Form.Group inline>
                  <Form.Field>
                    <Radio label={t('roles.sourceSql')} checked={draft.source === 'sql'} onChange={() => form.set('source', 'sql')} data-testid="role-form-source-sql" />
                  </Form.Field>
                  <Form.Field>
                    <Radio label={t('roles.sourceProcedure')} checked={draft.source === 'procedure'} onChange={() => form.set('source', 'procedure')} data-testid="role-form-source-procedure" />
                  </Form.Field>
                </Form.Group>
                {draft.source === 'sql' ? (
                  <TextAreaField label={t('roles.sql')} testId="role-form-sql" rows={5} maxLength={4000} className="sf-code" value={draft.sql} error={errors.sql} onValue={(v) => form.set('sql', v)} spellCheck={false} />
                ) : (
                  <TextField label={t('roles.procedure')} testId="role-form-procedure" maxLength={120} value={draft.procedure} error={errors.procedure} onValue={(v) => form.set('procedure', v)} />
                )}
                <Button type="button" size="small" basic color="purple" loading={testing} disabled={testing} onClick={() => void runTest()} data-testid="role-form-test">
                  <Icon name="lab" /> {t('roles.test')}
                </Button>
                {test ? (
                  <Message size="small" positive={test.ok} negative={!test.ok} data-testid="role-form-test-result" data-ok={test.ok ? '1' : '0'}>
                    <p>{test.text}</p>
                    {test.names.length > 0 ? <p className="sf-hint">{test.names.join(t('common.listSeparator'))}</p> : null}
                  </Message>
                ) : null}
              </Segment>
            ) : null}
          </>
        ) : null}
      </FormModal>

      <FormModal open={grantFor !== null} title={t('roles.grantTitle', { name: grantFor?.name ?? '' })} testId="role-grant-form" saving={form.saving} onSave={() => void saveGrant()} onClose={() => setGrantFor(null)}>
        <div className="sf-two-cols sf-grant">
          <Form.Field>
            <label>{t('roles.menus')}</label>
            <MenuCheckTree nodes={menus} checked={checked} onChange={setChecked} />
          </Form.Field>
          <TextAreaField label={t('roles.permissions')} hint={t('roles.permissionsHint')} testId="role-grant-permissions" rows={10} value={perms} error={grantError} onValue={setPerms} spellCheck={false} />
        </div>
      </FormModal>

      <FormModal open={usersFor !== null} title={t('roles.usersTitle', { name: usersFor?.name ?? '' })} testId="role-users-form" saving={form.saving} onSave={() => void saveUsers()} onClose={() => setUsersFor(null)}>
        {usersFor ? <PeoplePicker value={members} onChange={setMembers} /> : null}
      </FormModal>
    </div>
  );
}
