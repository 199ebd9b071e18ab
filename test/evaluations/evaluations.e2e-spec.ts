import { beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { type EvalMySheet, type EvalProgress, type EvalResults, type EvalRound, type EvalRoundSummary, type EvalSchoolYear, type EvalSheet, type EvalTemplate, evaluationsPath as path, resources } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { schoolDate } from '../support/workflow.js';

/**
 * 学业评价's API rules end to end (issue 28, docs/product/evaluations.md#calls) on the shared server: the spec's
 * refusals (index name of 31, weights over 100) in both languages with nothing written; only managers set up; each
 * evaluator sees and writes only their students and their role's contents, inside the window; results weighted and
 * rounded to the template's precision three ways — page and export alike; a head teacher reads only their class.
 */
const zh = resources.zh;
const en = resources.en;
const stamp = Date.now().toString(36).slice(-5);
const t = {} as Record<'admin' | 'teacher' | 'headteacher' | 'student' | 'parent' | 'teacher02', string>;
const ids = {} as { year: string; semester: string; class1: string; me: string; other: string };
let template: EvalTemplate;
let round: EvalRound;

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const bands = [
  { name: '优秀', score: null, min: 90, max: 100 },
  { name: '良好', score: null, min: 75, max: 89.99 },
  { name: '合格', score: null, min: 0, max: 74.99 },
];
const body = (over: Record<string, unknown> = {}) => ({
  schoolYearId: ids.year,
  name: `测评${stamp}`,
  precision: 1,
  peerCount: 1,
  themes: [
    {
      name: '思想品德',
      contents: [
        { name: '诚信', evaluators: [{ role: 'self', weight: 30 }, { role: 'head', weight: 70 }], levels: bands },
        { name: '友善', evaluators: [{ role: 'peer', weight: 40 }, { role: 'head', weight: 30 }, { role: 'parent', weight: 30 }], levels: bands },
      ],
    },
  ],
  ...over,
});

beforeAll(async () => {
  for (const who of ['admin', 'teacher', 'headteacher', 'student', 'parent', 'teacher02'] as const) t[who] = await login(who === 'parent' ? 'jz202511001' : who);
  ids.year = await one(`SELECT s.school_year_id FROM semester s WHERE s.is_current`);
  ids.semester = await one(`SELECT id FROM semester WHERE is_current`);
  ids.class1 = await one(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher'`);
  ids.me = await one(`SELECT id FROM student WHERE student_no = '202511001'`);
  ids.other = await one(`SELECT id FROM student WHERE class_id = $1 AND student_no <> '202511001' ORDER BY student_no LIMIT 1`, [ids.class1]);
});

describe('evaluation settings', () => {
  it('refuses an index name of 31 characters and weights over 100 with the spec messages, in zh and en, writing nothing', async () => {
    const before = await one(`SELECT count(*) FROM eval_template`);
    const long = body({ themes: [{ name: '主'.repeat(31), contents: body().themes[0]!.contents }] });
    const r1 = await call(path.templates, { token: t.admin, json: long });
    expect([r1.status, r1.body.msg]).toEqual([400, zh.validation.evalNameTooLong]);
    const r2 = await call(path.templates, { token: t.admin, json: { ...body(), name: 'x'.repeat(31) }, lang: 'en' });
    expect([r2.status, r2.body.msg]).toEqual([400, en.validation.evalNameTooLong]);
    const heavy = body({ themes: [{ name: '学业', contents: [{ name: '态度', evaluators: [{ role: 'self', weight: 60 }, { role: 'head', weight: 40.01 }], levels: bands }] }] });
    const r3 = await call(path.templates, { token: t.admin, json: heavy });
    expect([r3.status, r3.body.result, r3.body.msg]).toEqual([400, false, zh.validation.evalWeightsOverLimit]);
    const r4 = await call(path.templates, { token: t.admin, json: heavy, lang: 'en' });
    expect(r4.body.msg).toBe(en.validation.evalWeightsOverLimit);
    expect(await one(`SELECT count(*) FROM eval_template`)).toBe(before);
  });

  it('lets only managers set up (a teacher reads the permission message, logged); a 30-character name and weights of exactly 100 pass', async () => {
    const denied = await call(path.templates, { token: t.teacher, json: body() });
    expect([denied.status, denied.body.msg]).toEqual([403, zh.evaluations.errors.forbidden]);
    expect(Number(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'evaluation.template.create' AND result = 'failure' AND account = 'teacher'`))).toBeGreaterThan(0);
    const edge = await call<EvalTemplate>(path.templates, { token: t.admin, json: body({ name: `界${stamp}`.padEnd(30, '限') }) });
    expect(edge.status).toBe(200);
    expect(edge.body.data!.name).toHaveLength(30);
    const created = await call<EvalTemplate>(path.templates, { token: t.admin, json: body() });
    expect(created.status).toBe(200);
    template = created.body.data!;
    expect(template.themes[0]!.contents.map((c) => [c.name, c.maxScore, c.levels.length, c.evaluators.length])).toEqual([['诚信', 100, 3, 2], ['友善', 100, 3, 3]]);
    const again = await call(path.templates, { token: t.admin, json: body() });
    expect([again.status, again.body.msg]).toEqual([409, zh.evaluations.errors.templateNameUsed]);
  });

  it('answers the settings pickers the school years with their semesters, the current marked — managers only', async () => {
    const denied = await call(path.schoolYears, { token: t.teacher });
    expect([denied.status, denied.body.msg]).toEqual([403, zh.evaluations.errors.forbidden]);
    const years = (await call<EvalSchoolYear[]>(path.schoolYears, { token: t.admin })).body.data!;
    const current = years.filter((y) => y.current);
    expect(current.map((y) => y.id)).toEqual([ids.year]);
    expect(current[0]!.semesters.filter((s) => s.current).map((s) => s.id)).toEqual([ids.semester]);
    expect(years.flatMap((y) => y.semesters).filter((s) => s.current)).toHaveLength(1);
  });

  it('makes a round of the class; peers are named; the window is required in order', async () => {
    const bad = await call(path.rounds, { token: t.admin, json: { templateId: template.id, semesterId: ids.semester, name: `轮${stamp}`, classIds: [ids.class1], start: `${schoolDate(2)} 08:00`, end: `${schoolDate(1)} 08:00` } });
    expect([bad.status, bad.body.msg]).toEqual([400, zh.validation.evalWindowOrder]);
    // a semester of another school year than the template's: refused, nothing made
    const otherYear = (await call<EvalSchoolYear[]>(path.schoolYears, { token: t.admin })).body.data!.find((y) => y.id !== ids.year && y.semesters.length > 0)!;
    const crossed = await call(path.rounds, { token: t.admin, json: { templateId: template.id, semesterId: otherYear.semesters[0]!.id, name: `轮${stamp}`, classIds: [ids.class1], start: `${schoolDate(-1)} 00:00`, end: `${schoolDate(10)} 18:00` } });
    expect([crossed.status, crossed.body.msg]).toEqual([400, zh.evaluations.errors.templateOfOtherYear]);
    const made = await call<EvalRound>(path.rounds, { token: t.admin, json: { templateId: template.id, semesterId: ids.semester, name: `轮${stamp}`, classIds: [ids.class1], start: `${schoolDate(-1)} 00:00`, end: `${schoolDate(10)} 18:00` } });
    expect(made.status).toBe(200);
    round = made.body.data!;
    expect([round.phase, round.classList.map((c) => c.id)]).toEqual(['open', [ids.class1]]);
    expect(await one(`SELECT count(*) FROM eval_peer WHERE round_id = $1`, [round.id])).toBe(await one(`SELECT count(*) FROM student WHERE class_id = $1 AND status NOT IN ('transferred_out', 'graduated')`, [ids.class1]));
  });

  it("names the rounds' semester and classes in the reader's language: English where the base data has it, else Chinese", async () => {
    const [semesterZh, semesterEn] = [await one(`SELECT name FROM semester WHERE id = $1`, [ids.semester]), await one(`SELECT name_en FROM semester WHERE id = $1`, [ids.semester])];
    const [classZh, classEn] = [await one(`SELECT name FROM admin_class WHERE id = $1`, [ids.class1]), await one(`SELECT name_en FROM admin_class WHERE id = $1`, [ids.class1])];
    expect([semesterEn, classEn].every((n) => n !== '' && n !== semesterZh && n !== classZh)).toBe(true);
    const list = async (lang: 'zh' | 'en') => (await call<EvalRoundSummary[]>(`${path.rounds}?semesterId=${ids.semester}`, { token: t.admin, lang })).body.data!.find((r) => r.id === round.id)!.semesterName;
    expect([await list('zh'), await list('en')]).toEqual([semesterZh, semesterEn]);
    const named = async (lang: 'zh' | 'en') => {
      const r = (await call<EvalRound>(path.round(round.id), { token: t.admin, lang })).body.data!;
      return [r.semesterName, r.classList.map((c) => c.name)];
    };
    expect(await named('zh')).toEqual([semesterZh, [classZh]]);
    expect(await named('en')).toEqual([semesterEn, [classEn]]);
    const progress = await call<EvalProgress>(path.progress(round.id), { token: t.admin, lang: 'en' });
    expect([...new Set(progress.body.data!.rows.map((r) => r.className))]).toEqual([classEn]);
  });
});

describe('evaluation sheets', () => {
  it('gives a student only themself on the self sheet and refuses anyone else or a score above the top', async () => {
    const mine = await call<EvalMySheet[]>(path.mySheets, { token: t.student });
    expect(mine.body.data!.filter((s) => s.roundId === round.id).map((s) => s.evaluator).sort()).toEqual(['peer', 'self']);
    const sheet = await call<EvalSheet>(`${path.sheet(round.id, ids.class1)}?evaluator=self`, { token: t.student });
    expect(sheet.body.data!.rows.map((r) => r.studentId)).toEqual([ids.me]);
    expect(sheet.body.data!.contents.map((c) => c.name)).toEqual(['诚信']);
    const contentId = sheet.body.data!.contents[0]!.id;
    const saved = await call(`${path.sheet(round.id, ids.class1)}?evaluator=self`, { token: t.student, method: 'PUT', json: { cells: [{ studentId: ids.me, contentId, score: 80 }], comments: [{ studentId: ids.me, text: '我'.repeat(600) }] } });
    expect(saved.status).toBe(200);
    const other = await call(`${path.sheet(round.id, ids.class1)}?evaluator=self`, { token: t.student, method: 'PUT', json: { cells: [{ studentId: ids.other, contentId, score: 80 }] }, lang: 'en' });
    expect([other.status, other.body.msg]).toEqual([400, en.evaluations.errors.studentNotInSheet]);
    const high = await call(`${path.sheet(round.id, ids.class1)}?evaluator=self`, { token: t.student, method: 'PUT', json: { cells: [{ studentId: ids.me, contentId, score: 100.5 }] } });
    expect(high.status).toBe(400);
    const head = await call(`${path.sheet(round.id, ids.class1)}?evaluator=head`, { token: t.student });
    expect([head.status, head.body.msg]).toEqual([403, zh.evaluations.errors.notEvaluator]);
    expect(await one(`SELECT length(text) FROM eval_comment WHERE round_id = $1 AND student_id = $2`, [round.id, ids.me])).toBe('600');
  });

  it('gives the head teacher the whole class and the parent their child; the head teacher sees the class progress', async () => {
    const parent = await call<EvalSheet>(`${path.sheet(round.id, ids.class1)}?evaluator=parent`, { token: t.parent });
    expect(parent.body.data!.rows.map((r) => r.studentId)).toEqual([ids.me]);
    const sheet = await call<EvalSheet>(`${path.sheet(round.id, ids.class1)}?evaluator=head`, { token: t.headteacher });
    const rows = sheet.body.data!.rows;
    expect(rows.length).toBeGreaterThan(20);
    const [c1, c2] = sheet.body.data!.contents.map((c) => c.id) as [string, string];
    const cells = rows.flatMap((r) => [{ studentId: r.studentId, contentId: c1, score: 90.55 }, { studentId: r.studentId, contentId: c2, score: 70 }]);
    const saved = await call<{ filled: number; total: number }>(`${path.sheet(round.id, ids.class1)}?evaluator=head`, { token: t.headteacher, method: 'PUT', json: { cells, comments: [{ studentId: ids.me, text: '学习认真，'.repeat(100) }] } });
    expect([saved.status, saved.body.data!.filled, saved.body.data!.total]).toEqual([200, rows.length * 2, rows.length * 2]);
    // a whole class's term comments in one save (here ~400 KB: larger than a JSON body's usual 100 KB), then taken back
    const others = rows.filter((r) => r.studentId !== ids.me);
    const long = await call(`${path.sheet(round.id, ids.class1)}?evaluator=head`, { token: t.headteacher, method: 'PUT', json: { comments: others.map((r) => ({ studentId: r.studentId, text: '评语'.repeat(2_500) })) } });
    expect(long.status).toBe(200);
    expect((await call(`${path.sheet(round.id, ids.class1)}?evaluator=head`, { token: t.headteacher, method: 'PUT', json: { comments: others.map((r) => ({ studentId: r.studentId, text: null })) } })).status).toBe(200);
    const progress = await call<EvalProgress>(path.progress(round.id), { token: t.headteacher });
    expect(progress.body.data!.rows.find((r) => r.role === 'head')).toMatchObject({ classId: ids.class1, filled: rows.length * 2, total: rows.length * 2 });
    expect(progress.body.data!.rows.find((r) => r.role === 'self')).toMatchObject({ filled: 1, total: rows.length });
  });
});

describe('evaluation results', () => {
  const results = (token: string, lang?: 'en') => call<EvalResults>(`${path.results(round.id)}?classId=${ids.class1}`, { token, ...(lang ? { lang } : {}) });
  const setPrecision = (precision: number) => call<EvalTemplate>(path.template(template.id), { token: t.admin, method: 'PUT', json: body({ precision }) });

  it('weights the roles that gave a score and rounds to the precision: 87.385 reads 87, 87.4 and 87.39; the export alike', async () => {
    for (const [precision, value, level] of [[0, 87, '良好'], [1, 87.4, '良好'], [2, 87.39, '良好']] as const) {
      expect((await setPrecision(precision)).status).toBe(200);
      const r = (await results(t.headteacher)).body.data!;
      const me = r.rows.find((x) => x.studentId === ids.me)!;
      const [c1, c2] = r.contents.map((c) => c.id) as [string, string];
      // 诚信: self 80 × 30 + head 90.55 × 70 → 87.385; 友善: only the head teacher's 70 so far
      expect([r.precision, me.values[c1], me.levels[c1], me.values[c2]]).toEqual([precision, value, level, 70]);
      expect(me.comment).toHaveLength(500);
      const res = await fetch(`${baseUrl()}/server${path.export(round.id)}?classId=${ids.class1}`, { headers: { 'X-Access-Token': t.headteacher, 'X-Forwarded-For': randomIp() } });
      const book = XLSX.read(Buffer.from(await res.arrayBuffer()));
      const ws = book.Sheets[book.SheetNames[0]!]!;
      const line = (XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false }) as string[][]).find((l) => l[0] === '202511001')!;
      expect(line[2]).toBe(precision === 0 ? '87' : precision === 1 ? '87.4' : '87.39');
    }
    const dist = (await results(t.headteacher)).body.data!.distributions[0]!;
    expect(dist.levels.find((l) => l.name === '良好')!.count).toBeGreaterThan(0);
  });

  it('keeps a used template whole (its tree) and refuses its deletion; another class’s head teacher reads nothing', async () => {
    const changed = await call(path.template(template.id), { token: t.admin, method: 'PUT', json: body({ themes: [{ ...body().themes[0]!, name: '品德' }] }) });
    expect([changed.status, changed.body.msg]).toEqual([422, zh.evaluations.errors.templateInUse]);
    const gone = await call(path.template(template.id), { token: t.admin, method: 'DELETE' });
    expect([gone.status, gone.body.msg]).toEqual([422, zh.evaluations.errors.templateDeleteInUse]);
    const stranger = await results(t.teacher02, 'en');
    expect([stranger.status, stranger.body.msg]).toEqual([403, en.evaluations.errors.notYourClass]);
  });
});
