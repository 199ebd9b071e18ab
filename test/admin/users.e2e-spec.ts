import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, ComponentPath, type ImportResult, type MenuAdminNode, type MenuNode, type PermissionInfo, type PickerOrgNode, type PickerPerson, type PickerRoleGroup, type RoleRow, type UserRow } from '@schoolflow/contracts';
import { call, login, randomIp, withDb } from '../support/api.js';
import { admin, download, expectOk, expectRefused, sheetRows, upload, workbook } from '../support/admin.js';

let token: string;
const post = <T = unknown>(path: string, json: unknown) => call<T>(path, { token, json });
const userCount = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_user`)).rows[0].n as number);
const HEADER = ['账号', '姓名', '用户类型(1管理员/2学生/3教师/4其他)', '密码', '部门代码', '角色编码(逗号分隔)'];

async function createUser(account: string, name = '测试用户', password = 'Start123'): Promise<string> {
  const res = await post<{ id: string }>(AdminPath.userCreate, { account, name, password, userType: '3' });
  expectOk(res);
  return (res.body.data as { id: string }).id;
}

const openSessions = (userId: string) =>
  withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_session WHERE user_id = $1 AND revoked_at IS NULL`, [userId])).rows[0].n as number);

function flatten(menus: MenuNode[]): MenuNode[] {
  return menus.flatMap((m) => [m, ...flatten(m.menus)]);
}

beforeAll(async () => {
  token = await admin();
});

describe('user import and export', () => {
  it('the template is an xlsx with the header row', async () => {
    const res = await download(AdminPath.userTemplate, token);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(sheetRows(res.bytes)[0]).toEqual(HEADER);
  });

  it('one bad row: nothing is imported, the row is reported (HTTP 200, code 400)', async () => {
    const before = await userCount();
    const bytes = workbook([HEADER, ['e2eimp_ok1', '导入甲', '3', 'Import1', '', ''], ['bad-acc', '导入乙', '3', 'Import1', '', ''], ['e2eimp_ok2', '导入丙', '7', '123', '', 'no_such_role']]);
    const res = await upload<ImportResult>(AdminPath.userImport, token, bytes, 'users.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, result: false, msg: '导入失败：有 2 行数据不正确，未导入任何数据', data: { imported: 0 } });
    expect(res.body.data?.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'account', message: '账号只能包含汉字、字母、数字和下划线' },
        { row: 4, column: 'userType', message: '用户类型不正确' },
        { row: 4, column: 'password', message: '密码不能少于5位' },
        { row: 4, column: 'roleCodes', message: expect.any(String) },
      ]),
    );
    expect(res.body.data?.errors.some((e) => e.row === 2)).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it('an account already taken or repeated in the file is a bad row', async () => {
    const before = await userCount();
    const bytes = workbook([HEADER, ['teacher', '重复', '3', 'Import1'], ['e2eimp_dup', '甲', '3', 'Import1'], ['e2eimp_dup', '乙', '3', 'Import1']]);
    const res = await upload<ImportResult>(AdminPath.userImport, token, bytes, 'users.xlsx');
    expect(res.body.data?.errors).toEqual([
      { row: 2, column: 'account', message: '账号已被使用' },
      { row: 4, column: 'account', message: '文件中账号重复' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('refuses a file that is not xls/xlsx, or has no file', async () => {
    const res = await upload(AdminPath.userImport, token, Buffer.from('account,name\n'), 'users.csv');
    expect(res.body.result).toBe(false);
    const none = await call(AdminPath.userImport, { token, json: {} });
    expectRefused(none, '请选择要导入的 Excel 文件');
  });

  it('a good import adds the users (with department and roles), who can then sign in', async () => {
    const before = await userCount();
    const bytes = workbook([HEADER, ['e2eimp_ok1', '导入甲', '3', 'Import1', 'MATHS', 'teacher'], ['e2eimp_学生', '导入乙', '2', 'Import2', '', '']]);
    const res = await upload<ImportResult>(AdminPath.userImport, token, bytes, 'users.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, result: true, data: { imported: 2, errors: [] } });
    expect(await userCount()).toBe(before + 2);
    const t1 = await login('e2eimp_ok1', 'Import1');
    const info = (await call<PermissionInfo>('/ms/getPermission', { token: t1 })).body.data as PermissionInfo;
    expect(info.roles).toEqual(['teacher']);
    await login('e2eimp_学生', 'Import2');
  });

  it('imports an .xls (BIFF8) file as well as .xlsx', async () => {
    const before = await userCount();
    const bytes = workbook([HEADER, ['e2eimp_xls1', '旧格式', '3', 'Import3', '', '']], 'biff8');
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // an OLE compound file, not a zip
    const res = await upload<ImportResult>(AdminPath.userImport, token, bytes, 'users.xls');
    expect(res.body).toMatchObject({ code: 200, result: true, data: { imported: 1, errors: [] } });
    expect(await userCount()).toBe(before + 1);
    await login('e2eimp_xls1', 'Import3');
  });

  it('export escapes cells that look like formulas', async () => {
    await createUser('e2eexp_formula', '=1+1');
    await createUser('e2eexp_at', '@SUM(A1)');
    const res = await download(AdminPath.userExport, token, { query: { keyword: 'e2eexp_' } });
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    const rows = sheetRows(res.bytes);
    expect(rows[0]).toEqual(['账号', '姓名', '用户类型', '启用', '部门', '角色']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['e2eexp_at', "'@SUM(A1)"],
      ['e2eexp_formula', "'=1+1"],
    ]);
  });
});

describe('users: sessions, reset password, disable, self-delete', () => {
  it('reset password ends the user’s sessions; the new password signs in, the old one no longer does', async () => {
    const id = await createUser('e2erst_user', '重置用户', 'OldPass1');
    const old = await login('e2erst_user', 'OldPass1');
    expect((await call('/ms/getPermission', { token: old })).body.result).toBe(true);
    expectRefused(await post(AdminPath.userResetPassword, { id, password: '1234' }), '密码不能少于5位');
    expectOk(await post(AdminPath.userResetPassword, { id, password: 'NewPass1' }));
    expect((await call('/ms/getPermission', { token: old })).body.code).toBe(50012);
    expect(await openSessions(id)).toBe(0);
    await login('e2erst_user', 'NewPass1');
    const fail = await call('/api/login/v3', { form: { username: 'e2erst_user', password: 'OldPass1' }, ip: randomIp() });
    expect(fail.body.result).toBe(false);
  });

  it('disabling a user ends their sessions and stops sign-in; enabling again lets them in', async () => {
    const id = await createUser('e2edis_user');
    const t = await login('e2edis_user', 'Start123');
    expectOk(await post(AdminPath.userEnable, { ids: [id], enabled: false }));
    // The session is revoked; a disabled account's token reads as no longer valid (50008), which signs the client out.
    expect((await call('/ms/getPermission', { token: t })).body.code).toBe(50008);
    expect(await openSessions(id)).toBe(0);
    const fail = await call('/api/login/v3', { form: { username: 'e2edis_user', password: 'Start123' }, ip: randomIp() });
    expect(fail.body.result).toBe(false);
    expectOk(await post(AdminPath.userEnable, { ids: [id], enabled: true }));
    await login('e2edis_user', 'Start123');
  });

  it('disabling through update also ends the sessions; end sessions ends them', async () => {
    const id = await createUser('e2eupd_user');
    const t = await login('e2eupd_user', 'Start123');
    expectOk(await post(AdminPath.userUpdate, { id, name: '改名', userType: '3', enabled: false, roleIds: [] }));
    expect((await call('/ms/getPermission', { token: t })).body.code).toBe(50008);
    expect(await openSessions(id)).toBe(0);
    expectOk(await post(AdminPath.userUpdate, { id, name: '改名', userType: '3', enabled: true, roleIds: [] }));
    const t2 = await login('e2eupd_user', 'Start123');
    const ended = await post<{ ended: number }>(AdminPath.userEndSessions, { id });
    expect(ended.body.data).toEqual({ ended: 1 });
    expect((await call('/ms/getPermission', { token: t2 })).body.code).toBe(50012);
  });

  it('a user cannot delete or disable themself; an unused user can be deleted', async () => {
    const me = ((await call<PermissionInfo>('/ms/getPermission', { token })).body.data as PermissionInfo).userInfo.id as string;
    expectRefused(await post(AdminPath.userDelete, { ids: [me] }), '不能删除自己的账号');
    expectRefused(await post(AdminPath.userEnable, { ids: [me], enabled: false }), '不能停用自己的账号');
    expect(await withDb(async (c) => (await c.query(`SELECT enabled FROM sys_user WHERE id = $1`, [me])).rows[0].enabled as boolean)).toBe(true);
    const id = await createUser('e2edel_user');
    expectOk(await post(AdminPath.userDelete, { ids: [id] }));
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_user WHERE id = $1`, [id])).rows[0].n as number)).toBe(0);
  });

  it('the user list filters by keyword and type', async () => {
    const res = await post<{ total: number; list: UserRow[] }>(AdminPath.userList, { current: 1, size: 10, query: { keyword: 'e2eimp_', userType: '2' } });
    expectOk(res);
    expect(res.body.data?.list.map((u) => u.account)).toEqual(['e2eimp_学生']);
    const legacy = await post<{ total: number; rows: UserRow[] }>(AdminPath.userList, { currPage: 0, limit: 10, search: JSON.stringify({ keyword: 'e2eimp_ok1' }) });
    expect(legacy.body.data?.rows?.[0]).toMatchObject({ account: 'e2eimp_ok1', deptName: expect.any(String), roles: [expect.objectContaining({ code: 'teacher' })] });
  });
});

describe('menu change visible after a refresh', () => {
  it('a new menu under an existing group, granted to the teacher role, shows on the teacher’s POST /api/role/refresh', async () => {
    const teacher = await login('teacher');
    const tree = (await post<MenuAdminNode[]>(AdminPath.menuTree, {})).body.data as MenuAdminNode[];
    const group = tree.find((m) => m.url === '/messageCenter') as MenuAdminNode;
    const created = await post<{ id: string }>(AdminPath.menuSave, { parentId: group.id, name: 'E2E新菜单', nameEn: 'E2E menu', url: '/messageCenter/e2e_new', permission: 'menu:e2e_new', sort: 50 });
    expectOk(created);
    const menuId = (created.body.data as { id: string }).id;
    const roles = (await post<{ list: RoleRow[] }>(AdminPath.roleList, { current: 1, size: 100, query: { keyword: 'teacher' } })).body.data as { list: RoleRow[] };
    const roleId = (roles.list.find((r) => r.code === 'teacher') as RoleRow).id;
    const grants = (await post<{ menuIds: string[]; permissions: string[] }>(AdminPath.roleGrants, { roleId })).body.data as { menuIds: string[]; permissions: string[] };
    expect(grants.menuIds).toContain(group.id);
    const urls = async () => flatten(((await call<PermissionInfo>('/ms/getPermission', { token: teacher })).body.data as PermissionInfo).menus).map((m) => m.menuurl);
    expect(await urls()).not.toContain('/messageCenter/e2e_new');
    expectOk(await post(AdminPath.roleGrant, { roleId, menuIds: [...grants.menuIds, menuId], permissions: [...grants.permissions, 'menu:e2e_new'] }));
    const refreshed = await call<PermissionInfo>('/api/role/refresh', { token: teacher, json: {} });
    expect(refreshed.body.result).toBe(true);
    expect(flatten((refreshed.body.data as PermissionInfo).menus).map((m) => m.menuurl)).toContain('/messageCenter/e2e_new');
    expect((refreshed.body.data as PermissionInfo).permission).toContain('menu:e2e_new');
    expect(await urls()).toContain('/messageCenter/e2e_new');
    // A disabled menu disappears on the next refresh.
    expectOk(await post(AdminPath.menuEnable, { ids: [menuId], enabled: false }));
    const again = await call<PermissionInfo>('/api/role/refresh', { token: teacher, json: {} });
    expect(flatten((again.body.data as PermissionInfo).menus).map((m) => m.menuurl)).not.toContain('/messageCenter/e2e_new');
    // Restore the teacher role as it was.
    expectOk(await post(AdminPath.roleGrant, { roleId, menuIds: grants.menuIds, permissions: grants.permissions }));
    expectOk(await post(AdminPath.menuDelete, { id: menuId }));
  });
});

describe('dictionaries and pickers', () => {
  it('/dicts answers only published entries', async () => {
    expectOk(await post(AdminPath.dictTableSave, { table: 'STD_E2E_PUB', title: '发布测试' }));
    expectOk(await post(AdminPath.dictSave, { table: 'STD_E2E_PUB', code: '1', name: '已发布', published: true, sort: 1 }));
    const hidden = await post<{ id: string }>(AdminPath.dictSave, { table: 'STD_E2E_PUB', code: '2', name: '未发布', sort: 2 });
    expectOk(hidden);
    const student = await login('student');
    const names = async () => ((await call<Record<string, { code: string; name: string }[]>>('/dicts', { token: student, json: { typeArr: ['STD_E2E_PUB'] } })).body.data?.STD_E2E_PUB ?? []).map((e) => e.name);
    expect(await names()).toEqual(['已发布']);
    expectOk(await post(AdminPath.dictPublish, { ids: [(hidden.body.data as { id: string }).id], published: true }));
    expect(await names()).toEqual(['已发布', '未发布']);
    const msgTypes = await call<Record<string, unknown[]>>('/dicts', { token: student, json: { typeArr: ['STD_MESSAGE_TYPE'] } });
    expect(msgTypes.body.data?.STD_MESSAGE_TYPE?.length).toBeGreaterThan(0);
  });

  it('getUserAllData pages by zero-based page, size 5, search JSON with USERTYPE and KEYWORD', async () => {
    const student = await login('student');
    const search = JSON.stringify({ USERTYPE: '3', KEYWORD: 'teacher' });
    const p0 = await call<{ total: number; rows: PickerPerson[] }>(ComponentPath.userAll, { token: student, json: { size: 5, page: 0, search } });
    const p1 = await call<{ total: number; rows: PickerPerson[] }>(ComponentPath.userAll, { token: student, json: { size: 5, page: 1, search } });
    expectOk(p0);
    const expected = ['headteacher', 'teacher', 'teacher01', 'teacher02', 'teacher03', 'teacher04', 'teacher05'];
    expect(p0.body.data?.total).toBe(expected.length);
    expect(p0.body.data?.rows).toHaveLength(5);
    expect(p0.body.data?.rows[0]).toEqual({ USERID: 'headteacher', USERNAME: '张老师', USERTYPE: '3' });
    expect([...(p0.body.data?.rows ?? []), ...(p1.body.data?.rows ?? [])].map((r) => r.USERID)).toEqual(expected);
    const students = await call<{ total: number; rows: PickerPerson[] }>(ComponentPath.userAll, { token: student, json: { size: 5, page: 0, search: JSON.stringify({ USERTYPE: '2', KEYWORD: '' }) } });
    expect(students.body.data?.rows.every((r) => r.USERTYPE === '2')).toBe(true);
    const badPage = await call(ComponentPath.userAll, { token: student, json: { size: 5, page: -1, search } });
    expectRefused(badPage, '页码不正确');
  });

  it('getUserData, getOrgsData and getRoles shapes', async () => {
    const teacher = await login('teacher');
    const users = await call<{ USERID: string; USERNAME: string }[]>(ComponentPath.users, { token: teacher, json: { ids: ['teacher', 'admin', 'nobody'] } });
    expect(users.body.data).toEqual([
      { USERID: 'admin', USERNAME: '系统管理员' },
      { USERID: 'teacher', USERNAME: '陈老师' },
    ]);
    const orgs = (await call<PickerOrgNode[]>(ComponentPath.orgs, { token: teacher, json: {} })).body.data as PickerOrgNode[];
    expect(orgs.length).toBeGreaterThan(0);
    const check = (n: PickerOrgNode, pid: string) => {
      expect(n).toEqual({ CODE: expect.any(String), NAME: expect.any(String), PID: pid, CHILD: expect.any(Array) });
      for (const c of n.CHILD) check(c, n.CODE);
    };
    for (const n of orgs) check(n, n.PID);
    const all = (n: PickerOrgNode): string[] => [n.CODE, ...n.CHILD.flatMap(all)];
    expect(orgs.flatMap(all)).toEqual(expect.arrayContaining(['MATHS', 'G10']));
    const roles = (await call<PickerRoleGroup[]>(ComponentPath.roles, { token: teacher, json: {} })).body.data as PickerRoleGroup[];
    const system = roles.find((g) => g.NAME === '系统角色') as PickerRoleGroup;
    expect(system).toEqual({ CODE: expect.any(String), NAME: '系统角色', CHILD: expect.arrayContaining([{ CODE: 'teacher', NAME: expect.any(String) }, { CODE: 'admin', NAME: '管理员' }]) });
    const en = (await call<PickerRoleGroup[]>(ComponentPath.roles, { token: teacher, json: {}, lang: 'en' })).body.data as PickerRoleGroup[];
    expect(en.flatMap((g) => g.CHILD).find((r) => r.CODE === 'admin')?.NAME).toBe('Administrator');
  });
});

describe('the operation log holds the administrative changes', () => {
  it('records the actions, by admin, with their result', async () => {
    const rows = await withDb(async (c) => (await c.query(`SELECT DISTINCT action, result FROM sys_operation_log WHERE account = 'admin'`)).rows as { action: string; result: string }[]);
    const done = rows.filter((r) => r.result === 'success').map((r) => r.action);
    expect(done).toEqual(
      expect.arrayContaining([
        'user.create', 'user.update', 'user.enable', 'user.disable', 'user.delete', 'user.resetPassword', 'user.endSessions', 'user.import', 'user.export',
        'menu.create', 'menu.disable', 'menu.delete', 'role.grant', 'dictTable.create', 'dict.create', 'dict.publish',
      ]),
    );
    expect(rows).toEqual(expect.arrayContaining([{ action: 'user.import', result: 'failure' }]));
    const reset = await withDb(async (c) => (await c.query(`SELECT target, ip FROM sys_operation_log WHERE action = 'user.resetPassword' ORDER BY id DESC LIMIT 1`)).rows[0] as { target: string; ip: string });
    expect(reset.target).toBe('e2erst_user');
    expect(reset.ip).toMatch(/^10\./);
  });
});
