import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type AnalysisKind,
  type ClassAnalysis,
  type ClassStatsRow,
  gradesPath,
  type QuestionRateAnalysis,
  type RankingAnalysis,
  SCORE_BANDS,
  type SubjectAnalysis,
} from '@schoolflow/contracts';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { digitTag, getFile, path, readSheet, runTag } from '../resources/resource-support.js';

/**
 * Issue 10 item 4, through the API: a batch arranged with known scores — two classes of a grade no demo class is in,
 * three courses (one with score items, one of other full marks, one without a scale), two teaching classes — whose
 * every analysis is checked against numbers this file computes itself from the same scores. Then the refusals (a bad
 * query in both languages, an unknown batch, a course not on the batch, a student) and the Excel export.
 *
 * The file shares the run's server and database with every other file: what it makes is named with its own tag, and
 * it reads only its own batch.
 */

type Mark = 'absent' | 'exempt';
/** A student's entry in one course: a score, a mark, and (course A) the items it sums. */
interface Entry {
  score: number | null;
  mark: Mark | null;
  items?: [number, number];
}
interface Course {
  key: 'A' | 'B' | 'C';
  id: string;
  fullMarks: number;
  weight: number;
  scaled: boolean;
}
interface Student {
  id: string;
  no: string;
  classKey: 'K1' | 'K2';
  /** The teaching class of course A. */
  teaching: 'TA' | 'TB';
  entries: Record<'A' | 'B' | 'C', Entry>;
}

const S = (score: number): Entry => ({ score, mark: null });
const I = (a: number, b: number): Entry => ({ score: Math.round((a + b) * 100) / 100, mark: null, items: [a, b] });
const M = (mark: Mark): Entry => ({ score: null, mark });

/**
 * The scores. Course A (100 marks, items of 40 and 60, weight 50), course B (150 marks, weight 50: its lines are 90
 * and 127.5 — 89.99 is just below, 90 and 127.5 exactly on them), course C (100 marks, weight 0, no scale). Weighted
 * totals (A + B) / 2 give a tie (94, 94) for the competition ranks 1, 2, 3, 4, 4, 6.
 */
const PLAN: { no: number; classKey: 'K1' | 'K2'; teaching: 'TA' | 'TB'; A: Entry; B: Entry; C: Entry }[] = [
  { no: 1, classKey: 'K1', teaching: 'TA', A: I(30, 50), B: S(120), C: S(50) },
  { no: 2, classKey: 'K1', teaching: 'TA', A: I(38, 55), B: S(95), C: S(60) },
  { no: 3, classKey: 'K1', teaching: 'TA', A: I(20, 35), B: S(89.99), C: S(70) },
  { no: 4, classKey: 'K1', teaching: 'TA', A: M('absent'), B: S(140), C: S(80) },
  { no: 5, classKey: 'K1', teaching: 'TB', A: I(25, 40.5), B: S(127.5), C: S(90) },
  { no: 6, classKey: 'K1', teaching: 'TB', A: I(36, 49), B: S(70), C: S(100) },
  { no: 7, classKey: 'K2', teaching: 'TA', A: I(40, 60), B: S(150), C: S(65) },
  { no: 8, classKey: 'K2', teaching: 'TA', A: I(10, 20), B: S(90), C: S(65) },
  { no: 9, classKey: 'K2', teaching: 'TB', A: M('exempt'), B: S(100), C: S(75) },
  { no: 10, classKey: 'K2', teaching: 'TB', A: I(30, 30), B: S(128), C: S(85) },
  { no: 11, classKey: 'K2', teaching: 'TB', A: I(28, 44), B: M('absent'), C: S(95) },
];

const SCALE = { fullScore: 100, passLine: 60, excellentLine: 85 };

interface Ctx {
  tag: string;
  token: string;
  grade: string;
  batchId: string;
  batchName: string;
  courses: Record<'A' | 'B' | 'C', Course>;
  classes: Record<'K1' | 'K2', { id: string; name: string }>;
  teaching: Record<'TA' | 'TB', { id: string; name: string }>;
  items: [string, string];
  students: Student[];
}
const ctx = {} as Ctx;

const sql = <T>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);

async function create(name: string, body: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>(path(name), { token: ctx.token, json: body });
  if (res.status !== 200 || !res.body.data) throw new Error(`${name}: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

const analysis = <T>(kind: AnalysisKind, query: Record<string, string>, o: { token?: string; lang?: 'zh' | 'en' } = {}): Promise<CallResult<T>> =>
  call<T>(`${gradesPath.analysis(kind)}?${new URLSearchParams(query).toString()}`, { token: o.token ?? ctx.token, lang: o.lang });

async function answer<T>(kind: AnalysisKind, query: Record<string, string>): Promise<T> {
  const res = await analysis<T>(kind, query);
  expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '' });
  return res.body.data as T;
}

// ---- what the analysis must answer, computed here from PLAN ----

/** Within half a cent: the server rounds to two decimals in PostgreSQL's numeric, this file in doubles. */
function near(actual: number | null | undefined, expected: number | null): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(typeof actual).toBe('number');
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(0.0051);
}
const round2 = (n: number): number => Math.round(n * 100) / 100;
const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const popStd = (xs: number[]): number | null => {
  const m = mean(xs);
  return m === null ? null : Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
};
/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentileCont(xs: number[], p: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const at = p * (s.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (at - lo);
}
/** As the conversion reads a score: put on the scale's score system, rounded to two decimals, against the line. */
const reaches = (score: number, fullMarks: number, line: number): boolean => round2((score * SCALE.fullScore) / fullMarks) >= line;

interface Expected {
  scored: number;
  absent: number;
  exempt: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  stdDev: number | null;
  passRate: number | null;
  excellentRate: number | null;
  bands: number[];
}
function statsOf(entries: Entry[], course: Course): Expected {
  const xs = entries.filter((e) => e.score !== null).map((e) => e.score as number);
  const rate = (line: number): number | null => (course.scaled && xs.length ? round2((100 * xs.filter((x) => reaches(x, course.fullMarks, line)).length) / xs.length) : null);
  const edges = [0, ...SCORE_BANDS, Infinity];
  return {
    scored: xs.length,
    absent: entries.filter((e) => e.mark === 'absent').length,
    exempt: entries.filter((e) => e.mark === 'exempt').length,
    average: xs.length ? round2(mean(xs) as number) : null,
    highest: xs.length ? Math.max(...xs) : null,
    lowest: xs.length ? Math.min(...xs) : null,
    stdDev: xs.length ? round2(popStd(xs) as number) : null,
    passRate: rate(SCALE.passLine),
    excellentRate: rate(SCALE.excellentLine),
    bands: edges.slice(0, -1).map((from, i) => xs.filter((x) => (x * 100) / course.fullMarks >= from && (x * 100) / course.fullMarks < (edges[i + 1] as number)).length),
  };
}
function expectStats(row: ClassStatsRow | undefined, e: Expected): void {
  expect(row).toBeDefined();
  const r = row as ClassStatsRow;
  expect({ scored: r.scored, absent: r.absent, exempt: r.exempt, bands: r.bands }).toEqual({ scored: e.scored, absent: e.absent, exempt: e.exempt, bands: e.bands });
  for (const k of ['average', 'highest', 'lowest', 'stdDev', 'passRate', 'excellentRate'] as const) near(r[k], e[k]);
}
const entriesOf = (key: 'A' | 'B' | 'C', where: (s: Student) => boolean = () => true): Entry[] => ctx.students.filter(where).map((s) => s.entries[key]);

/** Σ score × weight / 100 over the courses with a score, in cents so the rounding is PostgreSQL's (half away from zero). */
function totalOf(s: Student): number | null {
  const present = (['A', 'B', 'C'] as const).filter((k) => s.entries[k].score !== null);
  if (!present.length) return null;
  const cents = present.reduce((sum, k) => sum + Math.round((s.entries[k].score as number) * 100) * ctx.courses[k].weight, 0);
  return Math.round(cents / 100) / 100;
}
/** Standard competition rank (1, 2, 2, 4) of a total among totals. */
const rankOf = (total: number, among: number[]): number => among.filter((t) => t > total).length + 1;

describe('grade analysis: every kind against numbers computed from the same scores', () => {
  beforeAll(async () => {
    ctx.tag = runTag();
    ctx.token = await login('admin');
    // a grade no class is in yet, so the batch opens only this file's classes
    const taken = new Set((await sql<{ grade: string }>(`SELECT DISTINCT grade::text AS grade FROM admin_class`)).map((r) => r.grade));
    ctx.grade = ['4', '5', '3', '6', '2', '1', '7', '8', '9'].find((g) => !taken.has(g)) as string;
    if (!ctx.grade) throw new Error('every grade has classes');
    const [semester] = await sql<{ id: string }>(`SELECT id FROM semester WHERE is_current`);
    const courseIds = new Map((await sql<{ code: string; id: string }>(`SELECT code, id FROM course WHERE code IN ('PHY', 'CHEM', 'BIO')`)).map((r) => [r.code, r.id]));
    const teachers = new Map((await sql<{ account: string; id: string }>(`SELECT account, id FROM sys_user WHERE account IN ('teacher01', 'teacher02', 'teacher03', 'teacher04')`)).map((r) => [r.account, r.id]));

    // classes through the API; K1's name starts with "=", which the Excel export must write as text
    const classOf = async (key: 'K1' | 'K2', head: string) => {
      const name = key === 'K1' ? `=析${ctx.tag}甲` : `析${ctx.tag}乙`;
      const id = await create('classes', { name, code: digitTag(), grade: ctx.grade, enrollmentYear: 2025, headTeacherId: teachers.get(head) });
      return { id, name };
    };
    ctx.classes = { K1: await classOf('K1', 'teacher01'), K2: await classOf('K2', 'teacher02') };
    // students below the API (their accounts and guardians play no part here)
    ctx.students = [];
    for (const p of PLAN) {
      const no = `AN${ctx.tag}${String(p.no).padStart(2, '0')}`;
      const [row] = await sql<{ id: string }>(`INSERT INTO student (student_no, name, gender, class_id, enrollment_year) VALUES ($1, $2, $3, $4, 2025) RETURNING id`, [no, `析生${p.no}`, p.no % 2 ? 'M' : 'F', ctx.classes[p.classKey].id]);
      ctx.students.push({ id: (row as { id: string }).id, no, classKey: p.classKey, teaching: p.teaching, entries: { A: p.A, B: p.B, C: p.C } });
    }

    const scaleId = await create('scales', { name: `析分制${ctx.tag}`, ...SCALE, ranks: [] });
    const nodeId = await create('exam-nodes', { code: `AN${ctx.tag}`, name: `析${ctx.tag}`, weight: 0 });
    ctx.courses = {
      A: { key: 'A', id: courseIds.get('PHY') as string, fullMarks: 100, weight: 50, scaled: true },
      B: { key: 'B', id: courseIds.get('CHEM') as string, fullMarks: 150, weight: 50, scaled: true },
      C: { key: 'C', id: courseIds.get('BIO') as string, fullMarks: 100, weight: 0, scaled: false },
    };
    // teaching classes of course A: most of K1 take TA (so teacher03 enters K1's sheet), most of K2 take TB (teacher04)
    for (const [key, teacher] of [['TA', 'teacher03'], ['TB', 'teacher04']] as const) {
      const name = `析教${ctx.tag}${key}`;
      const id = await create('teaching-classes', { name, courseId: ctx.courses.A.id, semesterId: semester?.id, teacherId: teachers.get(teacher), studentIds: ctx.students.filter((s) => s.teaching === key).map((s) => s.id) });
      ctx.teaching = { ...(ctx.teaching ?? {}), [key]: { id, name } } as Ctx['teaching'];
    }
    ctx.batchName = `析批次${ctx.tag}`;
    ctx.batchId = await create('batches', {
      name: ctx.batchName,
      semesterId: semester?.id,
      examNodeId: nodeId,
      grade: ctx.grade,
      start: '2026-11-16',
      end: '2026-11-20',
      courses: [
        { courseId: ctx.courses.A.id, fullMarks: 100, weight: 50, scaleId },
        { courseId: ctx.courses.B.id, fullMarks: 150, weight: 50, scaleId },
        { courseId: ctx.courses.C.id, fullMarks: 100, weight: 0 },
      ],
    });
    ctx.items = [
      await create('score-items', { batchId: ctx.batchId, courseId: ctx.courses.A.id, name: `第1题${ctx.tag}`, fullMarks: 40, weight: 40, sort: 1 }),
      await create('score-items', { batchId: ctx.batchId, courseId: ctx.courses.A.id, name: `第2题${ctx.tag}`, fullMarks: 60, weight: 60, sort: 2 }),
    ];
    const open = await call<{ sheets: number }>(gradesPath.open(ctx.batchId), { method: 'POST', token: ctx.token });
    expect({ status: open.status, sheets: open.body.data?.sheets }).toEqual({ status: 200, sheets: 6 });

    // every sheet written by its own teacher
    const sheets = await sql<{ classId: string; courseId: string; account: string }>(
      `SELECT s.class_id AS "classId", s.course_id AS "courseId", u.account FROM grade_sheet s JOIN sys_user u ON u.id = s.teacher_id WHERE s.batch_id = $1`,
      [ctx.batchId],
    );
    const tokens = new Map<string, string>();
    for (const sheet of sheets) {
      if (!tokens.has(sheet.account)) tokens.set(sheet.account, await login(sheet.account));
      const key = (['A', 'B', 'C'] as const).find((k) => ctx.courses[k].id === sheet.courseId) as 'A' | 'B' | 'C';
      const classKey = sheet.classId === ctx.classes.K1.id ? 'K1' : 'K2';
      const scores = ctx.students
        .filter((s) => s.classKey === classKey)
        .map((s) => {
          const e = s.entries[key];
          if (e.mark) return { studentId: s.id, mark: e.mark };
          if (e.items) return { studentId: s.id, items: { [ctx.items[0]]: e.items[0], [ctx.items[1]]: e.items[1] } };
          return { studentId: s.id, score: e.score };
        });
      const res = await call<{ saved: number }>(gradesPath.sheet(ctx.batchId, sheet.classId, sheet.courseId), { method: 'PUT', token: tokens.get(sheet.account), json: { scores } });
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '已保存' });
    }
    // the teachers the batch assigned: teaching classes for course A, head teachers for the others
    const byPair = new Map(sheets.map((s) => [`${s.classId}:${s.courseId}`, s.account]));
    expect(byPair.get(`${ctx.classes.K1.id}:${ctx.courses.A.id}`)).toBe('teacher03');
    expect(byPair.get(`${ctx.classes.K2.id}:${ctx.courses.A.id}`)).toBe('teacher04');
    expect(byPair.get(`${ctx.classes.K1.id}:${ctx.courses.B.id}`)).toBe('teacher01');
  });

  it('admin-class: per class and course, and the grade per course, with the course lines and the no-scale flag', async () => {
    const a = await answer<ClassAnalysis>('admin-class', { batchId: ctx.batchId });
    expect(a.kind).toBe('admin-class');
    expect(a.batch).toEqual({ id: ctx.batchId, name: ctx.batchName, grade: ctx.grade, published: false });
    expect(a.courses.map((c) => [c.id, c.fullMarks, c.weight, c.scaled, c.passLine, c.excellentLine])).toEqual([
      [ctx.courses.A.id, 100, 50, true, 60, 85],
      [ctx.courses.B.id, 150, 50, true, 90, 127.5],
      [ctx.courses.C.id, 100, 0, false, null, null],
    ]);
    expect(a.classes.map((c) => c.id).sort()).toEqual([ctx.classes.K1.id, ctx.classes.K2.id].sort());
    // course C has no scale: the answer says so, and its rates are null
    expect(a.noGradingSystem).toBe(true);
    expect(a.rows).toHaveLength(9);
    for (const key of ['A', 'B', 'C'] as const) {
      const course = ctx.courses[key];
      for (const k of ['K1', 'K2'] as const) {
        expectStats(
          a.rows.find((r) => r.courseId === course.id && r.groupId === ctx.classes[k].id),
          statsOf(entriesOf(key, (s) => s.classKey === k), course),
        );
      }
      const grade = a.rows.find((r) => r.courseId === course.id && r.groupId === null);
      expect(grade?.groupName).toBe('全年级');
      expectStats(grade, statsOf(entriesOf(key), course));
    }
    // the sheet's teacher is named on the class's row
    expect(a.rows.find((r) => r.courseId === ctx.courses.B.id && r.groupId === ctx.classes.K2.id)?.teacherName).toBe((await sql<{ name: string }>(`SELECT name FROM sys_user WHERE account = 'teacher02'`))[0]?.name);

    // one course, one class: the class's row and the grade's; a course with a scale has no no-scale flag
    const one = await answer<ClassAnalysis>('admin-class', { batchId: ctx.batchId, courseId: ctx.courses.B.id, classId: ctx.classes.K1.id });
    expect(one.noGradingSystem).toBe(false);
    expect(one.rows.map((r) => r.groupId)).toEqual([ctx.classes.K1.id, null]);
    expectStats(one.rows[1], statsOf(entriesOf('B'), ctx.courses.B));

    const noScale = await answer<ClassAnalysis>('admin-class', { batchId: ctx.batchId, courseId: ctx.courses.C.id });
    expect(noScale.noGradingSystem).toBe(true);
    for (const r of noScale.rows) expect([r.passRate, r.excellentRate]).toEqual([null, null]);
  });

  it('teaching-class: per teaching class of the course (its students wherever they sit), and the grade', async () => {
    const a = await answer<ClassAnalysis>('teaching-class', { batchId: ctx.batchId, courseId: ctx.courses.A.id });
    expect(a.noGradingSystem).toBe(false);
    // this file's teaching classes, then the grade's row (other files on the worker's server make teaching classes of
    // the same course: their rows may be there too, and are not this test's)
    const mine = new Set<string | null>([ctx.teaching.TA.id, ctx.teaching.TB.id, null]);
    const rows = a.rows.filter((r) => mine.has(r.groupId));
    expect(rows.map((r) => r.groupId)).toEqual([ctx.teaching.TA.id, ctx.teaching.TB.id, null]);
    for (const k of ['TA', 'TB'] as const) {
      const row = rows.find((r) => r.groupId === ctx.teaching[k].id);
      expect(row?.groupName).toBe(ctx.teaching[k].name);
      expectStats(row, statsOf(entriesOf('A', (s) => s.teaching === k), ctx.courses.A));
    }
    expectStats(rows[2], statsOf(entriesOf('A'), ctx.courses.A));
    // every course: courses without teaching classes still have the grade's row
    const all = await answer<ClassAnalysis>('teaching-class', { batchId: ctx.batchId });
    expect(all.rows.filter((r) => r.groupId === null).map((r) => r.courseId)).toEqual([ctx.courses.A.id, ctx.courses.B.id, ctx.courses.C.id]);
    expect(all.noGradingSystem).toBe(true);
  });

  it('ranking: weighted totals with standard competition ranks in class and grade, each course’s score and marks', async () => {
    const a = await answer<RankingAnalysis>('ranking', { batchId: ctx.batchId });
    expect(a.weighted).toBe(true);
    expect(a.rows).toHaveLength(ctx.students.length);
    const totals = ctx.students.map(totalOf) as number[];
    for (const [i, s] of ctx.students.entries()) {
      const row = a.rows.find((r) => r.studentId === s.id);
      const total = totals[i] as number;
      const classTotals = ctx.students.map((o, j) => (o.classKey === s.classKey ? totals[j] : null)).filter((t): t is number => t !== null);
      expect(row).toMatchObject({ studentNo: s.no, classId: ctx.classes[s.classKey].id, className: ctx.classes[s.classKey].name, gradeRank: rankOf(total, totals), classRank: rankOf(total, classTotals) });
      near(row?.total, total);
      // scores in the order of the batch's courses
      expect(row?.scores).toEqual((['A', 'B', 'C'] as const).map((k) => s.entries[k].score));
      for (const k of ['A', 'B', 'C'] as const) {
        expect(row?.marks[ctx.courses[k].id] ?? null).toBe(s.entries[k].mark);
      }
    }
    // ordered by rank; the tie (94, 94) shares rank 4 and the next is 6
    expect(a.rows.map((r) => r.gradeRank)).toEqual([1, 2, 3, 4, 4, 6, 7, 8, 9, 10, 11]);
    // one class: its students only, ranks still in the grade
    const k2 = await answer<RankingAnalysis>('ranking', { batchId: ctx.batchId, classId: ctx.classes.K2.id });
    expect(k2.rows.map((r) => r.studentId).sort()).toEqual(ctx.students.filter((s) => s.classKey === 'K2').map((s) => s.id).sort());
    expect(k2.rows.map((r) => r.gradeRank)).toEqual(a.rows.filter((r) => r.classId === ctx.classes.K2.id).map((r) => r.gradeRank));
  });

  it('subject: one course across classes — averages and their difference from the grade, quartiles, rates; no scale: no rates', async () => {
    const a = await answer<SubjectAnalysis>('subject', { batchId: ctx.batchId, courseId: ctx.courses.B.id });
    expect(a.course.id).toBe(ctx.courses.B.id);
    expect(a.noGradingSystem).toBe(false);
    const all = entriesOf('B').filter((e) => e.score !== null).map((e) => e.score as number);
    for (const k of ['K1', 'K2', null] as const) {
      const row = a.rows.find((r) => r.classId === (k ? ctx.classes[k].id : null));
      const entries = entriesOf('B', (s) => k === null || s.classKey === k);
      const xs = entries.filter((e) => e.score !== null).map((e) => e.score as number);
      const e = statsOf(entries, ctx.courses.B);
      expect({ scored: row?.scored, absent: row?.absent, exempt: row?.exempt }).toEqual({ scored: e.scored, absent: e.absent, exempt: e.exempt });
      for (const key of ['average', 'lowest', 'highest', 'stdDev', 'passRate', 'excellentRate'] as const) near(row?.[key], e[key]);
      near(row?.q1, round2(percentileCont(xs, 0.25) as number));
      near(row?.median, round2(percentileCont(xs, 0.5) as number));
      near(row?.q3, round2(percentileCont(xs, 0.75) as number));
      near(row?.difference, k === null ? null : round2((mean(xs) as number) - (mean(all) as number)));
    }
    const c = await answer<SubjectAnalysis>('subject', { batchId: ctx.batchId, courseId: ctx.courses.C.id });
    expect(c.noGradingSystem).toBe(true);
    expect(c.course.scaled).toBe(false);
    for (const r of c.rows) expect([r.passRate, r.excellentRate]).toEqual([null, null]);
  });

  it('question-rate: per score item, per class and overall, average and rate; a course without items answers no rows', async () => {
    const a = await answer<QuestionRateAnalysis>('question-rate', { batchId: ctx.batchId, courseId: ctx.courses.A.id });
    expect(a.items.map((i) => [i.id, i.fullMarks])).toEqual([
      [ctx.items[0], 40],
      [ctx.items[1], 60],
    ]);
    expect(a.rows).toHaveLength(6);
    for (const [n, itemId] of ctx.items.entries()) {
      for (const k of ['K1', 'K2', null] as const) {
        const values = ctx.students.filter((s) => (k === null || s.classKey === k) && s.entries.A.items).map((s) => (s.entries.A.items as [number, number])[n] as number);
        const row = a.rows.find((r) => r.itemId === itemId && r.classId === (k ? ctx.classes[k].id : null));
        expect(row?.count).toBe(values.length);
        near(row?.average, round2(mean(values) as number));
        near(row?.rate, round2((100 * (mean(values) as number)) / (n === 0 ? 40 : 60)));
      }
    }
    const none = await answer<QuestionRateAnalysis>('question-rate', { batchId: ctx.batchId, courseId: ctx.courses.B.id });
    expect({ items: none.items, rows: none.rows }).toEqual({ items: [], rows: [] });
  });

  it('refusals: a bad query (400) in both languages, an unknown batch (404), a course not on the batch (422), a student (403)', async () => {
    const expectRefusal = (res: CallResult<unknown>, status: number, msg: string) => expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg }).toEqual({ status, code: status, result: false, msg });
    for (const [lang, texts] of [
      ['zh', ['请选择成绩批次', '批次、课程或班级的标识不正确', '请选择课程', '导出格式只能是 xlsx', '批次不存在', '该课程不在此批次中']],
      ['en', ['Choose a batch', 'The batch, course or class is not a valid id', 'Choose a course', 'The export format can only be xlsx', 'No such batch', 'This course is not examined in the batch']],
    ] as const) {
      expectRefusal(await analysis('admin-class', {}, { lang }), 400, texts[0]);
      expectRefusal(await analysis('ranking', { batchId: 'not-a-batch' }, { lang }), 400, texts[1]);
      expectRefusal(await analysis('admin-class', { batchId: ctx.batchId, classId: '12345' }, { lang }), 400, texts[1]);
      expectRefusal(await analysis('subject', { batchId: ctx.batchId }, { lang }), 400, texts[2]);
      expectRefusal(await analysis('question-rate', { batchId: ctx.batchId }, { lang }), 400, texts[2]);
      expectRefusal(await analysis('admin-class', { batchId: ctx.batchId, format: 'pdf' }, { lang }), 400, texts[3]);
      expectRefusal(await analysis('admin-class', { batchId: '00000000-0000-4000-8000-000000000000' }, { lang }), 404, texts[4]);
      const other = (await sql<{ id: string }>(`SELECT id FROM course WHERE code = 'MATH'`))[0]?.id as string;
      expectRefusal(await analysis('subject', { batchId: ctx.batchId, courseId: other }, { lang }), 422, texts[5]);
    }
    // a student has no analysis permission: refused, and the refusal is logged
    const student = await login('student');
    for (const kind of ['admin-class', 'ranking'] as const) {
      const res = await analysis(kind, { batchId: ctx.batchId }, { token: student });
      expect({ status: res.status, result: res.body.result }).toEqual({ status: 403, result: false });
    }
    const [denied] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM sys_operation_log WHERE account = 'student' AND action = 'access.denied' AND target = 'GET /server/api/grades/analysis/ranking' AND detail->'missing' ? 'grades:analysis'`,
    );
    expect(denied?.n).toBeGreaterThanOrEqual(1);
  });

  it('Excel: each kind exports the table it answers, headers in the caller’s language, formula-looking names as text', async () => {
    const xlsx = (kind: AnalysisKind, query: Record<string, string>, lang: 'zh' | 'en') => getFile(`${gradesPath.analysis(kind)}?${new URLSearchParams({ ...query, format: 'xlsx' }).toString()}`, ctx.token, lang);

    const en = await xlsx('admin-class', { batchId: ctx.batchId, courseId: ctx.courses.B.id }, 'en');
    expect({ status: en.status, type: en.type }).toEqual({ status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(en.disposition)?.[1] ?? '')).toBe(`${ctx.batchName}-Administrative classes.xlsx`);
    const sheet = readSheet(en.bytes);
    expect(sheet.formulas).toEqual([]);
    expect(sheet.rows[0]).toEqual(['Course', 'Class', 'Teacher', 'Scored', 'Absent', 'Exempt', 'Average', 'Highest', 'Lowest', 'Std. deviation', 'Pass rate (%)', 'Excellence rate (%)', 'Below 60%', '60%–70%', '70%–80%', '80%–90%', '90% and above']);
    expect(sheet.rows).toHaveLength(4);
    // K1's name starts with "=": written as text with a leading apostrophe, never run as a formula
    const k1 = sheet.rows.find((r) => String(r[1]).includes(ctx.tag) && String(r[1]).includes('甲')) as unknown[];
    expect(k1[1]).toBe(`'${ctx.classes.K1.name}`);
    const e = statsOf(entriesOf('B', (s) => s.classKey === 'K1'), ctx.courses.B);
    expect(k1.slice(3, 6).map(Number)).toEqual([e.scored, e.absent, e.exempt]);
    [e.average, e.highest, e.lowest, e.stdDev, e.passRate, e.excellentRate].forEach((v, i) => near(Number(k1[6 + i]), v));
    expect(k1.slice(12).map(Number)).toEqual(e.bands);

    const zh = readSheet((await xlsx('ranking', { batchId: ctx.batchId }, 'zh')).bytes);
    expect(zh.rows[0]).toEqual(['年级排名', '班级排名', '学号', '姓名', '班级', '物理', '化学', '生物', '总分']);
    expect(zh.rows).toHaveLength(ctx.students.length + 1);
    const absent = ctx.students.find((s) => s.entries.A.mark === 'absent') as Student;
    expect(zh.rows.find((r) => r[2] === absent.no)?.[5]).toBe('缺考');

    for (const [kind, query, head] of [
      ['teaching-class', { batchId: ctx.batchId, courseId: ctx.courses.A.id }, '教学班'],
      ['subject', { batchId: ctx.batchId, courseId: ctx.courses.B.id }, '与年级均分差'],
      ['question-rate', { batchId: ctx.batchId, courseId: ctx.courses.A.id }, '得分率(%)'],
    ] as const) {
      const file = await xlsx(kind, query, 'zh');
      expect(file.status).toBe(200);
      const rows = readSheet(file.bytes).rows;
      expect(rows[0]).toContain(head);
      const json = await answer<{ rows: unknown[] }>(kind, query);
      expect(rows).toHaveLength(json.rows.length + 1);
    }
    // the export is logged with who took it
    const [log] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM sys_operation_log WHERE action = 'grades.analysis.export' AND target = $1 AND account = 'admin'`, [ctx.batchId]);
    expect(log?.n).toBeGreaterThanOrEqual(5);
  });
});
