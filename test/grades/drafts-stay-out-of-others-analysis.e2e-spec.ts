import { beforeAll, describe, expect, it } from '@jest/globals';
import { type AnalysisKind, type ClassAnalysis, gradesPath, type RankingAnalysis, type SubjectAnalysis } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { getFile, path, readSheet, runTag } from '../resources/resource-support.js';

/**
 * Issue 32, finding 3: any teacher read other teachers' unsubmitted scores through the analysis. `headteacher` typed a
 * draft on his sheet (高一(1)班, Chinese); `teacher` (mathematics) read it in `GET …/analysis/ranking?batchId=…&classId=…`
 * while the sheet itself answered him 403. Now every kind and its export counts a sheet only when it is submitted or
 * passed, or when the reader may read it as a sheet (docs/adr/0024, "What the analysis counts").
 *
 * A batch of grade 10 with Chinese and mathematics, opened as a school opens it: the demo's assignments give class 1's
 * Chinese sheet to `headteacher` (its head teacher) and its mathematics sheet to `teacher`. Both type drafts; then
 * `headteacher` submits. The file shares the run's server and database: it reads only its own batch and class.
 */

const sql = <T>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);

interface Ctx {
  admin: string;
  head: string;
  teacher: string;
  batchId: string;
  classId: string;
  chinese: string;
  maths: string;
  chineseSheet: string;
  /** The scores typed, by student: Chinese (headteacher's draft) and mathematics (teacher's draft). */
  typed: Map<string, { chinese: number; maths: number }>;
}
const ctx = {} as Ctx;

const analysis = <T>(kind: AnalysisKind, query: Record<string, string>, token: string) =>
  call<T>(`${gradesPath.analysis(kind)}?${new URLSearchParams({ batchId: ctx.batchId, ...query }).toString()}`, { token });
async function answer<T>(kind: AnalysisKind, query: Record<string, string>, token: string): Promise<T> {
  const res = await analysis<T>(kind, query, token);
  expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '' });
  return res.body.data as T;
}
/** Each class-1 student's Chinese score as the ranking answers it to `token` (the batch's courses are Chinese, then mathematics). */
async function chineseInRanking(token: string): Promise<Map<string, number | null>> {
  const a = await answer<RankingAnalysis>('ranking', { classId: ctx.classId }, token);
  expect(a.rows.length).toBe(ctx.typed.size);
  return new Map(a.rows.map((r) => [r.studentId, r.scores[0] ?? null]));
}
/** The ranking's Excel export as `token` reads it: each student number's Chinese cell (column 语文). */
async function chineseInExport(token: string): Promise<unknown[]> {
  const file = await getFile(`${gradesPath.analysis('ranking')}?${new URLSearchParams({ batchId: ctx.batchId, classId: ctx.classId, format: 'xlsx' }).toString()}`, token);
  expect(file.status).toBe(200);
  const rows = readSheet(file.bytes).rows;
  const col = (rows[0] ?? []).indexOf('语文');
  expect(col).toBeGreaterThan(0);
  return rows.slice(1).map((r) => r[col] ?? '');
}

beforeAll(async () => {
  const tag = runTag();
  ctx.admin = await login('admin');
  ctx.head = await login('headteacher');
  ctx.teacher = await login('teacher');
  // the batch in the current semester's teaching weeks: the demo is dated from the day it is seeded
  const [semester] = await sql<{ id: string; start: string; end: string }>(
    `SELECT id, to_char(teaching_start + 7, 'YYYY-MM-DD') AS start, to_char(teaching_start + 11, 'YYYY-MM-DD') AS end FROM semester WHERE is_current`,
  );
  const courses = new Map((await sql<{ code: string; id: string }>(`SELECT code, id FROM course WHERE code IN ('CHN', 'MATH')`)).map((r) => [r.code, r.id]));
  ctx.chinese = courses.get('CHN') as string;
  ctx.maths = courses.get('MATH') as string;
  const [cls] = await sql<{ id: string }>(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher'`);
  ctx.classId = (cls as { id: string }).id;

  const create = async (name: string, body: Record<string, unknown>): Promise<string> => {
    const res = await call<{ id: string }>(path(name), { token: ctx.admin, json: body });
    if (res.status !== 200 || !res.body.data) throw new Error(`${name}: ${res.status} ${res.body.msg}`);
    return res.body.data.id;
  };
  // weight 0: exam-type weights are shared by the whole school and other files add nodes too
  const nodeId = await create('exam-nodes', { code: `DR${tag}`, name: `草稿${tag}`, weight: 0 });
  ctx.batchId = await create('batches', {
    name: `草稿批次${tag}`,
    semesterId: semester?.id,
    examNodeId: nodeId,
    grade: '10',
    start: semester?.start,
    end: semester?.end,
    courses: [
      { courseId: ctx.chinese, fullMarks: 100, weight: 0 },
      { courseId: ctx.maths, fullMarks: 100, weight: 0 },
    ],
  });
  const open = await call(gradesPath.open(ctx.batchId), { method: 'POST', token: ctx.admin });
  expect(open.status).toBe(200);
  const sheets = await sql<{ courseId: string; account: string; instanceId: string }>(
    `SELECT s.course_id AS "courseId", u.account, s.instance_id AS "instanceId" FROM grade_sheet s JOIN sys_user u ON u.id = s.teacher_id WHERE s.batch_id = $1 AND s.class_id = $2`,
    [ctx.batchId, ctx.classId],
  );
  // the sheets as the finding found them: Chinese is headteacher's, mathematics teacher's
  expect(new Map(sheets.map((s) => [s.courseId, s.account]))).toEqual(new Map([[ctx.chinese, 'headteacher'], [ctx.maths, 'teacher']]));
  ctx.chineseSheet = (sheets.find((s) => s.courseId === ctx.chinese) as { instanceId: string }).instanceId;

  // both type a draft of every row of their own sheet
  const read = await call<{ rows: { studentId: string }[] }>(gradesPath.sheet(ctx.batchId, ctx.classId, ctx.chinese), { token: ctx.head });
  expect(read.status).toBe(200);
  ctx.typed = new Map((read.body.data?.rows ?? []).map((r, i) => [r.studentId, { chinese: 61 + (i % 30) + 0.5, maths: 40 + (i % 50) }]));
  expect(ctx.typed.size).toBeGreaterThan(0);
  for (const [courseId, token, key] of [[ctx.chinese, ctx.head, 'chinese'], [ctx.maths, ctx.teacher, 'maths']] as const) {
    const scores = [...ctx.typed].map(([studentId, s]) => ({ studentId, score: s[key] }));
    const saved = await call(gradesPath.sheet(ctx.batchId, ctx.classId, courseId), { method: 'PUT', token, json: { scores } });
    expect({ status: saved.status, msg: saved.body.msg }).toEqual({ status: 200, msg: '已保存' });
  }
}, 120_000);

describe("issue 32 finding 3: a teacher's analysis does not count another teacher's draft", () => {
  it('the repro: the sheet refuses teacher (403), and the ranking of the class shows him no Chinese score — his own draft counts for him', async () => {
    const sheet = await call(gradesPath.sheet(ctx.batchId, ctx.classId, ctx.chinese), { token: ctx.teacher });
    expect(sheet.status).toBe(403);
    const a = await answer<RankingAnalysis>('ranking', { classId: ctx.classId }, ctx.teacher);
    expect(a.rows).toHaveLength(ctx.typed.size);
    for (const row of a.rows) {
      const typed = ctx.typed.get(row.studentId);
      expect({ chinese: row.scores[0], maths: row.scores[1], total: row.total }).toEqual({ chinese: null, maths: typed?.maths, total: typed?.maths });
    }
  });

  it('nor any other kind: per class (admin-class) and per course (subject) count nothing of the draft for him', async () => {
    const perClass = await answer<ClassAnalysis>('admin-class', { courseId: ctx.chinese, classId: ctx.classId }, ctx.teacher);
    const row = perClass.rows.find((r) => r.groupId === ctx.classId);
    // the class still shows, with nothing counted, as a class with nothing typed does
    expect({ scored: row?.scored, average: row?.average, highest: row?.highest }).toEqual({ scored: 0, average: null, highest: null });
    const subject = await answer<SubjectAnalysis>('subject', { courseId: ctx.chinese, classId: ctx.classId }, ctx.teacher);
    expect(subject.rows.find((r) => r.classId === ctx.classId)).toMatchObject({ scored: 0, average: null, median: null });
  });

  it('nor its Excel export', async () => {
    const cells = await chineseInExport(ctx.teacher);
    expect(cells).toHaveLength(ctx.typed.size);
    expect(cells.every((c) => c === '')).toBe(true);
  });

  it('those who may read the sheet count it: its teacher (and head teacher) and a grade manager', async () => {
    for (const token of [ctx.head, ctx.admin]) {
      const chinese = await chineseInRanking(token);
      for (const [studentId, s] of ctx.typed) expect(chinese.get(studentId)).toBe(s.chinese);
    }
  });

  it('once submitted, the draft is the teacher’s word: every kind and the export count it for teacher too', async () => {
    const submitted = await call(`/api/workflows/grade-confirmation/${ctx.chineseSheet}/events`, { token: ctx.head, json: { type: 'SUBMIT' } });
    expect({ status: submitted.status, msg: submitted.body.msg }).toMatchObject({ status: 200 });
    // still not readable as a sheet by him: only the analysis counts it now
    expect((await call(gradesPath.sheet(ctx.batchId, ctx.classId, ctx.chinese), { token: ctx.teacher })).status).toBe(403);

    const chinese = await chineseInRanking(ctx.teacher);
    for (const [studentId, s] of ctx.typed) expect(chinese.get(studentId)).toBe(s.chinese);
    const perClass = await answer<ClassAnalysis>('admin-class', { courseId: ctx.chinese, classId: ctx.classId }, ctx.teacher);
    const values = [...ctx.typed.values()].map((s) => s.chinese);
    const mean = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    expect(perClass.rows.find((r) => r.groupId === ctx.classId)).toMatchObject({ scored: values.length, highest: Math.max(...values), lowest: Math.min(...values) });
    expect(Math.abs((perClass.rows.find((r) => r.groupId === ctx.classId)?.average ?? 0) - mean)).toBeLessThanOrEqual(0.0051);
    const subject = await answer<SubjectAnalysis>('subject', { courseId: ctx.chinese, classId: ctx.classId }, ctx.teacher);
    expect(subject.rows.find((r) => r.classId === ctx.classId)?.scored).toBe(values.length);
    const cells = await chineseInExport(ctx.teacher);
    expect(cells.map(Number).sort((a, b) => a - b)).toEqual([...values].sort((a, b) => a - b));
  });
});
