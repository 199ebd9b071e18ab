import { beforeAll, describe, expect, it } from '@jest/globals';
import { RESOURCES } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';
import { countRows, getFile, idByKey, path, readSheet, tableOf, userIdOf, xlsx } from './resource-support.js';

/**
 * Who may do what with the base data (docs/product/base-data.md#who-reads-what): writes need the resource's write permission — a teacher, a head
 * teacher, a student or a parent is refused 403 and the refusal is logged as 'denied'; reads are scoped — a head
 * teacher reads their class's students, a student themself, a parent their child, a teacher none. And the database
 * keeps every constraint the declarations name, so a renamed constraint fails here rather than as a 500.
 */
type Rec = { id: string } & Record<string, unknown>;

const tokens: Record<string, string> = {};
const ACCOUNTS = { teacher: 'teacher', headteacher: 'headteacher', student: 'student', parent: 'jz202511001' } as const;
type Who = keyof typeof ACCOUNTS;
const ids: Record<string, string> = {};
let headClassId: string;

beforeAll(async () => {
  tokens.admin = await admin();
  for (const [who, account] of Object.entries(ACCOUNTS)) tokens[who] = await login(account);
  ids.buildings = await idByKey(tokens.admin, 'buildings', 'code', 'A');
  ids.courses = await idByKey(tokens.admin, 'courses', 'code', 'MATH');
  ids.classes = await idByKey(tokens.admin, 'classes', 'code', '202501');
  ids.students = await idByKey(tokens.admin as string, 'students', 'studentNo', '202511001');
  ids.staff = await idByKey(tokens.admin, 'staff', 'account', 'teacher');
  headClassId = await withDb(async (c) => (await c.query(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher'`)).rows[0].id as string);
});

type Action = 'POST' | 'PUT' | 'DELETE' | 'import' | 'template';

async function attempt(who: Who, name: string, action: Action): Promise<{ status: number; msg: string }> {
  const token = tokens[who] as string;
  if (action === 'import') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(xlsx([['x'], ['y']]))]), `${name}.xlsx`);
    const res = await fetch(`${baseUrl()}/server${path(name, 'import')}`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
    return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
  }
  if (action === 'template') {
    const res = await call(path(name, 'template'), { token });
    return { status: res.status, msg: res.body.msg };
  }
  const id = ids[name] as string;
  const body = { name: '不该写入', code: 'NOPE' };
  const res =
    action === 'POST' ? await call(path(name), { token, json: body }) : action === 'PUT' ? await call(path(name, id), { method: 'PUT', token, json: body }) : await call(path(name, id), { method: 'DELETE', token });
  return { status: res.status, msg: res.body.msg };
}

const deniedCount = (account: string, method: string, name: string): Promise<number> =>
  countRows('sys_operation_log', `account = $1 AND action = 'access.denied' AND result = 'denied' AND target LIKE $2`, [account, `${method} %${path(name)}%`]);

describe('writes need the write permission: 403, logged as denied, nothing changed', () => {
  const RESOURCES_TRIED = ['buildings', 'courses', 'classes', 'students', 'staff'];
  const ACTIONS: Action[] = ['POST', 'PUT', 'DELETE', 'import', 'template'];
  const MATRIX = (Object.keys(ACCOUNTS) as Who[]).flatMap((who) => RESOURCES_TRIED.flatMap((name) => ACTIONS.map((action) => [who, action, name] as const)));

  it.each(MATRIX)('%s: %s %s', async (who, action, name) => {
    const method = action === 'PUT' ? 'PUT' : action === 'DELETE' ? 'DELETE' : action === 'template' ? 'GET' : 'POST';
    const account = ACCOUNTS[who];
    const table = tableOf(name);
    const before = [await deniedCount(account, method, name), await countRows(table)];
    const res = await attempt(who, name, action);
    expect(res).toEqual({ status: 403, msg: '没有访问权限' });
    expect([await deniedCount(account, method, name), await countRows(table)]).toEqual([(before[0] as number) + 1, before[1]]);
  });

  it('the records tried are as they were', async () => {
    const building = (await call<Rec>(path('buildings', ids.buildings as string), { token: tokens.admin })).body.data;
    const course = (await call<Rec>(path('courses', ids.courses as string), { token: tokens.admin })).body.data;
    expect([building?.code, building?.name, course?.code, course?.name]).toEqual(['A', '明德楼', 'MATH', '数学']);
  });

  it('the refusal is in the caller\'s language', async () => {
    const res = await call(path('buildings'), { token: tokens.teacher, lang: 'en', json: { code: 'X' } });
    expect([res.status, res.body.msg]).toEqual([403, 'No access permission']);
  });
});

describe('reads are scoped', () => {
  type Page = { total: number; list: Rec[] };

  it('an administrator lists every student (the demo school\'s 180 at least)', async () => {
    const res = await call<Page>(`${path('students')}?size=10`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data?.total).toBeGreaterThanOrEqual(180);
  });

  // Other files may have made the demo head teacher a parent too (leave-flow does): their children count as theirs.
  const linkedChildren = () =>
    withDb(async (c) => (await c.query(`SELECT s.id, s.student_no, s.class_id FROM guardian g JOIN sys_user u ON u.id = g.user_id JOIN student s ON s.id = g.student_id WHERE u.account = 'headteacher' AND s.class_id <> $1`, [headClassId])).rows as { id: string; student_no: string; class_id: string }[]);

  it('a head teacher lists only their class\'s students (30), and any child of theirs', async () => {
    const children = await linkedChildren();
    const res = await call<Page>(`${path('students')}?size=100`, { token: tokens.headteacher });
    expect(res.status).toBe(200);
    expect(res.body.data?.total).toBe(30 + children.length);
    expect(new Set(res.body.data?.list.map((s) => s.classId))).toEqual(new Set([headClassId, ...children.map((c) => c.class_id)]));
    // a filter cannot widen the scope: another class's id answers none
    const other = await withDb(async (c) => (await c.query(`SELECT id FROM admin_class WHERE id <> ALL($1::uuid[]) LIMIT 1`, [[headClassId, ...children.map((x) => x.class_id)]])).rows[0].id as string);
    expect((await call<Page>(`${path('students')}?classId=${other}`, { token: tokens.headteacher })).body.data?.total).toBe(0);
    // nor can a keyword
    const stranger = await withDb(async (c) => (await c.query(`SELECT student_no FROM student WHERE class_id = $1 ORDER BY student_no LIMIT 1`, [other])).rows[0].student_no as string);
    expect((await call<Page>(`${path('students')}?keyword=${stranger}`, { token: tokens.headteacher })).body.data?.total).toBe(0);
    expect((await call<Page>(`${path('students')}?keyword=202511001`, { token: tokens.headteacher })).body.data?.total).toBe(1);
  });

  it('a head teacher reads a student of their class, not one of another class (404), and exports only theirs', async () => {
    const children = await linkedChildren();
    const mine = await call<Rec>(path('students', ids.students as string), { token: tokens.headteacher });
    expect([mine.status, mine.body.data?.studentNo]).toEqual([200, '202511001']);
    const strangerId = await withDb(async (c) => (await c.query(`SELECT id FROM student WHERE class_id <> ALL($1::uuid[]) ORDER BY student_no LIMIT 1`, [[headClassId, ...children.map((x) => x.class_id)]])).rows[0].id as string);
    const other = await call(path('students', strangerId), { token: tokens.headteacher });
    expect([other.status, other.body.msg]).toEqual([404, '记录不存在或已被删除']);
    const exported = await getFile(path('students', 'export'), tokens.headteacher as string);
    expect(exported.status).toBe(200);
    expect(readSheet(exported.bytes).rows).toHaveLength(31 + children.length);
  });

  it('a head teacher who is also a parent reads their class and their child (another class)', async () => {
    const child = await withDb(async (c) => (await c.query(`SELECT s.id, s.student_no FROM student s WHERE s.class_id <> $1 AND s.student_no LIKE '2023%' ORDER BY s.student_no LIMIT 1`, [headClassId])).rows[0] as { id: string; student_no: string });
    const had = await withDb(async (c) => (await c.query(`SELECT 1 FROM guardian g JOIN sys_user u ON u.id = g.user_id WHERE u.account = 'headteacher' AND g.student_id = $1`, [child.id])).rowCount);
    const hadRole = await withDb(async (c) => (await c.query(`SELECT 1 FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id JOIN sys_role r ON r.id = ur.role_id WHERE u.account = 'headteacher' AND r.code = 'parent'`)).rowCount);
    await withDb(async (c) => {
      await c.query(`INSERT INTO guardian (user_id, student_id) SELECT id, $1 FROM sys_user WHERE account = 'headteacher' ON CONFLICT DO NOTHING`, [child.id]);
      await c.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.account = 'headteacher' AND r.code = 'parent' ON CONFLICT DO NOTHING`);
    });
    try {
      const token = await login('headteacher');
      const res = await call<Page>(`${path('students')}?size=100`, { token });
      expect(res.status).toBe(200);
      const classOf = await withDb(async (c) => Number((await c.query(`SELECT count(*) FROM student WHERE class_id = $1`, [headClassId])).rows[0].count));
      expect(res.body.data?.total).toBe(classOf + 1);
      expect(res.body.data?.list.map((s) => s.studentNo)).toContain(child.student_no);
    } finally {
      await withDb(async (c) => {
        if (!had) await c.query(`DELETE FROM guardian g USING sys_user u WHERE u.id = g.user_id AND u.account = 'headteacher' AND g.student_id = $1`, [child.id]);
        if (!hadRole) await c.query(`DELETE FROM sys_user_role ur USING sys_user u, sys_role r WHERE u.id = ur.user_id AND r.id = ur.role_id AND u.account = 'headteacher' AND r.code = 'parent'`);
      });
    }
  });

  it('a head teacher lists only the classes they lead', async () => {
    const res = await call<Page>(`${path('classes')}?size=100`, { token: tokens.headteacher });
    expect([res.status, res.body.data?.list.map((c) => c.code)]).toEqual([200, ['202501']]);
  });

  it('a student lists only themself, and reads no one else', async () => {
    const res = await call<Page>(`${path('students')}?size=100`, { token: tokens.student });
    expect([res.status, res.body.data?.total, res.body.data?.list[0]?.studentNo]).toEqual([200, 1, '202511001']);
    const otherId = await idByKey(tokens.admin as string, 'students', 'studentNo', '202521001');
    expect((await call(path('students', otherId), { token: tokens.student })).status).toBe(404);
    const options = await call<{ key: string }[]>('/api/academic/options/students', { token: tokens.student });
    expect(options.body.data?.map((o) => o.key)).toEqual(['202511001']);
    // asking by ids does not reach past the scope either
    const byIds = await call<{ key: string }[]>(`/api/academic/options/students?ids=${otherId},${ids.students}`, { token: tokens.student });
    expect(byIds.body.data?.map((o) => o.key)).toEqual(['202511001']);
  });

  it('the names of the school’s structure are options anyone signed in reads (a parent’s list names the child’s class); staff options are not', async () => {
    const classes = await call<{ key: string; label: string }[]>('/api/academic/options/classes?keyword=202501', { token: tokens.parent, lang: 'en' });
    expect([classes.status, classes.body.data?.map((o) => [o.key, o.label])]).toEqual([200, [['202501', 'Grade 10 Class 1']]]);
    expect((await call('/api/academic/options/enrollment-batches', { token: tokens.student })).status).toBe(200);
    expect((await call('/api/academic/options/staff', { token: tokens.parent })).status).toBe(403);
  });

  it('a parent lists only their child, and reads no other', async () => {
    const res = await call<Page>(`${path('students')}?size=100`, { token: tokens.parent });
    expect([res.status, res.body.data?.total, res.body.data?.list[0]?.studentNo]).toEqual([200, 1, '202511001']);
    expect((await call<Rec>(path('students', ids.students as string), { token: tokens.parent })).body.data?.studentNo).toBe('202511001');
    const otherId = await idByKey(tokens.admin as string, 'students', 'studentNo', '202511002');
    const other = await call(path('students', otherId), { token: tokens.parent });
    expect([other.status, other.body.msg]).toEqual([404, '记录不存在或已被删除']);
    // the export holds the child only
    expect(readSheet((await getFile(path('students', 'export'), tokens.parent as string)).bytes).rows).toHaveLength(2);
  });

  it('a teacher lists no students: 403, logged as denied', async () => {
    const before = await countRows('sys_operation_log', `account = 'teacher' AND action = 'resource.students.list' AND result = 'denied'`);
    const res = await call(path('students'), { token: tokens.teacher });
    expect([res.status, res.body.msg]).toEqual([403, '没有访问权限']);
    expect(await countRows('sys_operation_log', `account = 'teacher' AND action = 'resource.students.list' AND result = 'denied'`)).toBe(before + 1);
    expect((await call(path('students', ids.students as string), { token: tokens.teacher })).status).toBe(403);
    expect((await getFile(path('students', 'export'), tokens.teacher as string)).status).toBe(403);
  });

  it('a teacher reads the teaching classes they teach only; a student none', async () => {
    const teacherId = await userIdOf('teacher');
    const res = await call<Page>(`${path('teaching-classes')}?size=100`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    expect(res.body.data?.list.every((t) => t.teacherId === teacherId)).toBe(true);
    const expected = await countRows('teaching_class', 'teacher_id = $1', [teacherId]);
    expect(res.body.data?.total).toBe(expected);
    expect((await call(path('teaching-classes'), { token: tokens.student })).status).toBe(403);
  });

  it('a resource without scoped readers is refused to those without its read permission', async () => {
    for (const who of ['student', 'parent'] as const) {
      const res = await call(path('staff'), { token: tokens[who] });
      expect([who, res.status]).toEqual([who, 403]);
    }
  });
});

describe('the constraints the declarations name exist in the migrated schema', () => {
  interface Row {
    conname: string;
    contype: string;
    table: string;
    references: string | null;
    columns: string[];
  }
  let constraints: Map<string, Row>;

  beforeAll(async () => {
    const rows = await withDb(
      async (c) =>
        (
          await c.query(
            `SELECT con.conname, con.contype, con.conrelid::regclass::text AS table, CASE WHEN con.confrelid = 0 THEN NULL ELSE con.confrelid::regclass::text END AS references,
                    array(SELECT a.attname::text FROM unnest(con.conkey) k JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k ORDER BY a.attname) AS columns
               FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE n.nspname = 'public'`,
          )
        ).rows as Row[],
    );
    constraints = new Map(rows.map((r) => [r.conname, r]));
  });

  const UNIQUE = Object.values(RESOURCES).flatMap((d) => Object.entries(d.unique).map(([name, u]) => [d.name, name, u.fields] as const));
  const IN_USE = Object.values(RESOURCES).flatMap((d) => Object.keys(d.inUse).map((name) => [d.name, name] as const));

  it('the registry names some (a declaration change that drops them all fails here)', () => {
    expect(UNIQUE.length).toBeGreaterThanOrEqual(20);
    expect(IN_USE.length).toBeGreaterThanOrEqual(15);
  });

  it.each(UNIQUE)('%s: unique %s', (resource, name, fields) => {
    const d = RESOURCES[resource];
    const c = constraints.get(name);
    // an exclusion constraint refuses alike (two lesson periods overlapping): it is over an expression, not columns
    if (c?.contype === 'x') {
      expect(c.table).toBe(d?.table);
      return;
    }
    expect(c ? { contype: c.contype } : `no constraint ${name}`).toEqual({ contype: 'u' });
    if (c && c.table === d?.table) {
      // on the resource's own table: exactly the declared fields' columns
      const columns = fields.map((f) => d.fields[f]?.column as string).sort();
      expect(c.columns).toEqual(columns);
    } else {
      // an account key: the account table's
      expect(c?.table).toBe('sys_user');
    }
  });

  // A foreign key that references the resource's table, from whichever table holds it: a scale is in use through a
  // batch's course (`grade_batch_course_scale_id_fkey`, on the batch's child table), not through the batch itself.
  it.each(IN_USE)('%s: in use by %s', (resource, name) => {
    const c = constraints.get(name);
    expect(c ? { contype: c.contype, references: c.references } : `no constraint ${name}`).toEqual({ contype: 'f', references: RESOURCES[resource]?.table });
  });
});

// A check spanning rows is raised by a trigger on the resource's table (`USING CONSTRAINT = '…'`); a check within one
// row of a child table (a daily schedule's moment ending after it starts) is that table's own CHECK constraint.
describe('the checks the declarations name are raised by a trigger on the resource\'s table, or are a child table\'s CHECK', () => {
  interface Fn {
    source: string;
    tables: string[];
  }
  let functions: Fn[];
  let childChecks: Map<string, string>;

  beforeAll(async () => {
    functions = await withDb(
      async (c) =>
        (
          await c.query(
            `SELECT p.prosrc AS source,
                    array(SELECT t.tgrelid::regclass::text FROM pg_trigger t WHERE t.tgfoid = p.oid AND NOT t.tgisinternal ORDER BY 1) AS tables
               FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.prorettype = 'trigger'::regtype`,
          )
        ).rows as Fn[],
    );
    childChecks = await withDb(
      async (c) =>
        new Map(
          (
            await c.query(
              `SELECT con.conname, con.conrelid::regclass::text AS table FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace WHERE n.nspname = 'public' AND con.contype = 'c'`,
            )
          ).rows.map((r: { conname: string; table: string }) => [r.conname, r.table] as const),
        ),
    );
  });

  const CHECKS = Object.values(RESOURCES).flatMap((d) => Object.entries(d.checks ?? {}).map(([name, c]) => [d.name, name, c.field] as const));

  it('the registry names some (the grade settings\' rules across rows)', () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(5);
  });

  it.each(CHECKS)('%s: check %s', (resource, name, field) => {
    const d = RESOURCES[resource];
    const child = d?.children?.[field];
    if (child) {
      // the refusal's message is shown under the child list of the form; the child's table holds the CHECK
      expect({ name, table: childChecks.get(name) }).toEqual({ name, table: child.table });
      return;
    }
    // the refusal's message is shown under a field of the form
    expect(Object.keys(d?.fields ?? {})).toContain(field);
    // a trigger function raises the constraint by name (`USING CONSTRAINT = '…'`), fired on the resource's table
    const tables = functions.filter((f) => f.source.includes(`CONSTRAINT = '${name}'`)).flatMap((f) => f.tables);
    expect({ name, tables }).toEqual({ name, tables: expect.arrayContaining([d?.table]) });
  });
});
