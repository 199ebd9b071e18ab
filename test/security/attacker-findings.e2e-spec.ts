import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, type CatchUpAnswer, gradesPath, type ResourceOption, SHEET_NAME_MAX, type SocketRefusal } from '@schoolflow/contracts';
import { isSheetEditable } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import type { Socket } from 'socket.io-client';
import { baseUrl, call, type CallResult, login, withDb } from '../support/api.js';
import type { OpenApiDoc } from '../support/fuzz.js';
import { schemaErrors } from '../support/openapi-schema.js';
import { connectSocket } from '../support/workflow.js';

/**
 * Issue 32, finding 6 ("500s and a wrong schema"): each repro of the attack run, answered cleanly now. Lookups by a
 * caller's name are prototype-safe, option ids are checked at the edge, a score sheet refuses a student named twice,
 * the timetable export makes sheet names Excel takes, the socket's catch-up parses its payload, and weekly periods'
 * published schema allows the `roomType: null` they answer. The fuzz test (fuzz.e2e-spec.ts) covers the classes of
 * these bugs; these tests name the findings. The file shares the run's server and demo school: what it renames it
 * renames back.
 */
const tokens = {} as Record<'admin' | 'student', string>;

beforeAll(async () => {
  tokens.admin = await login('admin');
  tokens.student = await login('student');
});

function expectRefusal(res: CallResult<unknown>, status: number, msg: string): void {
  expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg }).toEqual({ status, code: status, result: false, msg });
}

describe('finding 6: bad input answers 4xx, never 500', () => {
  it('finding 6: options/__proto__, options/constructor and options/toString answer 404, not 500', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await call(`/api/academic/options/${name}`, { token: tokens.admin });
      expect({ name, status: res.status, code: res.body.code, result: res.body.result }).toEqual({ name, status: 404, code: 404, result: false });
    }
    // the same class of lookup: a user list sorted by a prototype name is sorted by nothing it names
    for (const column of ['constructor', '__proto__', 'toString']) {
      const res = await call<{ total: number }>(AdminPath.userList, { token: tokens.admin, json: { current: 1, size: 10, orders: [{ column, asc: true }] } });
      expect({ column, status: res.status, result: res.body.result }).toEqual({ column, status: 200, result: true });
    }
  });

  it('finding 6: options/teachers?ids=abc answers 400 naming the id, in zh and en, not 500', async () => {
    for (const source of ['teachers', 'departments', 'campuses', 'students']) {
      expectRefusal(await call(`/api/academic/options/${source}?ids=abc`, { token: tokens.admin }), 400, '不是此列表的编号：abc');
      expectRefusal(await call(`/api/academic/options/${source}?ids=00000000-0000-0000-0000-000000000000,1e20`, { token: tokens.admin, lang: 'en' }), 400, 'Not an id of this list: 1e20');
    }
    expectRefusal(await call(`/api/academic/options/roles?ids=admin,1abc`, { token: tokens.admin, lang: 'en' }), 400, 'Not an id of this list: 1abc');
    // what is asked rightly still answers
    const teacherId = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0].id as string);
    const teachers = await call<ResourceOption[]>(`/api/academic/options/teachers?ids=${teacherId}`, { token: tokens.admin });
    expect(teachers.body.data?.map((o) => o.value)).toEqual([teacherId]);
    const roles = await call<ResourceOption[]>(`/api/academic/options/roles?ids=admin`, { token: tokens.admin });
    expect(roles.body.data?.map((o) => o.value)).toEqual(['admin']);
    expect((await call<ResourceOption[]>(`/api/academic/options/teachers?ids=,`, { token: tokens.admin })).body.data).toEqual([]);
  });

  it('finding 6: a score sheet naming a student twice answers 400 naming both rows, in zh and en, and saves nothing', async () => {
    // an editable sheet of the demo school's opened monthly test, and its teacher
    const sheets = await withDb(
      async (c) =>
        (
          await c.query(
            `SELECT s.batch_id AS "batchId", s.class_id AS "classId", s.course_id AS "courseId", u.account, i.state
               FROM grade_sheet s JOIN sys_user u ON u.id = s.teacher_id JOIN wf_instance i ON i.id = s.instance_id JOIN grade_batch b ON b.id = s.batch_id
              WHERE NOT b.published ORDER BY b.name, u.account`,
          )
        ).rows as { batchId: string; classId: string; courseId: string; account: string; state: string }[],
    );
    const sheet = sheets.find((s) => isSheetEditable(s.state));
    if (!sheet) throw new Error('the demo school has no editable score sheet');
    const token = await login(sheet.account);
    const students = await withDb(async (c) => (await c.query(`SELECT id FROM student WHERE class_id = $1 AND status = 'enrolled' ORDER BY student_no LIMIT 2`, [sheet.classId])).rows.map((r) => r.id as string));
    const [a, b] = students as [string, string];
    const scoresOf = () => withDb(async (c) => (await c.query(`SELECT student_id, score, mark FROM grade_score WHERE batch_id = $1 AND course_id = $2 AND student_id = ANY($3) ORDER BY student_id`, [sheet.batchId, sheet.courseId, students])).rows);
    const before = await scoresOf();
    const path = gradesPath.sheet(sheet.batchId, sheet.classId, sheet.courseId);
    const body = { scores: [{ studentId: a, score: 51 }, { studentId: b, score: 62 }, { studentId: a, score: 73 }] };
    const zh = await call(path, { method: 'PUT', token, json: body });
    expectRefusal(zh, 400, '第 3 行与第 1 行是同一名学生：每名学生只能有一行');
    expect(zh.body.data).toEqual({ row: 3, studentId: a });
    // the same student in another case of the same uuid is the same student
    const en = await call(path, { method: 'PUT', token, lang: 'en', json: { scores: [{ studentId: b, score: 1 }, { studentId: b.toUpperCase(), score: 2 }] } });
    expectRefusal(en, 400, 'Row 2 names the same student as row 1: give each student one row');
    expect(await scoresOf()).toEqual(before);
  });

  it("finding 6: the timetable export takes a room and a class named History and a teacher named 'Smith' (Excel's sheet-name rules)", async () => {
    // the demo timetable's busiest room, a class and a teacher of its lessons, renamed for the test and back after
    const named = await withDb(async (c) => {
      const room = (await c.query(`SELECT id, name FROM classroom WHERE id IN (SELECT classroom_id FROM admin_class WHERE classroom_id IS NOT NULL) ORDER BY name LIMIT 2`)).rows as { id: string; name: string }[];
      const klass = (await c.query(`SELECT id, name FROM admin_class WHERE name = '高一(1)班'`)).rows[0] as { id: string; name: string };
      const teacher = (await c.query(`SELECT id, name FROM sys_user WHERE account = 'teacher'`)).rows[0] as { id: string; name: string };
      return { room, klass, teacher };
    });
    const [room1, room2] = named.room as [{ id: string; name: string }, { id: string; name: string }];
    const rename = (room: [string, string], klass: string, teacher: string) =>
      withDb(async (c) => {
        await c.query(`UPDATE classroom SET name = $2 WHERE id = $1`, [room1.id, room[0]]);
        await c.query(`UPDATE classroom SET name = $2 WHERE id = $1`, [room2.id, room[1]]);
        await c.query(`UPDATE admin_class SET name = $2 WHERE id = $1`, [named.klass.id, klass]);
        await c.query(`UPDATE sys_user SET name = $2 WHERE id = $1`, [named.teacher.id, teacher]);
      });
    await rename(['History', "'A'"], 'HISTORY', "'Smith'");
    try {
      for (const by of ['classroom', 'class', 'teacher']) {
        const res = await fetch(`${baseUrl()}/server/api/timetable/export?by=${by}`, { headers: { 'X-Access-Token': tokens.admin, 'Accept-Language': 'zh' } });
        expect({ by, status: res.status }).toEqual({ by, status: 200 });
        const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
        for (const n of wb.SheetNames) {
          expect(n.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
          expect(n).not.toMatch(/^'|'$|[[\]:*?/\\]/);
          expect(n.toLowerCase()).not.toBe('history');
        }
        expect(new Set(wb.SheetNames.map((n) => n.toLowerCase())).size).toBe(wb.SheetNames.length);
        const expected = { classroom: ['History (2)', 'A'], class: ['HISTORY (2)'], teacher: ['Smith'] }[by] as string[];
        for (const e of expected) expect(wb.SheetNames).toContain(e);
      }
    } finally {
      await rename([room1.name, room2.name], named.klass.name, named.teacher.name);
    }
  });
});

describe('finding 6: socket input is parsed, never thrown', () => {
  let socket: Socket;
  beforeAll(async () => {
    socket = await connectSocket(tokens.student);
  });
  afterAll(() => {
    socket.disconnect();
  });
  const ask = (payload: unknown) => socket.timeout(5000).emitWithAck('catch-up', payload) as Promise<CatchUpAnswer | SocketRefusal>;

  it('finding 6: socket catch-up {since: 1e300} is answered with a refusal, and the socket goes on catching up', async () => {
    const refused = { code: 400, result: false, msg: "since 须为 'latest' 或 0 到 9223372036854775807 的推送序号" };
    for (const since of [1e300, -1, 1.5, '9223372036854775808', '1e300', ' 1', { $gt: 0 }, null]) expect({ since, answer: await ask({ since }) }).toEqual({ since, answer: refused });
    expect(await ask(JSON.parse('{"__proto__":{"since":"0"}}'))).toEqual(refused);
    expect(await ask(undefined)).toEqual(refused);
    // the socket stays, and a right request answers as before (a number is read as its text)
    const latest = (await ask({ since: 'latest' })) as CatchUpAnswer;
    expect(latest).toEqual({ pushes: [], latest: expect.stringMatching(/^\d+$/) });
    const fromLatest = (await ask({ since: Number(latest.latest) })) as CatchUpAnswer;
    expect(fromLatest).toEqual({ pushes: [], latest: latest.latest });
    expect(socket.connected).toBe(true);
  });
});

describe('finding 6: answers fit their published schema', () => {
  it('finding 6: weekly-periods answers roomType null (no room type needed), and its published schema allows it', async () => {
    const res = await call<{ total: number; list: { roomType: string | null }[] }>('/api/timetable/weekly-periods?size=100', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data?.list.some((r) => r.roomType === null)).toBe(true);
    const doc = (await (await fetch(`${baseUrl()}/server/docs-json`)).json()) as OpenApiDoc;
    const published = doc.paths['/server/api/timetable/weekly-periods']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(published).toBeDefined();
    expect(schemaErrors(doc, published, res.body)).toEqual([]);
    // and the schema still refuses what the field cannot hold
    const wrong = { ...res.body, data: { ...res.body.data, list: [{ ...res.body.data?.list[0], roomType: 'ballroom' }] } };
    expect(schemaErrors(doc, published, wrong)).toEqual([expect.stringContaining('$.data.list[0].roomType: not one of')]);
  });
});
