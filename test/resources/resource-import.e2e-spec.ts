import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { IMPORT_JOB_ROWS, JOB_PROGRESS, type JobProgress, legacyPasswordDigest, utf8ToBase64, withCheckCharacter } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';
import { connectSocket, until } from '../support/workflow.js';
import { countRows, digitTag, getFile, path, readSheet, residentId, runTag, userIdOf, xlsx } from './resource-support.js';

/**
 * Imports of the resource kit (docs/product/base-data.md#import-and-export): all or nothing with every bad row named; duplicates inside
 * the file and against the database; the wrong template, an empty file, a file over the resource's limit, a file
 * that is no workbook; the accounts an import makes (students and parents: the last six characters of the ID
 * number, to be changed at the first sign-in; staff: the same, upper case); and a large import as a background job
 * whose progress is pushed, written exactly once.
 */
type Problem = { row: number; column: string; message: string };
type Outcome = { imported: number; errors: Problem[] };

const T = runTag();
let token: string;
let classId: string;
let classCode: string;
let jobClassId: string;
let jobClassCode: string;
let studentHeader: string[];
let staffHeader: string[];
const created: { students: string[]; staff: string[] } = { students: [], staff: [] };

/** A row of a template from its titles: the cells not named stay empty. */
const rowOf = (header: string[], cells: Record<string, string | number>): (string | number)[] => header.map((h) => cells[h] ?? '');

/** ID numbers of this file: area 110105, born in 2011, a serial per row (and a day per thousand). */
const studentId = (n: number): string => residentId('110105', `201101${String(1 + Math.floor(n / 1000)).padStart(2, '0')}`, n % 1000);
const lastSix = (id: string): string => id.slice(-6);

function studentRow(no: string, n: number, over: Record<string, string | number> = {}): (string | number)[] {
  return rowOf(studentHeader, {
    学号: no, 姓名: `导入生${n}`, 性别: n % 2 ? '男' : '女', 证件号码: studentId(n), 班级: classCode, 入学年份: 2025,
    家长1家长姓名: `家长${n}`, 家长1关系: '母亲', 家长1手机号: `139${String(10_000_000 + n).slice(-8)}`,
    ...over,
  });
}

type ImportAnswer = { status: number; body: { code: number; result: boolean; msg: string; data?: Outcome & { jobId?: string; total?: number } } };

/** POSTs one file as the multipart field `file`, in the caller's language. */
async function importFile(name: string, bytes: Buffer, fileName = `${name}.xlsx`, lang: 'zh' | 'en' = 'zh'): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${baseUrl()}/server${path(name, 'import')}`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp(), 'Accept-Language': lang }, body: form });
  return { status: res.status, body: JSON.parse(await res.text()) as ImportAnswer['body'] };
}

async function changeForm(account: string, oldPassword: string, next: string): Promise<Record<string, string>> {
  return {
    username: account,
    newPassword: utf8ToBase64(next),
    oldPassword: await legacyPasswordDigest('schoolflow:', account, oldPassword),
    sign: await legacyPasswordDigest('schoolflow:', account, next),
  };
}

const signIn = (account: string, password: string) => call<{ token: string; mustChangePassword?: boolean }>('/api/login/v3', { form: { username: account, password } });

beforeAll(async () => {
  token = await admin();
  const teacherId = await userIdOf('teacher');
  classCode = digitTag();
  jobClassCode = digitTag();
  for (const [code, name] of [[classCode, `导入班${T}`], [jobClassCode, `导入任务班${T}`]] as const) {
    const res = await call<{ id: string }>(path('classes'), { token, json: { name, code, grade: '10', enrollmentYear: 2025, headTeacherId: teacherId } });
    if (res.status !== 200) throw new Error(`class: ${res.body.msg}`);
    if (code === classCode) classId = res.body.data?.id as string;
    else jobClassId = res.body.data?.id as string;
  }
  studentHeader = readSheet((await getFile(path('students', 'template'), token)).bytes).rows[0] as string[];
  staffHeader = readSheet((await getFile(path('staff', 'template'), token)).bytes).rows[0] as string[];
});

// The other files share this database: the students, staff and classes made here go (their accounts stay, disabled, as a delete leaves them).
afterAll(async () => {
  for (const id of created.students) await call(path('students', id), { method: 'DELETE', token });
  for (const id of created.staff) await call(path('staff', id), { method: 'DELETE', token });
  await withDb(async (c) => {
    await c.query(
      `UPDATE sys_user SET enabled = false WHERE id IN (SELECT user_id FROM student WHERE class_id = $1 UNION SELECT g.user_id FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = $1)`,
      [jobClassId],
    );
    await c.query(`DELETE FROM student WHERE class_id = $1`, [jobClassId]);
  });
  for (const id of [classId, jobClassId]) await call(path('classes', id), { method: 'DELETE', token });
}, 120_000);

describe('the templates', () => {
  it('name the declared columns in the caller\'s language; guardians as 家长1…, 家长2…', async () => {
    expect(studentHeader.slice(0, 5)).toEqual(['学号', '姓名', '性别', '证件类型', '证件号码']);
    expect(studentHeader).toContain('家长1家长姓名');
    expect(studentHeader).toContain('家长2手机号');
    expect(staffHeader.slice(0, 4)).toEqual(['账号', '姓名', '性别', '身份证号码']);
    const en = readSheet((await getFile(path('students', 'template'), token, 'en')).bytes).rows[0] as string[];
    expect(en.slice(0, 3)).toEqual(['Student number', 'Name', 'Gender']);
    expect(en.length).toBe(studentHeader.length);
  });
});

describe('students import: all or nothing', () => {
  const nos = [`71${digitTag()}`, `72${digitTag()}`, `73${digitTag()}`];

  it('three rows, one bad: 400, the row and column named, nothing written', async () => {
    const before = [await countRows('student'), await countRows('sys_user')];
    const file = xlsx([studentHeader, studentRow(nos[0] as string, 1), studentRow(nos[1] as string, 2, { 证件号码: `${studentId(2).slice(0, 17)}${studentId(2).endsWith('0') ? '1' : '0'}` }), studentRow(nos[2] as string, 3)]);
    const res = await importFile('students', file);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: false, msg: '导入失败：有 1 行数据不正确，未导入任何数据', data: { imported: 0, errors: [{ row: 3, column: '证件号码', message: '身份证号码不正确' }] } });
    expect([await countRows('student'), await countRows('sys_user')]).toEqual(before);
  });

  it('every bad row is named, in the caller\'s language: a class that does not exist, a missing name, a bad mobile', async () => {
    const file = xlsx([
      studentHeader,
      studentRow(nos[0] as string, 1, { 班级: '999999999999' }),
      studentRow(nos[1] as string, 2, { 姓名: '' }),
      studentRow(nos[2] as string, 3, { 家长1手机号: '1234' }),
    ]);
    const res = await importFile('students', file);
    expect([res.status, res.body.msg]).toEqual([400, '导入失败：有 3 行数据不正确，未导入任何数据']);
    expect(res.body.data?.errors).toEqual([
      { row: 2, column: '班级', message: '班级“999999999999”不存在' },
      { row: 3, column: '姓名', message: '请输入姓名' },
      { row: 4, column: '家长1手机号', message: '手机号码格式不正确' },
    ]);
    // in English the columns are named by the English titles
    const en = await importFile('students', file, 'students.xlsx', 'en');
    expect([en.status, en.body.msg]).toEqual([400, 'Import failed: 3 rows are not valid; nothing was imported']);
    expect(en.body.data?.errors).toEqual([
      { row: 2, column: 'Class', message: 'Class "999999999999" does not exist' },
      { row: 3, column: 'Name', message: 'Please enter Name' },
      { row: 4, column: 'Parent 1 Mobile', message: 'The mobile number is not valid' },
    ]);
  });

  it('the fixed file imports all three, with their accounts and parent accounts', async () => {
    const file = xlsx([studentHeader, ...nos.map((no, i) => studentRow(no, i + 1))]);
    const res = await importFile('students', file);
    expect({ status: res.status, msg: res.body.msg, data: res.body.data }).toEqual({ status: 200, msg: '导入成功，共 3 条', data: { imported: 3, errors: [] } });
    const rows = await withDb(async (c) =>
      (await c.query(`SELECT s.id, s.student_no, s.class_id, u.account, u.must_change_password FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.student_no = ANY($1) ORDER BY s.student_no`, [nos])).rows,
    );
    expect(rows.map((r) => [r.student_no, r.account, r.class_id, r.must_change_password])).toEqual(nos.map((no) => [no, no, classId, true]));
    created.students.push(...rows.map((r) => r.id as string));
    expect(await countRows('sys_user', 'account = ANY($1)', [nos.map((no) => `jz${no}`)])).toBe(3);
    const guardians = await countRows('student_guardian g JOIN student s ON s.id = g.student_id', `s.student_no = ANY($1) AND g.user_id IS NOT NULL AND g.relationship = 'mother'`, [nos]);
    expect(guardians).toBe(3);
    const log = await withDb(async (c) => (await c.query(`SELECT result, detail FROM sys_operation_log WHERE action = 'resource.students.import' AND account = 'admin' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(log).toEqual({ result: 'success', detail: { imported: 3, badRows: 0 } });
  });

  it('each new student signs in with the last six of the ID, must change it, is refused elsewhere until then, and then works', async () => {
    for (const [i, no] of nos.entries()) {
      const first = await signIn(no, lastSix(studentId(i + 1)));
      expect(first.body.data).toMatchObject({ mustChangePassword: true });
      const t = first.body.data?.token as string;
      const refused = await call(path('students'), { token: t });
      expect([refused.status, refused.body.msg]).toEqual([403, '首次登录请先修改初始密码']);
      expect((await call(path('students'), { token: t, lang: 'en' })).body.msg).toBe('Please change your initial password first');
      const changed = await call('/api/login/updatePwd', { token: t, form: await changeForm(no, lastSix(studentId(i + 1)), 'N3w-Passw0rd!') });
      expect([changed.status, changed.body.result]).toEqual([200, true]);
      const own = await call<{ total: number; list: { studentNo: string }[] }>(path('students'), { token: t });
      expect([own.status, own.body.data?.total, own.body.data?.list[0]?.studentNo]).toEqual([200, 1, no]);
      // the initial password no longer signs in; the new one does, with nothing more to change
      expect((await signIn(no, lastSix(studentId(i + 1)))).body.result).toBe(false);
      const again = await signIn(no, 'N3w-Passw0rd!');
      expect([again.body.result, again.body.data?.mustChangePassword]).toEqual([true, undefined]);
    }
  });

  it('the parent account (jz + the student number) signs in with the same initial password and must change it too', async () => {
    const parent = await signIn(`jz${nos[0]}`, lastSix(studentId(1)));
    expect(parent.body.data).toMatchObject({ mustChangePassword: true });
    expect((await call(path('students'), { token: parent.body.data?.token as string })).status).toBe(403);
  });
});

describe('students import: duplicates named per row', () => {
  it('inside the file (both rows named) and against the database (the row named once)', async () => {
    const dup = `74${digitTag()}`;
    const before = await countRows('student');
    const file = xlsx([
      studentHeader,
      studentRow(dup, 11),
      studentRow(dup, 12),
      studentRow('202311001', 13), // a demo student: the number is the student's and its account's
      studentRow(`75${digitTag()}`, 14, { 证件号码: studentId(11) }),
    ]);
    const res = await importFile('students', file);
    expect([res.status, res.body.msg]).toEqual([400, '导入失败：有 4 行数据不正确，未导入任何数据']);
    expect(res.body.data?.errors).toEqual([
      { row: 2, column: '学号', message: `学号“${dup}”在文件中重复（第 2, 3 行）` },
      { row: 2, column: '证件号码', message: `证件号码“${studentId(11)}”在文件中重复（第 2, 5 行）` },
      { row: 3, column: '学号', message: `学号“${dup}”在文件中重复（第 2, 3 行）` },
      { row: 4, column: '学号', message: '学号“202311001”已被使用' },
      { row: 5, column: '证件号码', message: `证件号码“${studentId(11)}”在文件中重复（第 2, 5 行）` },
    ]);
    expect(await countRows('student')).toBe(before);
  });

  it('an ID number already in the database, in Chinese and in English', async () => {
    const existing = await withDb(async (c) => (await c.query(`SELECT id_number FROM student WHERE student_no = '202311002'`)).rows[0].id_number as string);
    const file = xlsx([studentHeader, studentRow(`76${digitTag()}`, 15, { 证件号码: existing })]);
    expect((await importFile('students', file)).body.data?.errors).toEqual([{ row: 2, column: '证件号码', message: `证件号码“${existing}”已被使用` }]);
    expect((await importFile('students', file, 'students.xlsx', 'en')).body.data?.errors).toEqual([{ row: 2, column: 'ID number', message: `ID number "${existing}" has been used` }]);
  });
});

describe('students import: files that are refused whole', () => {
  it('a different header: 请使用正确的模板 (and the staff template is not the students\')', async () => {
    for (const header of [['姓名', '学号', '性别'], staffHeader, [...studentHeader.slice(0, 5), '备注']]) {
      const res = await importFile('students', xlsx([header, studentRow(`77${digitTag()}`, 16)]));
      expect([res.status, res.body.msg]).toEqual([400, '请使用正确的模板']);
    }
  });

  it('an empty file: the header only, or blank rows', async () => {
    for (const rows of [[studentHeader], [studentHeader, studentHeader.map(() => ''), ['', ' ']]]) {
      const res = await importFile('students', xlsx(rows));
      expect([res.status, res.body.msg]).toEqual([400, '导入失败，文件为空']);
    }
    const en = await importFile('students', xlsx([studentHeader]), 'students.xlsx', 'en');
    expect([en.status, en.body.msg]).toEqual([400, 'Import failed: the file is empty']);
  });

  it('a .xlsx that is really a text file, and a .csv', async () => {
    const text = Buffer.from('学号,姓名,性别\n20250001,张三,男\n', 'utf8');
    const res = await importFile('students', text, 'students.xlsx');
    expect([res.status, res.body.msg]).toEqual([400, '文件内容与扩展名不符，请上传真实的.xlsx文件']);
    const csv = await importFile('students', text, 'students.csv');
    expect([csv.status, csv.body.msg]).toEqual([400, '只能导入 xls 或 xlsx 文件']);
  });

  it('a staff file over 500 KB is refused by its size; the students\' limit (5 MB) takes the same file', async () => {
    const rows: string[][] = [staffHeader];
    for (let i = 0; i < 4000; i++) rows.push(staffHeader.map(() => randomBytes(12).toString('base64')));
    const big = xlsx(rows);
    expect(big.length).toBeGreaterThan(500 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const before = await countRows('staff');
    const res = await importFile('staff', big);
    expect([res.status, res.body.msg]).toEqual([400, '导入文件不能超过500KB']);
    expect(await countRows('staff')).toBe(before);
    // the same bytes under the students' limit are read (and refused for their header, not their size)
    const students = await importFile('students', big);
    expect([students.status, students.body.msg]).toEqual([400, '请使用正确的模板']);
  });
});

describe('staff import', () => {
  it('creates teacher accounts: initial password the last six of the ID number, upper case', async () => {
    // an ID whose check character is X, written in lower case in the file
    let withX = '';
    for (let n = 100; !withX; n++) {
      const id = withCheckCharacter(`11010519800202${String(n).padStart(3, '0')}`);
      if (id.endsWith('X')) withX = id;
    }
    const plain = residentId('110105', '19810303', 515);
    const accounts = [`imp_a_${T.toLowerCase()}`, `imp_b_${T.toLowerCase()}`];
    const file = xlsx([
      staffHeader,
      rowOf(staffHeader, { 账号: accounts[0] as string, 姓名: '导入甲', 性别: '女', 身份证号码: withX.toLowerCase(), 手机号: '13800003333', 部门: 'MATHS', 角色: 'teacher' }),
      rowOf(staffHeader, { 账号: accounts[1] as string, 姓名: '导入乙', 性别: '男', 身份证号码: plain, 手机号: '13800004444', 短号: '6688', 角色: 'teacher,headteacher' }),
    ]);
    const res = await importFile('staff', file);
    expect({ status: res.status, msg: res.body.msg, data: res.body.data }).toEqual({ status: 200, msg: '导入成功，共 2 条', data: { imported: 2, errors: [] } });
    const users = await withDb(async (c) =>
      (await c.query(
        `SELECT u.account, u.user_type, u.must_change_password, d.code AS dept, array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles, s.id AS staff_id
           FROM sys_user u JOIN staff s ON s.user_id = u.id LEFT JOIN org_department d ON d.id = u.department_id WHERE u.account = ANY($1) ORDER BY u.account`,
        [accounts],
      )).rows,
    );
    created.staff.push(...users.map((u) => u.staff_id as string));
    const teacherType = await withDb(async (c) => (await c.query(`SELECT user_type FROM sys_user WHERE account = 'teacher'`)).rows[0].user_type as string);
    expect(users.map((u) => [u.account, u.user_type, u.must_change_password, u.dept, u.roles])).toEqual([
      [accounts[0], teacherType, true, 'MATHS', ['teacher']],
      [accounts[1], teacherType, true, null, ['headteacher', 'teacher']],
    ]);
    const first = await signIn(accounts[0] as string, lastSix(withX).toUpperCase());
    expect(first.body.data).toMatchObject({ mustChangePassword: true });
    expect((await signIn(accounts[0] as string, lastSix(withX).toLowerCase())).body.result).toBe(false);
    const second = await signIn(accounts[1] as string, lastSix(plain));
    expect(second.body.data).toMatchObject({ mustChangePassword: true });
    const refused = await call(path('classes'), { token: second.body.data?.token as string });
    expect([refused.status, refused.body.msg]).toEqual([403, '首次登录请先修改初始密码']);
  });

  it('an account or an ID number already taken is named for its row', async () => {
    const file = xlsx([
      staffHeader,
      rowOf(staffHeader, { 账号: 'teacher', 姓名: '重复', 身份证号码: residentId('110105', '19820404', 517), 手机号: '13800005555' }),
      rowOf(staffHeader, { 账号: `imp_c_${T.toLowerCase()}`, 姓名: '重复', 身份证号码: residentId('110105', '19810303', 515), 手机号: '13800005555', 部门: 'NOPE' }),
    ]);
    const res = await importFile('staff', file);
    expect(res.status).toBe(400);
    expect(res.body.data?.errors).toEqual([
      { row: 2, column: '账号', message: '账号“teacher”已被使用' },
      { row: 3, column: '部门', message: '部门“NOPE”不存在' },
    ]);
  });
});

describe(`a large students import (more than ${IMPORT_JOB_ROWS} rows) is a background job`, () => {
  const ROWS = 600;
  let socket: Socket;
  const pushes: (JobProgress & { at: number })[] = [];

  beforeAll(async () => {
    socket = await connectSocket(token);
    socket.on(JOB_PROGRESS, (p: JobProgress) => pushes.push({ ...p, at: Date.now() }));
  });
  afterAll(() => {
    socket.close();
  });

  const bigFile = (prefix: string, from: number, bad?: number): Buffer =>
    xlsx([
      studentHeader,
      ...Array.from({ length: ROWS }, (_, i) => {
        const n = from + i;
        return studentRow(`${prefix}${String(i).padStart(4, '0')}`, n, { 班级: jobClassCode, ...(i === bad ? { 性别: '未知' } : {}) });
      }),
    ]);

  it('answers {jobId, total} at once; the job completes; progress is pushed; every student and account is written exactly once', async () => {
    const prefix = `6${digitTag()}`;
    const sent = Date.now();
    const res = await importFile('students', bigFile(prefix, 1000));
    const answeredAt = Date.now();
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: `导入已开始，共 ${ROWS} 行` });
    expect(Object.keys(res.body.data ?? {}).sort()).toEqual(['jobId', 'total']);
    expect(res.body.data?.total).toBe(ROWS);
    const jobId = res.body.data?.jobId as string;

    const done = await until(
      async () => (await call<JobProgress>(`/api/jobs/${jobId}`, { token })).body.data as JobProgress,
      (j) => j.state === 'completed' || j.state === 'failed',
      90_000,
      250,
    );
    expect(done).toEqual({ id: jobId, kind: 'import:students', state: 'completed', done: ROWS, total: ROWS, result: { imported: ROWS, errors: [] } });

    // the pushes: at least one while running, the last one "completed" — and the request did not wait for it
    const mine = await until(async () => pushes.filter((p) => p.id === jobId), (list) => list.at(-1)?.state === 'completed', 10_000, 100);
    const last = mine.at(-1) as JobProgress & { at: number };
    expect(last).toMatchObject({ id: jobId, kind: 'import:students', state: 'completed', done: ROWS, total: ROWS, result: { imported: ROWS, errors: [] } });
    expect(mine.filter((p) => p.state === 'running').length).toBeGreaterThanOrEqual(1);
    expect(mine.every((p, i) => i === 0 || p.done >= (mine[i - 1] as JobProgress).done)).toBe(true);
    expect(answeredAt).toBeLessThanOrEqual(last.at);
    process.stdout.write(`600-row import: answered in ${answeredAt - sent} ms, completed after ${last.at - sent} ms, ${mine.length} pushes\n`);

    // exactly once: 600 students, 600 student accounts, 600 parent accounts, no number twice
    const counts = await withDb(async (c) =>
      (await c.query(
        `SELECT count(*)::int AS students, count(DISTINCT s.student_no)::int AS numbers,
                (SELECT count(*)::int FROM sys_user u WHERE u.account LIKE $2) AS accounts,
                (SELECT count(*)::int FROM sys_user u WHERE u.account LIKE 'jz' || $2) AS parents,
                (SELECT count(*)::int FROM guardian g JOIN student x ON x.id = g.student_id WHERE x.class_id = $1) AS guardians,
                count(s.user_id)::int AS linked
           FROM student s WHERE s.class_id = $1`,
        [jobClassId, `${prefix}%`],
      )).rows[0],
    );
    expect(counts).toEqual({ students: ROWS, numbers: ROWS, accounts: ROWS, parents: ROWS, guardians: ROWS, linked: ROWS });
    const log = await withDb(async (c) => (await c.query(`SELECT result, detail FROM sys_operation_log WHERE action = 'resource.students.import' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(log).toEqual({ result: 'success', detail: { imported: ROWS, badRows: 0 } });
    // one of them signs in with its initial password
    const one = await signIn(`${prefix}0007`, lastSix(studentId(1007)));
    expect(one.body.data).toMatchObject({ mustChangePassword: true });
    // the job is its owner's: another user does not see it
    const other = await call(`/api/jobs/${jobId}`, { token: await login('principal') });
    expect(other.status).toBe(404);
  });

  it('a large file with one bad row: the job fails naming the row, and nothing is written', async () => {
    const before = [await countRows('student'), await countRows('sys_user')];
    const res = await importFile('students', bigFile(`5${digitTag()}`, 2000, 433));
    expect(res.status).toBe(200);
    const jobId = res.body.data?.jobId as string;
    const done = await until(
      async () => (await call<JobProgress>(`/api/jobs/${jobId}`, { token })).body.data as JobProgress,
      (j) => j.state === 'completed' || j.state === 'failed',
      90_000,
      250,
    );
    expect(done).toMatchObject({ state: 'failed', result: { imported: 0, errors: [{ row: 435, column: '性别', message: '请选择性别' }] } });
    const last = await until(async () => pushes.filter((p) => p.id === jobId).at(-1), (p) => p?.state === 'failed', 10_000, 100);
    expect(last).toMatchObject({ state: 'failed' });
    expect([await countRows('student'), await countRows('sys_user')]).toEqual(before);
  });

  it('a large file with the wrong header is refused at once, no job', async () => {
    const jobs = await countRows('sys_job');
    const header = ['学生姓名', ...studentHeader.slice(1)];
    const rows = [header, ...Array.from({ length: ROWS }, (_, i) => studentRow(`4${i}`, 3000 + i))];
    const res = await importFile('students', xlsx(rows));
    expect([res.status, res.body.msg]).toEqual([400, '请使用正确的模板']);
    expect(await countRows('sys_job')).toBe(jobs);
  });
});
