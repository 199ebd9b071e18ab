import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
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

describe('dynamic SQL roles (docs/product/administration.md#dynamic-roles)', () => {
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

/**
 * Hardening, finding 1: an attacker's run left the sandbox through the simple query protocol (a `;` the skeleton
 * check could not see behind dollar quotes, then `COMMIT` ending the READ ONLY block), ran `COPY … TO PROGRAM` as the
 * database's OS user, and read server files through error texts. Each of these must now fail, and write nothing.
 */
describe('the dynamic SQL sandbox (hardening)', () => {
  const remark = () => withDb(async (c) => (await c.query(`SELECT remark FROM sys_dict_table WHERE table_name = 'STD_MESSAGE_TYPE'`)).rows[0]?.remark as string);
  const marker = `/tmp/schoolflow-e2e-${process.pid}-${Date.now()}`;

  it('a second statement hidden behind dollar quotes is refused and writes nothing', async () => {
    const before = await remark();
    const attack = `SELECT $$'$$ AS user_id; COMMIT; UPDATE sys_dict_table SET remark = 'pwned' WHERE table_name = 'STD_MESSAGE_TYPE'; SELECT $$'$$ AS user_id`;
    const res = await post(AdminPath.roleTestSql, { sql: attack });
    expect(res.body.result).toBe(false);
    expect(res.status).toBe(400);
    expectRefused(await post(AdminPath.roleSave, { name: 'E2E美元引号', code: 'e2e_dollar', roleTypeId: dynamicType, sql: attack }), /./);
    expect(await remark()).toBe(before);
    expect(before).not.toBe('pwned');
  });

  it.each([
    ['behind dollar quotes', (m: string) => `SELECT $$'$$ AS user_id; COMMIT; COPY (SELECT 1) TO PROGRAM 'touch ${m}'; SELECT $$'$$ AS user_id`],
    ['behind a tagged dollar quote', (m: string) => `SELECT $x$';$x$ AS user_id; COPY (SELECT 1) TO PROGRAM 'touch ${m}'`],
    ['behind an escape string', (m: string) => `SELECT E'\\'' AS user_id; COPY (SELECT 1) TO PROGRAM 'touch ${m}'; SELECT ''''`],
    ["behind a ' in a quoted identifier", (m: string) => `SELECT 1 AS "'"; COPY (SELECT 1) TO PROGRAM 'touch ${m}'; SELECT '"'`],
  ])('COPY … TO PROGRAM %s never runs', async (_t, make) => {
    const file = `${marker}-${_t.replace(/\W+/g, '-')}`;
    const res = await post(AdminPath.roleTestSql, { sql: make(file) });
    expect(res.body.result).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(file)).toBe(false);
  });

  it('cannot read server files, and no database error text reaches the client', async () => {
    for (const sql of [
      `SELECT pg_read_file('/etc/passwd')::int AS user_id`,
      `SELECT (SELECT string_agg(password_hash, ',') FROM sys_user)::int AS user_id`,
      `SELECT (SELECT string_agg(table_name || remark, ',') FROM sys_dict_table)::int AS user_id`,
      `SELECT (SELECT rolpassword FROM pg_authid LIMIT 1)::int AS user_id`,
    ]) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(AdminPath.roleTestSql, { token, json: { sql }, lang });
        expect(res.status).toBe(400);
        expect(res.body.result).toBe(false);
        expect(res.body.msg).not.toMatch(/root:|argon2|STD_MESSAGE_TYPE|SCRAM|invalid input syntax|permission denied|syntax for type/i);
      }
    }
  });

  it('runs as a role that is no superuser, can switch to no other and sees only the role-query views', async () => {
    const superuser = await post<unknown[]>(AdminPath.roleTestSql, { sql: `SELECT id AS user_id FROM sys_user WHERE current_setting('is_superuser') = 'on'` });
    expectOk(superuser);
    expect(superuser.body.data).toEqual([]);
    for (const sql of [
      `SELECT set_config('role', 'postgres', true) AS user_id`,
      `SELECT user_id FROM sys_session`,
      `SELECT user_id FROM public.sys_session`,
      `SELECT id AS user_id FROM sys_user WHERE password_hash IS NOT NULL`,
      `SELECT user_id FROM sys_operation_log`,
      `SELECT stream_id AS user_id FROM events`,
    ]) {
      const res = await post(AdminPath.roleTestSql, { sql });
      expect({ sql, result: res.body.result }).toEqual({ sql, result: false });
    }
    // What a role query needs stays readable: people, their organisation and roles, classes, students and guardians.
    const heads = await post<{ account: string }[]>(AdminPath.roleTestSql, {
      sql: `SELECT c.head_teacher_id AS user_id FROM admin_class c JOIN student s ON s.class_id = c.id JOIN guardian g ON g.student_id = s.id JOIN sys_user p ON p.id = g.user_id WHERE p.account = 'jz202511001'`,
    });
    expectOk(heads);
    expect((heads.body.data as { account: string }[]).map((u) => u.account)).toEqual(['headteacher']);
  });

  it('writes every SQL test and every role save to the operation log, refused or not', async () => {
    const tag = `e2e_audit_${Date.now()}`;
    await post(AdminPath.roleTestSql, { sql: `SELECT id AS user_id FROM sys_user WHERE account = '${tag}'` });
    await post(AdminPath.roleTestSql, { sql: `SELECT 1 AS user_id; SELECT '${tag}'` });
    await post(AdminPath.roleSave, { name: `审计${tag}`.slice(0, 50), code: tag, roleTypeId: dynamicType, sql: `DELETE FROM e2e_victim WHERE note = '${tag}'` });
    const rows = await withDb(async (c) => (await c.query(`SELECT action, result FROM sys_operation_log WHERE detail::text LIKE $1 ORDER BY id`, [`%${tag}%`])).rows as { action: string; result: string }[]);
    expect(rows).toEqual([
      { action: 'role.testSql', result: 'success' },
      { action: 'role.testSql', result: 'failure' },
      { action: 'role.create', result: 'failure' },
    ]);
  });
});
