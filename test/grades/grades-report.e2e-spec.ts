import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gradesPath, JOB_PROGRESS, type JobProgress, type MyStudent, type PublishedScore, type ResourceOption } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, login, withDb } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { connectSocket, until } from '../support/workflow.js';
import { getFile, path, runTag } from '../resources/resource-support.js';

/**
 * Issue 10 items 5 and 6, through the API: a batch of grade 10 (the demo student 王子轩's) arranged and published as a
 * school does it — opened, each sheet typed and submitted by its own teacher, passed by the office, published — and a
 * second batch opened and typed but never published. Then one student's semester report (PDF) as the student, their
 * parent and their head teacher read it, in both languages; every refusal (another student's report, bad ids); and a
 * whole class's reports made by a background job whose progress is pushed over socket.io, its file the owner's only.
 *
 * The file shares the run's server and database with the others (the demo seed may add batches of its own): what it
 * makes is named with its own tag, and it checks what the report contains, never that it contains nothing else.
 */

const sql = <T>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);
const score = (n: number): string => String(Math.round(n * 100) / 100);

interface Ctx {
  tag: string;
  admin: string;
  semesterId: string;
  course: { id: string; name: string; nameEn: string };
  publishedNode: string;
  hiddenNode: string;
  publishedBatch: string;
  hiddenBatch: string;
  /** Each grade-10 student's score in the published batch. */
  scores: Map<string, number>;
  me: { id: string; name: string; nameEn: string; classId: string };
  other: { id: string; name: string };
}
const ctx = {} as Ctx;

async function create(name: string, body: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>(path(name), { token: ctx.admin, json: body });
  if (res.status !== 200 || !res.body.data) throw new Error(`${name}: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

/** A batch of grade 10 with the one course, opened, every sheet typed by its teacher (and passed and published when asked). */
async function arrangeBatch(name: string, nodeId: string, publish: boolean, scoreOf: (i: number) => number): Promise<string> {
  const batchId = await create('batches', { name, semesterId: ctx.semesterId, examNodeId: nodeId, grade: '10', start: '2026-11-09', end: '2026-11-13', courses: [{ courseId: ctx.course.id, fullMarks: 100, weight: 0 }] });
  const open = await call(gradesPath.open(batchId), { method: 'POST', token: ctx.admin });
  expect({ status: open.status, msg: open.body.msg }).toMatchObject({ status: 200 });
  const sheets = await sql<{ classId: string; courseId: string; instanceId: string; account: string }>(
    `SELECT s.class_id AS "classId", s.course_id AS "courseId", s.instance_id AS "instanceId", u.account FROM grade_sheet s JOIN sys_user u ON u.id = s.teacher_id WHERE s.batch_id = $1`,
    [batchId],
  );
  expect(sheets.length).toBeGreaterThan(0);
  const office = await login('office');
  const tokens = new Map<string, string>();
  for (const sheet of sheets) {
    if (!tokens.has(sheet.account)) tokens.set(sheet.account, await login(sheet.account));
    const teacher = tokens.get(sheet.account) as string;
    const read = await call<{ rows: { studentId: string }[] }>(gradesPath.sheet(batchId, sheet.classId, sheet.courseId), { token: teacher });
    expect(read.status).toBe(200);
    const rows = read.body.data?.rows ?? [];
    const scores = rows.map((r, i) => ({ studentId: r.studentId, score: scoreOf(i) }));
    if (publish) rows.forEach((r, i) => ctx.scores.set(r.studentId, scoreOf(i)));
    const saved = await call(gradesPath.sheet(batchId, sheet.classId, sheet.courseId), { method: 'PUT', token: teacher, json: { scores } });
    expect({ status: saved.status, msg: saved.body.msg }).toEqual({ status: 200, msg: '已保存' });
    if (!publish) continue;
    const submitted = await call(`/api/workflows/grade-confirmation/${sheet.instanceId}/events`, { token: teacher, json: { type: 'SUBMIT' } });
    expect({ status: submitted.status, msg: submitted.body.msg }).toMatchObject({ status: 200 });
    const passed = await call(`/api/workflows/grade-confirmation/${sheet.instanceId}/events`, { token: office, json: { type: 'APPROVE' } });
    expect({ status: passed.status, msg: passed.body.msg }).toMatchObject({ status: 200 });
  }
  if (publish) {
    const published = await call(gradesPath.publish(batchId), { method: 'POST', token: ctx.admin });
    expect({ status: published.status, msg: published.body.msg }).toMatchObject({ status: 200 });
  }
  return batchId;
}

const report = (token: string, query: Record<string, string>, lang: 'zh' | 'en' = 'zh') => getFile(`${gradesPath.report}?${new URLSearchParams(query).toString()}`, token, lang);
/** A refusal's envelope, from a GET that answers a PDF when it succeeds. */
const refusal = (r: { status: number; bytes: Buffer }) => ({ status: r.status, msg: (JSON.parse(r.bytes.toString('utf8')) as { msg: string }).msg });
const textOf = (pdf: Buffer): string => pdfText(pdf).join(' ').replace(/\s+/g, ' ');

beforeAll(async () => {
  ctx.tag = runTag();
  ctx.admin = await login('admin');
  ctx.scores = new Map();
  const [semester] = await sql<{ id: string }>(`SELECT id FROM semester WHERE is_current`);
  ctx.semesterId = (semester as { id: string }).id;
  const [course] = await sql<{ id: string; name: string; nameEn: string }>(`SELECT id, name, name_en AS "nameEn" FROM course WHERE code = 'GEO'`);
  ctx.course = course as Ctx['course'];
  const [me] = await sql<Ctx['me']>(`SELECT s.id, s.name, s.name_en AS "nameEn", s.class_id AS "classId" FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`);
  ctx.me = me as Ctx['me'];
  const [other] = await sql<Ctx['other']>(`SELECT id, name FROM student WHERE class_id = $1 AND id <> $2 AND status = 'enrolled' ORDER BY student_no LIMIT 1`, [ctx.me.classId, ctx.me.id]);
  ctx.other = other as Ctx['other'];

  // weight 0: exam-type weights are shared by the whole school (at most 100 in all) and other files add nodes too
  ctx.publishedNode = `报${ctx.tag}`;
  ctx.hiddenNode = `未${ctx.tag}`;
  const published = await create('exam-nodes', { code: `RP${ctx.tag}`, name: ctx.publishedNode, englishName: `Report ${ctx.tag}`, weight: 0 });
  const hidden = await create('exam-nodes', { code: `RQ${ctx.tag}`, name: ctx.hiddenNode, englishName: `Hidden ${ctx.tag}`, weight: 0 });
  ctx.publishedBatch = await arrangeBatch(`报告批次${ctx.tag}`, published, true, (i) => 60 + (i % 40) + 0.5);
  ctx.hiddenBatch = await arrangeBatch(`报告未发布${ctx.tag}`, hidden, false, (i) => 11 + (i % 5) * 0.25);
}, 240_000);

describe("one student's semester report (PDF)", () => {
  it('the student reads their own, in Chinese and in English: the school, the title, their name, the course and its score', async () => {
    const token = await login('student');
    const mine = ctx.scores.get(ctx.me.id) as number;
    expect(typeof mine).toBe('number');

    const zh = await report(token, { studentId: ctx.me.id });
    expect({ status: zh.status, type: zh.type }).toEqual({ status: 200, type: 'application/pdf' });
    expect(zh.disposition).toContain(encodeURIComponent('期末报告'));
    const zhText = textOf(zh.bytes);
    for (const s of ['SchoolFlow 实验中学', '期末报告', ctx.me.name, ctx.course.name, ctx.publishedNode, `${score(mine)} / 100`, '学期总评']) expect(zhText).toContain(s);

    // the semester named is the current one: the same report
    const asked = await report(token, { studentId: ctx.me.id, semesterId: ctx.semesterId });
    expect(textOf(asked.bytes)).toContain(`${score(mine)} / 100`);

    const en = await report(token, { studentId: ctx.me.id }, 'en');
    expect(en.status).toBe(200);
    const enText = textOf(en.bytes);
    for (const s of ['Semester report', ctx.me.nameEn || ctx.me.name, ctx.course.nameEn || ctx.course.name, `Report ${ctx.tag}`, `${score(mine)} / 100`, 'Semester total']) expect(enText).toContain(s);
  });

  it("the parent jz202511001 reads their child's; the class's head teacher and the office read it too", async () => {
    const mine = score(ctx.scores.get(ctx.me.id) as number);
    for (const account of ['jz202511001', 'headteacher', 'office']) {
      const r = await report(await login(account), { studentId: ctx.me.id });
      expect({ account, status: r.status }).toEqual({ account, status: 200 });
      const text = textOf(r.bytes);
      expect(text).toContain(ctx.me.name);
      expect(text).toContain(`${mine} / 100`);
    }
  });

  it("a student asking for another student's report is refused (403, in their language, in the operation log); so is a parent", async () => {
    const token = await login('student');
    const logged = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM sys_operation_log WHERE action = 'access.denied' AND target = $1`, [`GET grades/report?studentId=${ctx.other.id}`]))[0]?.n);
    const before = await logged();
    expect(refusal(await report(token, { studentId: ctx.other.id }))).toEqual({ status: 403, msg: '只能查看本人（或本人子女）的成绩' });
    expect(refusal(await report(token, { studentId: ctx.other.id }, 'en'))).toEqual({ status: 403, msg: "You may read only your own (or your child's) grades" });
    expect(refusal(await report(await login('jz202511001'), { studentId: ctx.other.id }))).toEqual({ status: 403, msg: '只能查看本人（或本人子女）的成绩' });
    expect(await logged()).toBe(before + 3);
    // nor their published scores
    const scores = await call(`${gradesPath.published}?studentId=${ctx.other.id}`, { token });
    expect({ status: scores.status, msg: scores.body.msg }).toEqual({ status: 403, msg: '只能查看本人（或本人子女）的成绩' });
  });

  it('missing or bad ids: 400 or 404 with a clear message', async () => {
    const token = await login('student');
    expect(refusal(await report(token, {}))).toEqual({ status: 400, msg: '请选择学生' });
    expect(refusal(await report(token, {}, 'en'))).toEqual({ status: 400, msg: 'Choose a student' });
    expect(refusal(await report(token, { studentId: 'not-an-id' }))).toEqual({ status: 404, msg: '学生不存在' });
    expect(refusal(await report(token, { studentId: ctx.me.id, semesterId: 'x' }))).toEqual({ status: 404, msg: '学期不存在' });
    expect(refusal(await report(token, { studentId: ctx.me.id, semesterId: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, msg: '学期不存在' });
    // an unknown student: refused like another's to a student, told "no such student" to a grade manager
    expect(refusal(await report(token, { studentId: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
    expect(refusal(await report(ctx.admin, { studentId: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, msg: '学生不存在' });
  });

  it('a batch not published appears nowhere: neither in the report nor in the published scores', async () => {
    const token = await login('student');
    const text = textOf((await report(token, { studentId: ctx.me.id })).bytes);
    expect(text).toContain(ctx.publishedNode);
    expect(text).not.toContain(ctx.hiddenNode);
    const scores = await call<PublishedScore[]>(gradesPath.published, { token });
    const batches = new Set((scores.body.data ?? []).map((s) => s.batchId));
    expect(batches.has(ctx.publishedBatch)).toBe(true);
    expect(batches.has(ctx.hiddenBatch)).toBe(false);
  });
});

describe("a class's reports as one PDF, made by a background job", () => {
  let head: string;
  let socket: Socket;
  const pushes: JobProgress[] = [];

  beforeAll(async () => {
    head = await login('headteacher');
    socket = await connectSocket(head);
    socket.on(JOB_PROGRESS, (p: JobProgress) => pushes.push(p));
  });
  afterAll(() => {
    socket.close();
  });

  it('the page offers a head teacher their own class and its students; another class is refused', async () => {
    const classes = await call<ResourceOption[]>(`${gradesPath.report}/classes`, { token: head });
    expect(classes.body.data?.map((c) => c.value)).toContain(ctx.me.classId);
    expect(classes.body.data?.length).toBeLessThan(6);
    const students = await call<MyStudent[]>(`${gradesPath.report}/students?classId=${ctx.me.classId}`, { token: head });
    expect(students.body.data?.some((s) => s.id === ctx.me.id)).toBe(true);
    const [another] = await sql<{ id: string }>(`SELECT id FROM admin_class WHERE id <> $1 AND (head_teacher_id IS NULL OR head_teacher_id <> (SELECT id FROM sys_user WHERE account = 'headteacher')) LIMIT 1`, [ctx.me.classId]);
    const refused = await call(`${gradesPath.report}/students?classId=${another?.id}`, { token: head });
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({ status: 403, msg: '只有本班班主任或成绩管理人员可以生成全班的期末报告' });
  });

  it('answers {jobId, total} at once; progress is pushed; the file is a PDF with every student of the class; only its owner downloads it', async () => {
    const enrolled = await sql<{ id: string; name: string }>(`SELECT id, name FROM student WHERE class_id = $1 AND status = 'enrolled' ORDER BY student_no`, [ctx.me.classId]);
    const res = await call<{ jobId: string; total: number }>(gradesPath.classReports, { token: head, json: { classId: ctx.me.classId } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data ?? {}).sort()).toEqual(['jobId', 'total']);
    expect(res.body.data?.total).toBe(enrolled.length);
    const jobId = res.body.data?.jobId as string;

    const done = await until(
      async () => (await call<JobProgress>(`/api/jobs/${jobId}`, { token: head })).body.data as JobProgress,
      (j) => j.state === 'completed' || j.state === 'failed',
      90_000,
      250,
    );
    expect(done).toMatchObject({ id: jobId, kind: 'grades:class-reports', state: 'completed', done: enrolled.length, total: enrolled.length });
    const mine = await until(async () => pushes.filter((p) => p.id === jobId), (list) => list.at(-1)?.state === 'completed', 10_000, 100);
    expect(mine.filter((p) => p.state === 'running').length).toBeGreaterThanOrEqual(1);
    expect(mine.at(-1)).toMatchObject({ kind: 'grades:class-reports', state: 'completed', done: enrolled.length, total: enrolled.length });
    expect(mine.every((p, i) => i === 0 || p.done >= (mine[i - 1] as JobProgress).done)).toBe(true);

    const file = await getFile(gradesPath.classReportFile(jobId), head);
    expect({ status: file.status, type: file.type }).toEqual({ status: 200, type: 'application/pdf' });
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(file.bytes);
    for (const s of enrolled) expect(text).toContain(s.name);
    expect(text).toContain(ctx.publishedNode);
    expect(text).not.toContain(ctx.hiddenNode);
    // one report a student, each from a page of its own
    expect(pdfText(file.bytes).filter((l) => l === '期末报告').length).toBe(enrolled.length);

    // another user: no such job (neither its file nor its state)
    for (const account of ['office', 'student', 'teacher']) {
      const other = await getFile(gradesPath.classReportFile(jobId), await login(account));
      expect({ account, ...refusal(other) }).toEqual({ account, status: 404, msg: '任务不存在' });
    }
  });

  it('before the job is done its file answers 422; an unknown job 404', async () => {
    const [job] = await sql<{ id: string }>(
      `INSERT INTO sys_job (kind, owner_id, total, input) SELECT 'grades:class-reports', id, 1, '{}'::jsonb FROM sys_user WHERE account = 'headteacher' RETURNING id`,
    );
    try {
      expect(refusal(await getFile(gradesPath.classReportFile((job as { id: string }).id), head))).toEqual({ status: 422, msg: '任务尚未完成' });
      expect(refusal(await getFile(gradesPath.classReportFile((job as { id: string }).id), head, 'en'))).toEqual({ status: 422, msg: 'The job has not finished' });
    } finally {
      await sql(`DELETE FROM sys_job WHERE id = $1`, [(job as { id: string }).id]);
    }
    expect(refusal(await getFile(gradesPath.classReportFile('00000000-0000-4000-8000-000000000000'), head))).toEqual({ status: 404, msg: '任务不存在' });
    expect(refusal(await getFile(gradesPath.classReportFile('nope'), head))).toEqual({ status: 404, msg: '任务不存在' });
  });

  it('only the head teacher of the class or a grade manager may start it; bad classes are refused before any job', async () => {
    const jobs = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM sys_job WHERE kind = 'grades:class-reports'`))[0]?.n);
    const before = await jobs();
    const student = await call(gradesPath.classReports, { token: await login('student'), json: { classId: ctx.me.classId } });
    expect({ status: student.status, msg: student.body.msg }).toEqual({ status: 403, msg: '只有本班班主任或成绩管理人员可以生成全班的期末报告' });
    const parent = await call(gradesPath.classReports, { token: await login('jz202511001'), json: { classId: ctx.me.classId }, lang: 'en' });
    expect({ status: parent.status, msg: parent.body.msg }).toEqual({ status: 403, msg: "Only the class's head teacher or those who manage grades may make the whole class's reports" });
    const none = await call(gradesPath.classReports, { token: head, json: {} });
    expect({ status: none.status, msg: none.body.msg }).toEqual({ status: 400, msg: '请选择班级' });
    const unknown = await call(gradesPath.classReports, { token: head, json: { classId: '00000000-0000-4000-8000-000000000000' } });
    expect({ status: unknown.status, msg: unknown.body.msg }).toEqual({ status: 404, msg: '班级不存在' });
    const badSemester = await call(gradesPath.classReports, { token: head, json: { classId: ctx.me.classId, semesterId: '00000000-0000-4000-8000-000000000000' } });
    expect({ status: badSemester.status, msg: badSemester.body.msg }).toEqual({ status: 404, msg: '学期不存在' });
    expect(await jobs()).toBe(before);
    // a grade manager may, for any class
    const office = await call<{ jobId: string; total: number }>(gradesPath.classReports, { token: await login('office'), json: { classId: ctx.me.classId, semesterId: ctx.semesterId } });
    expect(office.status).toBe(200);
    expect(await jobs()).toBe(before + 1);
  });
});
