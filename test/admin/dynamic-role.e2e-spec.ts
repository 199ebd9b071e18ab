import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, Permission, type RoleRow } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { admin, expectOk, expectRefused } from '../support/admin.js';

let token: string;
let dynamicType: string;
const post = <T = unknown>(path: string, json: unknown) => call<T>(path, { token, json });
const victims = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n, coalesce(string_agg(note, ',' ORDER BY id), '') AS notes FROM e2e_victim`)).rows[0] as { n: number; notes: string });

beforeAll(async () => {
  token = await admin();
  await withDb(async (c) => {
    await c.query(`CREATE TABLE e2e_victim (id serial PRIMARY KEY, note text NOT NULL)`);
    await c.query(`INSERT INTO e2e_victim (note) VALUES ('a'), ('b'), ('c')`);
  });
  const t = await post<{ id: string }>(AdminPath.roleTypeSave, { name: 'E2E动态SQL', kind: 'dynamic' });
  expectOk(t);
  dynamicType = (t.body.data as { id: string }).id;
});

describe('dynamic SQL roles (school-business §6)', () => {
  it('a valid query resolves users, with the context bound (:userId, :userType, :orgId, :date, :time)', async () => {
    const two = await post<{ id: string; account: string; name: string }[]>(AdminPath.roleTestSql, { sql: "SELECT id AS user_id FROM sys_user WHERE account IN ('teacher', 'student')" });
    expectOk(two);
    expect(two.body.data).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), account: 'student', name: expect.any(String) },
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), account: 'teacher', name: '陈老师' },
    ]);
    const me = await post<{ account: string }[]>(AdminPath.roleTestSql, { sql: 'SELECT :userId::uuid AS user_id WHERE :userType = \'1\' AND :date ~ \'^\\d{4}-\\d{2}-\\d{2}$\' AND :time ~ \'^\\d{2}:\\d{2}:\\d{2}$\'' });
    expectOk(me);
    expect((me.body.data as { account: string }[]).map((u) => u.account)).toEqual(['admin']);
    const dept = await post<{ account: string }[]>(AdminPath.roleTestSql, { sql: 'SELECT id AS user_id FROM sys_user WHERE department_id = :orgId' });
    expectOk(dept);
    expect((dept.body.data as { account: string }[]).map((u) => u.account)).toContain('admin');
    const none = await post<unknown[]>(AdminPath.roleTestSql, { sql: 'SELECT id AS user_id FROM sys_user WHERE false' });
    expect(none.body.data).toEqual([]);
  });

  it.each([
    ['DELETE', 'DELETE FROM e2e_victim', 'SQL 只能是一条 SELECT 查询'],
    ['DELETE behind a comment', '/* select */ DELETE FROM e2e_victim', 'SQL 只能是一条 SELECT 查询'],
    ['UPDATE', "UPDATE e2e_victim SET note = 'x'", 'SQL 只能是一条 SELECT 查询'],
    ['INSERT', "INSERT INTO e2e_victim (note) VALUES ('x')", 'SQL 只能是一条 SELECT 查询'],
    ['TRUNCATE', 'TRUNCATE e2e_victim', 'SQL 只能是一条 SELECT 查询'],
    ['DROP', 'DROP TABLE e2e_victim', 'SQL 只能是一条 SELECT 查询'],
    ['two statements', 'SELECT id AS user_id FROM sys_user; DELETE FROM e2e_victim', 'SQL 只能是一条语句'],
    ['two statements, the second behind a comment', 'SELECT id AS user_id FROM sys_user; -- x\n DELETE FROM e2e_victim', 'SQL 只能是一条语句'],
    ['a data-modifying WITH', 'WITH d AS (DELETE FROM e2e_victim RETURNING id) SELECT id AS user_id FROM sys_user', 'SQL 不能修改数据'],
    ['a writing WITH (UPDATE)', "WITH d AS (UPDATE e2e_victim SET note = 'x' RETURNING id) SELECT id AS user_id FROM sys_user", 'SQL 不能修改数据'],
    ['SELECT INTO', 'SELECT id AS user_id INTO e2e_copy FROM sys_user', 'SQL 不能修改数据'],
    ['no user id column', 'SELECT id, account FROM sys_user', 'SQL 必须返回 user_id 列'],
  ])('refuses %s and writes nothing', async (_t, sql, msg) => {
    const before = await victims();
    expectRefused(await post(AdminPath.roleTestSql, { sql }), msg);
    expectRefused(await post(AdminPath.roleSave, { name: `坏角色${_t}`.slice(0, 50), code: 'e2e_dyn_refused', roleTypeId: dynamicType, sql }), msg);
    expect(await victims()).toEqual(before);
    expect(before).toEqual({ n: 3, notes: 'a,b,c' });
    const saved = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_role WHERE code = 'e2e_dyn_refused'`)).rows[0].n as number);
    expect(saved).toBe(0);
    const copy = await withDb(async (c) => (await c.query(`SELECT to_regclass('e2e_copy') AS t`)).rows[0].t as string | null);
    expect(copy).toBeNull();
  });

  it('a slow query is cut by the statement timeout with a clear message', async () => {
    const started = Date.now();
    const res = await post(AdminPath.roleTestSql, { sql: 'SELECT id AS user_id FROM sys_user, pg_sleep(5)' });
    const took = Date.now() - started;
    expectRefused(res, 'SQL 执行超时（超过 2000 毫秒）');
    expect(took).toBeLessThan(4500);
    const en = await call(AdminPath.roleTestSql, { token, json: { sql: 'SELECT id AS user_id FROM sys_user, pg_sleep(5)' }, lang: 'en' });
    expect(en.body.msg).toMatch(/2000/);
    expect(en.body.msg).not.toMatch(/[\u4e00-\u9fa5]/u);
    // The pool is healthy afterwards (the connection was rolled back and released).
    expectOk(await post(AdminPath.roleTestSql, { sql: "SELECT id AS user_id FROM sys_user WHERE account = 'admin'" }));
  });

  it('a saved dynamic role grants its permissions to the users its query returns', async () => {
    const student = await login('student');
    expect((await call(AdminPath.dictTableList, { token: student, json: { current: 1, size: 10 } })).status).toBe(403);
    const saved = await post<{ id: string }>(AdminPath.roleSave, { name: 'E2E学生字典查看', code: 'e2e_dyn_students', roleTypeId: dynamicType, sql: "SELECT id AS user_id FROM sys_user WHERE account = 'student'" });
    expectOk(saved);
    const roleId = (saved.body.data as { id: string }).id;
    expectOk(await post(AdminPath.roleGrant, { roleId, menuIds: [], permissions: [Permission.dictList] }));
    expect((await post(AdminPath.roleGrants, { roleId })).body.data).toEqual({ menuIds: [], permissions: [Permission.dictList] });
    const list = (await post<{ list: RoleRow[] }>(AdminPath.roleList, { current: 1, size: 100, query: { keyword: 'e2e_dyn_students' } })).body.data as { list: RoleRow[] };
    expect(list.list[0]).toMatchObject({ code: 'e2e_dyn_students', kind: 'dynamic', sql: expect.stringContaining('student'), enabled: true });
    expectRefused(await post(AdminPath.roleSetUsers, { roleId, userIds: [] }), /./);
    const allowed = await call(AdminPath.dictTableList, { token: student, json: { current: 1, size: 10 } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.result).toBe(true);
    const teacher = await login('teacher');
    expect((await call(AdminPath.dictTableList, { token: teacher, json: { current: 1, size: 10 } })).status).toBe(403);
    expectOk(await post(AdminPath.roleEnable, { ids: [roleId], enabled: false }));
    expect((await call(AdminPath.dictTableList, { token: student, json: { current: 1, size: 10 } })).status).toBe(403);
    expectOk(await post(AdminPath.roleDelete, { ids: [roleId] }));
  });
});
