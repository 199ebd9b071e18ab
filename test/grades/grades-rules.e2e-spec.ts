import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type GradeSheet, gradesPath, type PublishedScore, type SheetSummary, type WorkflowCommandResult } from '@schoolflow/contracts';
import { rebuildProjections } from '../../apps/api/src/workflow/projections/rebuild-projections.js';
import { admin } from '../support/admin.js';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { countRows, idByKey, path, runTag, userIdOf } from '../resources/resource-support.js';

/**
 * Issue 10, "Bad input" and "Done when": every rule of the grades settings, of entry and of the confirmation flow,
 * through the API. Each refusal answers the envelope with the exact message in Chinese and in English and writes
 * nothing (row counts, scores and event streams before and after). The file shares the run's server, database and
 * demo school with every other file: what it makes is named with its own tag, what it can remove is removed, and it
 * counts deltas, never totals.
 */

type Body = Record<string, unknown>;
type Lang = 'zh' | 'en';
type SettingsResource = 'exam-nodes' | 'scales' | 'conversion-rules' | 'batches' | 'score-items';

interface Ctx {
  tag: string;
  semesterId: string;
  schoolYearId: string;
  math: string;
  chinese: string;
  english: string;
  /** The exam node of this file's batches (weight 0: it changes no exam-type total). */
  nodeId: string;
  /** A batch never opened, whose mathematics paper already has one item of weight 60 and full marks 60 (of 100). */
  itemBatchId: string;
  /** A level the school year already has (this file's). */
  takenLevel: string;
}
const ctx = {} as Ctx;
let token: string;

/** The tables a create of each settings resource writes (its children's too). */
const TABLES: Record<SettingsResource, string[]> = {
  'exam-nodes': ['grade_exam_node'],
  scales: ['grade_scale', 'grade_scale_rank'],
  'conversion-rules': ['grade_conversion_rule'],
  batches: ['grade_batch', 'grade_batch_course'],
  'score-items': ['grade_score_item'],
};
const rowsOf = (resource: SettingsResource): Promise<number[]> => Promise.all(TABLES[resource].map((t) => countRows(t)));

/** A valid body per resource, unique by `tag`. */
const BASE: Record<SettingsResource, (c: Ctx, tag: string) => Body> = {
  'exam-nodes': (_c, tag) => ({ code: `EN${tag}`, name: `节${tag}`, weight: 0 }),
  scales: (_c, tag) => ({
    name: `规则分制${tag}`,
    fullScore: 100,
    passLine: 60,
    excellentLine: 85,
    ranks: [
      { name: '优', convertedScore: 95, min: 85, max: 100 },
      { name: '良', convertedScore: 75, min: 60, max: 84.99 },
    ],
  }),
  'conversion-rules': (c, tag) => ({ schoolYearId: c.schoolYearId, level: `L${tag}`, lowest: 60, highest: 100, conversionScore: 80, colour: '#21BA45' }),
  batches: (c, tag) => ({
    name: `规则批次${tag}`,
    semesterId: c.semesterId,
    examNodeId: c.nodeId,
    grade: '10',
    start: '2026-11-02',
    end: '2026-11-06',
    courses: [
      { courseId: c.math, fullMarks: 100, weight: 60 },
      { courseId: c.chinese, fullMarks: 100, weight: 40 },
    ],
  }),
  'score-items': (c, tag) => ({ batchId: c.itemBatchId, courseId: c.math, name: `第2题${tag}`, fullMarks: 20, weight: 20 }),
};

interface SettingRule {
  rule: string;
  resource: SettingsResource;
  change: (c: Ctx) => Body;
  status?: 400 | 409;
  zh: string;
  en: string;
  field: string;
}

const SETTING_RULES: SettingRule[] = [
  // 考试节点: a name of at most 10 (Chinese) characters
  { rule: 'exam node name of 11 characters', resource: 'exam-nodes', change: () => ({ name: '一二三四五六七八九十一' }), zh: '节点名称不能超过10个字符', en: 'Name must be at most 10 characters', field: 'name' },
  // 评分体系: the pass line not above the score system; a rank's min not above its max, nor above the system
  { rule: 'scale pass line above its score system', resource: 'scales', change: () => ({ fullScore: 100, passLine: 100.5 }), zh: '及格线不能高于分制', en: 'The pass line cannot be above the score system', field: 'passLine' },
  {
    rule: 'scale rank whose minimum is above its maximum',
    resource: 'scales',
    change: () => ({ ranks: [{ name: '优', convertedScore: 95, min: 95, max: 90 }] }),
    zh: '等级的最低分不能高于最高分，且不能超过分制',
    en: "A rank's minimum cannot be above its maximum, nor above the score system",
    field: 'ranks',
  },
  {
    rule: 'scale rank above its score system',
    resource: 'scales',
    change: () => ({ ranks: [{ name: '优', convertedScore: 95, min: 85, max: 100.5 }] }),
    zh: '等级的最低分不能高于最高分，且不能超过分制',
    en: "A rank's minimum cannot be above its maximum, nor above the score system",
    field: 'ranks',
  },
  // 学年换算规则: integers 0–200, the highest not below the lowest, the conversion score between them, one level once a year
  { rule: 'conversion rule lowest -1', resource: 'conversion-rules', change: () => ({ lowest: -1 }), zh: '最低分须为 0 到 200 的整数', en: 'Lowest score must be a whole number from 0 to 200', field: 'lowest' },
  { rule: 'conversion rule highest 201', resource: 'conversion-rules', change: () => ({ highest: 201 }), zh: '最高分须为 0 到 200 的整数', en: 'Highest score must be a whole number from 0 to 200', field: 'highest' },
  { rule: 'conversion rule conversion score 201', resource: 'conversion-rules', change: () => ({ conversionScore: 201 }), zh: '换算分须为 0 到 200 的整数', en: 'Conversion score must be a whole number from 0 to 200', field: 'conversionScore' },
  { rule: 'conversion rule lowest 60.5 (not an integer)', resource: 'conversion-rules', change: () => ({ lowest: 60.5 }), zh: '最低分须为 0 到 200 的整数', en: 'Lowest score must be a whole number from 0 to 200', field: 'lowest' },
  { rule: 'conversion rule highest 79.5 (not an integer)', resource: 'conversion-rules', change: () => ({ highest: 79.5 }), zh: '最高分须为 0 到 200 的整数', en: 'Highest score must be a whole number from 0 to 200', field: 'highest' },
  { rule: 'conversion rule highest below lowest', resource: 'conversion-rules', change: () => ({ lowest: 90, highest: 80, conversionScore: 85 }), zh: '最高分不能低于最低分', en: 'The highest score cannot be below the lowest', field: 'highest' },
  { rule: 'conversion score below the lowest', resource: 'conversion-rules', change: () => ({ conversionScore: 59 }), zh: '换算分须在最低分与最高分之间', en: 'The conversion score lies between the lowest and the highest score', field: 'conversionScore' },
  { rule: 'conversion score above the highest', resource: 'conversion-rules', change: () => ({ conversionScore: 101 }), zh: '换算分须在最低分与最高分之间', en: 'The conversion score lies between the lowest and the highest score', field: 'conversionScore' },
  { rule: 'conversion rule level the school year already has', resource: 'conversion-rules', change: (c) => ({ level: c.takenLevel }), status: 409, zh: '该学年已有此等级', en: 'This school year already has this level', field: 'level' },
  // 成绩录入批次: the end not before the start, at least one course, each once, course weights at most 100
  { rule: 'batch ending before it starts', resource: 'batches', change: () => ({ end: '2026-11-01' }), zh: '结束时间不能早于开始时间', en: 'The end cannot be before the start', field: 'end' },
  { rule: 'batch without a course', resource: 'batches', change: () => ({ courses: [] }), zh: '请至少选择一门课程', en: 'Choose at least one course', field: 'courses' },
  {
    rule: 'batch with a course twice',
    resource: 'batches',
    change: (c) => ({ courses: [{ courseId: c.math, fullMarks: 100, weight: 50 }, { courseId: c.math, fullMarks: 120, weight: 50 }] }),
    zh: '课程不能重复',
    en: 'A course is listed twice',
    field: 'courses',
  },
  {
    rule: 'batch course weights 60 + 41',
    resource: 'batches',
    change: (c) => ({ courses: [{ courseId: c.math, fullMarks: 100, weight: 60 }, { courseId: c.chinese, fullMarks: 100, weight: 41 }] }),
    zh: '同一年级的课程权重合计不能超过100',
    en: 'Course weights within one grade total at most 100',
    field: 'courses',
  },
  // 小分设置 (the database's checks): a paper's weights at most 100, its items' full marks at most the course's, a course of the batch
  { rule: 'score item weights 60 + 41 on one paper', resource: 'score-items', change: () => ({ weight: 41 }), zh: '同一试卷的小分权重合计不能超过100', en: "The weights of one paper's score items total at most 100", field: 'weight' },
  {
    rule: 'score items full marks 60 + 41 above the course’s 100',
    resource: 'score-items',
    change: () => ({ fullMarks: 41, weight: 0 }),
    zh: '小分满分合计不能超过该课程的满分',
    en: "The score items' full marks total at most the course's full marks",
    field: 'fullMarks',
  },
  { rule: 'score item of a course the batch does not examine', resource: 'score-items', change: (c) => ({ courseId: c.english }), zh: '该课程不在此批次中', en: 'This course is not examined in the batch', field: 'courseId' },
];

/** Values just inside each rule: accepted (then removed), so each refusal above is its rule's and not the base body's. */
const SETTINGS_INSIDE: { rule: string; resource: SettingsResource; change: (c: Ctx, tag: string) => Body }[] = [
  { rule: 'exam node name of 10 characters', resource: 'exam-nodes', change: (_c, tag) => ({ name: `十${tag}X` }) },
  { rule: 'scale pass and excellent lines on the score system, a rank of one score', resource: 'scales', change: () => ({ passLine: 100, excellentLine: 100, ranks: [{ name: '满', convertedScore: 100, min: 100, max: 100 }] }) },
  { rule: 'conversion rule 0–200 converting to its lowest', resource: 'conversion-rules', change: () => ({ lowest: 0, highest: 200, conversionScore: 0 }) },
  { rule: 'conversion rule of one score converting to it', resource: 'conversion-rules', change: () => ({ lowest: 200, highest: 200, conversionScore: 200 }) },
  { rule: 'batch ending the day it starts, course weights 100 in all', resource: 'batches', change: () => ({ end: '2026-11-02' }) },
  { rule: 'score items 60 + 40 in weight and in full marks', resource: 'score-items', change: () => ({ weight: 40, fullMarks: 40 }) },
];

function settingBody(resource: SettingsResource, change: Body, tag = ctx.tag): Body {
  return { ...BASE[resource](ctx, tag), ...change };
}

/** The envelope of a refusal: status and code alike, result false, the exact message. */
function expectRefusal(res: CallResult<unknown>, status: number, msg: string): void {
  expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg }).toEqual({ status, code: status, result: false, msg });
}

async function create(resource: SettingsResource, body: Body): Promise<string> {
  const res = await call<{ id: string }>(path(resource), { token, json: body });
  if (res.status !== 200 || !res.body.data) throw new Error(`${resource}: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

async function remove(resource: SettingsResource, id: string): Promise<void> {
  const res = await call(path(resource, id), { method: 'DELETE', token });
  expect([resource, res.status, res.body.msg]).toEqual([resource, 200, '删除成功']);
}

const sql = <T = Record<string, unknown>>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);

/** What this file made and removes at the end (in this order). */
const made: { resource: SettingsResource; id: string }[] = [];

beforeAll(async () => {
  token = await admin();
  ctx.tag = runTag();
  ctx.semesterId = await idByKey(token, 'semesters', 'code', '2026-1');
  ctx.schoolYearId = await idByKey(token, 'school-years', 'code', '2026');
  ctx.math = await idByKey(token, 'courses', 'code', 'MATH');
  ctx.chinese = await idByKey(token, 'courses', 'code', 'CHN');
  ctx.english = await idByKey(token, 'courses', 'code', 'ENG');
  ctx.nodeId = await create('exam-nodes', { code: `GN${ctx.tag}`, name: `规${ctx.tag}`, englishName: `Rules ${ctx.tag}`, weight: 0 });
});

afterAll(async () => {
  for (const { resource, id } of made.reverse()) {
    if (resource === 'scales') {
      // a scale with ranks cannot be deleted: its ranks go first
      const cur = (await call<Body>(path('scales', id), { token })).body.data;
      if (cur) await call(path('scales', id), { method: 'PUT', token, json: { ...cur, ranks: [] } });
    }
    await call(path(resource, id), { method: 'DELETE', token });
  }
});

describe('grade settings: each rule refused in zh and en with its message and field, nothing written', () => {
  beforeAll(async () => {
    ctx.itemBatchId = await create('batches', { ...BASE.batches(ctx, `${ctx.tag}S`) });
    made.push({ resource: 'batches', id: ctx.itemBatchId });
    made.push({ resource: 'score-items', id: await create('score-items', { batchId: ctx.itemBatchId, courseId: ctx.math, name: `第1题${ctx.tag}`, fullMarks: 60, weight: 60 }) });
    ctx.takenLevel = `D${ctx.tag}`;
    made.push({ resource: 'conversion-rules', id: await create('conversion-rules', settingBody('conversion-rules', { level: ctx.takenLevel })) });
  });

  const cases = SETTING_RULES.flatMap((r) => (['zh', 'en'] as const).map((lang) => [`${r.rule} (${lang})`, r, lang] as const));
  it.each(cases)('%s', async (_name, r, lang: Lang) => {
    const before = await rowsOf(r.resource);
    const res = await call<{ field: string }>(path(r.resource), { token, json: settingBody(r.resource, r.change(ctx)), lang });
    const status = r.status ?? 400;
    expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg, field: res.body.data?.field }).toEqual({
      status,
      code: status,
      result: false,
      msg: r[lang],
      field: r.field,
    });
    expect(await rowsOf(r.resource)).toEqual(before);
  });

  it.each(SETTINGS_INSIDE.map((r) => [r.rule, r] as const))('just inside: %s is accepted', async (_name, r) => {
    const tag = runTag();
    const res = await call<{ id: string }>(path(r.resource), { token, json: settingBody(r.resource, r.change(ctx, tag), tag) });
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '新增成功' });
    const id = res.body.data?.id as string;
    if (r.resource === 'scales') {
      made.push({ resource: 'scales', id });
      return;
    }
    await remove(r.resource, id);
  });

  it('exam-type weights above 100 in all: of 60 + 50 the second is refused (zh, en) and the total stays as it was', async () => {
    const total = async () => Number((await sql<{ n: string }>(`SELECT coalesce(sum(weight), 0) AS n FROM grade_exam_node WHERE enabled`))[0]?.n);
    const found = await total();
    const room = 100 - found;
    // 60, or what room is left when other nodes already weigh more than 40: either way 50 more passes 100
    const first = Math.min(60, room);
    const a = await create('exam-nodes', { code: `EWA${ctx.tag}`, name: `权A${ctx.tag}`, weight: first });
    try {
      const before = await rowsOf('exam-nodes');
      for (const [lang, msg] of [['zh', '考试类型权重合计不能超过100'], ['en', 'Exam-type weights total at most 100']] as const) {
        const res = await call<{ field: string }>(path('exam-nodes'), { token, lang, json: { code: `EWB${ctx.tag}`, name: `权B${ctx.tag}`, weight: 50 } });
        expectRefusal(res, 400, msg);
        expect(res.body.data?.field).toBe('weight');
      }
      expect(await rowsOf('exam-nodes')).toEqual(before);
      expect(await total()).toBe(found + first);
      // just inside: the room that is left, to exactly 100; one more on a save is refused the same way
      const b = await create('exam-nodes', { code: `EWB${ctx.tag}`, name: `权B${ctx.tag}`, weight: room - first });
      expect(await total()).toBe(100);
      const cur = (await call<Body>(path('exam-nodes', b), { token })).body.data as Body;
      expectRefusal(await call(path('exam-nodes', b), { method: 'PUT', token, json: { ...cur, weight: room - first + 1 } }), 400, '考试类型权重合计不能超过100');
      expect(await total()).toBe(100);
      await remove('exam-nodes', b);
    } finally {
      await remove('exam-nodes', a);
    }
    expect(await total()).toBe(found);
  });

  it('a scale with ranks cannot be deleted (409, zh and en): scale and ranks stay; without its ranks it can', async () => {
    const id = await create('scales', settingBody('scales', {}));
    made.push({ resource: 'scales', id });
    const before = await Promise.all([countRows('grade_scale', 'id = $1', [id]), countRows('grade_scale_rank', 'scale_id = $1', [id])]);
    expect(before).toEqual([1, 2]);
    expectRefusal(await call(path('scales', id), { method: 'DELETE', token }), 409, '该评分体系已有等级，不能删除');
    expectRefusal(await call(path('scales', id), { method: 'DELETE', token, lang: 'en' }), 409, 'This grade scale has ranks and cannot be deleted');
    expect(await Promise.all([countRows('grade_scale', 'id = $1', [id]), countRows('grade_scale_rank', 'scale_id = $1', [id])])).toEqual(before);
    const cur = (await call<Body>(path('scales', id), { token })).body.data as Body;
    expect((await call(path('scales', id), { method: 'PUT', token, json: { ...cur, ranks: [] } })).status).toBe(200);
    await remove('scales', id);
    made.pop();
  });
});

/** The sheets of the batch this story opens, as its overview answers them. */
interface Story {
  batchId: string;
  batchName: string;
  sheets: SheetSummary[];
  /** 高一(1)班 mathematics, the demo `teacher`'s. */
  mine: SheetSummary;
  tokens: Record<string, string>;
  teacherId: string;
  studentId: string;
  studentUserId: string;
  parentUserId: string;
  otherStudentId: string;
  /** Scores typed into the teacher's sheet, by student. */
  typed: Map<string, { score: number | null; mark: string | null }>;
}
const story = {} as Story;

const sheetPath = (s: Pick<SheetSummary, 'classId' | 'courseId'>): string => gradesPath.sheet(story.batchId, s.classId, s.courseId);
const events = (instanceId: string): string => `/api/workflows/grade-confirmation/${instanceId}/events`;
const act = (tok: string, instanceId: string, body: Body, lang: Lang = 'zh') => call<WorkflowCommandResult>(events(instanceId), { token: tok, json: body, lang });
const readSheet = async (tok: string, s: Pick<SheetSummary, 'classId' | 'courseId'> = story.mine): Promise<GradeSheet> => {
  const res = await call<GradeSheet>(sheetPath(s), { token: tok });
  expect(res.status).toBe(200);
  return res.body.data as GradeSheet;
};
const save = (tok: string, scores: Body[], lang: Lang = 'zh', s: Pick<SheetSummary, 'classId' | 'courseId'> = story.mine) => call<{ saved: number }>(sheetPath(s), { method: 'PUT', token: tok, json: { scores }, lang });

/** Every score of the batch as text, in a fixed order: what a refused save must leave as it was. */
const scoresOfBatch = async (): Promise<string[]> =>
  (await sql<{ r: string }>(`SELECT concat_ws('|', class_id, course_id, student_id, score::text, mark, items::text) AS r FROM grade_score WHERE batch_id = $1 ORDER BY course_id, student_id`, [story.batchId])).map((r) => r.r);
const streamLength = (instanceId: string): Promise<number> => countRows('events', 'stream_id = $1', [`grade-confirmation-${instanceId}`]);
const deniedLogs = (account: string, instanceId: string): Promise<number> =>
  countRows('sys_operation_log', `account = $1 AND action = 'access.denied' AND result = 'denied' AND target = $2 AND detail->>'reason' = 'grades.errors.notYourSheet'`, [account, `PUT grades/sheets/${instanceId}`]);
const instancesOfBatch = async (): Promise<string[]> =>
  (await sql<{ r: string }>(`SELECT (i.*)::text AS r FROM wf_instance i JOIN grade_sheet s ON s.instance_id = i.id WHERE s.batch_id = $1 ORDER BY i.id`, [story.batchId])).map((r) => r.r);
const tasksOfBatch = async (): Promise<string[]> =>
  (await sql<{ r: string }>(`SELECT (t.*)::text AS r FROM wf_task t JOIN grade_sheet s ON s.instance_id = t.instance_id WHERE s.batch_id = $1 ORDER BY t.instance_id, t.assignee_id`, [story.batchId])).map((r) => r.r);
const publishedMessages = (where = 'true', args: unknown[] = []): Promise<number> =>
  countRows('message', `source_key LIKE $1 AND title_key = 'messages.gradesPublished.title' AND ${where}`, [`grades-published:${story.batchId}:%`, ...args]);

/** The sign-in of a sheet's teacher (demo teachers share the demo password). */
async function tokenOf(userId: string): Promise<string> {
  const [row] = await sql<{ account: string }>(`SELECT account FROM sys_user WHERE id = $1`, [userId]);
  const account = row?.account as string;
  story.tokens[account] ??= await login(account);
  return story.tokens[account];
}

/** The whole sheet filled by its teacher, submitted, and passed by the office. */
async function passSheet(s: SheetSummary): Promise<void> {
  const tok = await tokenOf(s.teacherId);
  const sheet = await readSheet(tok, s);
  expect((await save(tok, sheet.rows.map((r, i) => ({ studentId: r.studentId, score: 60 + (i % 40) })), 'zh', s)).status).toBe(200);
  expect((await act(tok, s.instanceId, { type: 'SUBMIT' })).body.data?.state).toBe('review');
  expect((await act(story.tokens.office as string, s.instanceId, { type: 'APPROVE' })).body.data?.state).toBe('passed');
}

describe('entry and confirmation of a batch, through the API: every rule with its message (zh, en), nothing written', () => {
  beforeAll(async () => {
    story.tokens = {};
    for (const account of ['teacher', 'headteacher', 'office', 'student', 'jz202511001']) story.tokens[account] = await login(account);
    story.teacherId = await userIdOf('teacher');
    story.studentUserId = await userIdOf('student');
    story.parentUserId = await userIdOf('jz202511001');
    const students = await sql<{ id: string; no: string }>(`SELECT id, student_no AS no FROM student WHERE student_no IN ('202511001', '202511002')`);
    story.studentId = students.find((s) => s.no === '202511001')?.id as string;
    story.otherStudentId = students.find((s) => s.no === '202511002')?.id as string;
    story.batchName = `期中${ctx.tag}`;
    story.batchId = await create('batches', {
      name: story.batchName,
      semesterId: ctx.semesterId,
      examNodeId: ctx.nodeId,
      grade: '10',
      start: '2026-11-09',
      end: '2026-11-13',
      courses: [
        { courseId: ctx.math, fullMarks: 150, weight: 50 },
        { courseId: ctx.chinese, fullMarks: 120, weight: 50 },
      ],
    });
    story.typed = new Map();
  });

  it('opening the batch starts one grade-confirmation per (class, course), each assigned to its teacher; opening twice is refused and writes nothing', async () => {
    const expected = await sql<{ classId: string }>(`SELECT id AS "classId" FROM admin_class WHERE grade::text = '10' AND in_school`);
    const sheets = expected.length * 2;
    const instancesBefore = await countRows('wf_instance', `flow = 'grade-confirmation'`);
    const open = await call<{ sheets: number }>(gradesPath.open(story.batchId), { method: 'POST', token });
    expect({ status: open.status, msg: open.body.msg, data: open.body.data }).toEqual({ status: 200, msg: `已开始录入，共 ${sheets} 张成绩单`, data: { sheets } });
    expect(await countRows('wf_instance', `flow = 'grade-confirmation'`)).toBe(instancesBefore + sheets);

    const overview = await call<SheetSummary[]>(gradesPath.sheets(story.batchId), { token });
    story.sheets = overview.body.data as SheetSummary[];
    expect(story.sheets).toHaveLength(sheets);
    expect(new Set(story.sheets.map((s) => `${s.classId}:${s.courseId}`)).size).toBe(sheets);
    for (const s of story.sheets) expect(s).toMatchObject({ batchId: story.batchId, state: 'entering.draft', review: 'unreviewed', entered: 0 });
    // the demo teacher teaches mathematics to 高一(1)班
    story.mine = story.sheets.find((s) => s.className === '高一(1)班' && s.courseId === ctx.math) as SheetSummary;
    expect(story.mine).toMatchObject({ teacherId: story.teacherId, courseName: '数学', total: 30 });

    // each instance: its teacher the applicant and its only assignee, bound to its sheet row
    const rows = await sql<{ teacher: string; applicant: string; assignees: string[]; state: string }>(
      `SELECT s.teacher_id AS teacher, i.applicant_id AS applicant, i.assignees, i.state FROM grade_sheet s JOIN wf_instance i ON i.id = s.instance_id WHERE s.batch_id = $1`,
      [story.batchId],
    );
    expect(rows).toHaveLength(sheets);
    for (const r of rows) expect(r).toEqual({ teacher: r.teacher, applicant: r.teacher, assignees: [r.teacher], state: 'entering.draft' });

    const before = [await countRows('grade_sheet', 'batch_id = $1', [story.batchId]), await countRows('wf_instance', `flow = 'grade-confirmation'`)];
    expectRefusal(await call(gradesPath.open(story.batchId), { method: 'POST', token }), 422, '该批次已开始录入');
    expectRefusal(await call(gradesPath.open(story.batchId), { method: 'POST', token, lang: 'en' }), 422, 'Entry of this batch has already begun');
    expect([await countRows('grade_sheet', 'batch_id = $1', [story.batchId]), await countRows('wf_instance', `flow = 'grade-confirmation'`)]).toEqual(before);
  });

  it('each sheet appears in its teacher’s 成绩录入 (my-sheets), and only there', async () => {
    for (const s of story.sheets) {
      const mine = await call<SheetSummary[]>(gradesPath.mySheets, { token: await tokenOf(s.teacherId) });
      const ofBatch = (mine.body.data ?? []).filter((m) => m.batchId === story.batchId);
      expect(ofBatch).toContainEqual(expect.objectContaining({ classId: s.classId, courseId: s.courseId, instanceId: s.instanceId, teacherId: s.teacherId }));
      expect(ofBatch.every((m) => m.teacherId === s.teacherId)).toBe(true);
    }
    const teachers = (await call<SheetSummary[]>(gradesPath.mySheets, { token: story.tokens.teacher })).body.data ?? [];
    expect(teachers.filter((m) => m.batchId === story.batchId).map((m) => m.instanceId)).toEqual(story.sheets.filter((s) => s.teacherId === story.teacherId).map((s) => s.instanceId));
    const sheet = await readSheet(story.tokens.teacher as string);
    expect(sheet).toMatchObject({ state: 'entering.draft', editable: true, mine: true, fullMarks: 150, rejection: null, teacher: { id: story.teacherId } });
    expect(sheet.rows).toHaveLength(30);
  });

  it('a score above full marks, negative or with three decimals, or a student not on the sheet: 400 naming the row, nothing written', async () => {
    const ids = (await readSheet(story.tokens.teacher as string)).rows.map((r) => r.studentId);
    const stranger = '00000000-0000-4000-8000-000000000001';
    const BAD: { rule: string; scores: Body[]; row: number; zh: string; en: string }[] = [
      { rule: 'above full marks', scores: [{ studentId: ids[0], score: 90 }, { studentId: ids[1], score: 150.01 }], row: 2, zh: '成绩须在 0 到 150 之间', en: 'A score lies between 0 and 150' },
      { rule: 'negative', scores: [{ studentId: ids[0], score: -0.5 }], row: 1, zh: '成绩须在 0 到 150 之间', en: 'A score lies between 0 and 150' },
      { rule: 'three decimals', scores: [{ studentId: ids[0], score: 80 }, { studentId: ids[1], mark: 'absent' }, { studentId: ids[2], score: 80.125 }], row: 3, zh: '成绩最多保留两位小数', en: 'A score has at most two decimals' },
      { rule: 'a student not on the sheet', scores: [{ studentId: ids[0], score: 80 }, { studentId: stranger, score: 80 }], row: 2, zh: '该学生不在此成绩单中', en: 'This student is not on the sheet' },
    ];
    const before = await scoresOfBatch();
    for (const bad of BAD) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await save(story.tokens.teacher as string, bad.scores, lang);
        expectRefusal(res, 400, bad[lang]);
        expect([bad.rule, res.body.data]).toEqual([bad.rule, { row: bad.row, studentId: bad.scores[bad.row - 1]?.studentId }]);
      }
    }
    expect(await scoresOfBatch()).toEqual(before);
    // the same rows just inside: full marks, zero, two decimals
    expect((await save(story.tokens.teacher as string, [{ studentId: ids[0], score: 150 }, { studentId: ids[1], score: 0 }, { studentId: ids[2], score: 80.25 }])).body).toMatchObject({ code: 200, msg: '已保存', data: { saved: 3 } });
  });

  it('another teacher saving the sheet: 403 (zh, en), logged as access.denied, nothing written', async () => {
    const ids = (await readSheet(story.tokens.teacher as string)).rows.map((r) => r.studentId);
    const before = await scoresOfBatch();
    const logs = await deniedLogs('headteacher', story.mine.instanceId);
    expectRefusal(await save(story.tokens.headteacher as string, [{ studentId: ids[0], score: 1 }]), 403, '只能录入自己任教的成绩单');
    expectRefusal(await save(story.tokens.headteacher as string, [{ studentId: ids[0], score: 1 }], 'en'), 403, 'You may enter only the sheets of your own teaching');
    expect(await deniedLogs('headteacher', story.mine.instanceId)).toBe(logs + 2);
    expect(await scoresOfBatch()).toEqual(before);
  });

  it('submitting with empty rows: 422 sheetIncomplete (zh, en), the sheet stays with its teacher', async () => {
    const length = await streamLength(story.mine.instanceId);
    expectRefusal(await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' }), 422, '还有学生未录入成绩：缺考或免考请标记后再提交');
    expectRefusal(await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' }, 'en'), 422, 'Some students have no score yet: mark them absent or exempt, then submit');
    expect(await streamLength(story.mine.instanceId)).toBe(length);
    expect((await readSheet(story.tokens.teacher as string)).state).toBe('entering.draft');
  });

  it('a full sheet is submitted; then a save is refused 422 sheetLocked (zh, en) and nothing changes', async () => {
    const rows = (await readSheet(story.tokens.teacher as string)).rows;
    const scores = rows.map((r, i) => (i === 1 ? { studentId: r.studentId, mark: 'absent' } : i === 2 ? { studentId: r.studentId, mark: 'exempt' } : { studentId: r.studentId, score: 100 + (i % 50) + 0.5 }));
    for (const s of scores) story.typed.set(s.studentId, { score: (s as { score?: number }).score ?? null, mark: (s as { mark?: string }).mark ?? null });
    expect((await save(story.tokens.teacher as string, scores)).body.data).toEqual({ saved: 30 });
    const submitted = await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' });
    expect(submitted.body.data?.state).toBe('review');
    expect(await readSheet(story.tokens.teacher as string)).toMatchObject({ state: 'review', editable: false, mine: false });

    const before = await scoresOfBatch();
    expectRefusal(await save(story.tokens.teacher as string, [{ studentId: rows[0]?.studentId, score: 1 }]), 422, '成绩单已提交或已通过审核，不能修改');
    expectRefusal(await save(story.tokens.teacher as string, [{ studentId: rows[0]?.studentId, score: 1 }], 'en'), 422, 'The sheet has been submitted or passed and cannot be changed');
    expect(await scoresOfBatch()).toEqual(before);
  });

  it('a rejection without a reason is refused 422 (zh, en); with one the sheet is editable again and shows the reason', async () => {
    const length = await streamLength(story.mine.instanceId);
    expectRefusal(await act(story.tokens.office as string, story.mine.instanceId, { type: 'REJECT' }), 422, '驳回时必须填写理由');
    expectRefusal(await act(story.tokens.office as string, story.mine.instanceId, { type: 'REJECT' }, 'en'), 422, 'A rejection needs a reason');
    expect(await streamLength(story.mine.instanceId)).toBe(length);

    const rejected = await act(story.tokens.office as string, story.mine.instanceId, { type: 'REJECT', comment: '第1名学生分数有误，请核对' });
    expect(rejected.body.data?.state).toBe('entering.returned');
    expect(await readSheet(story.tokens.teacher as string)).toMatchObject({ state: 'entering.returned', editable: true, mine: true, rejection: '第1名学生分数有误，请核对' });
    const [{ review }] = ((await call<SheetSummary[]>(gradesPath.sheets(story.batchId), { token })).body.data ?? []).filter((s) => s.instanceId === story.mine.instanceId) as [SheetSummary];
    expect(review).toBe('rejected');
    // the teacher corrects it
    story.typed.set(story.studentId, { score: 121.5, mark: null });
    expect((await save(story.tokens.teacher as string, [{ studentId: story.studentId, score: 121.5 }])).body.data).toEqual({ saved: 1 });
  });

  it('the teacher takes a submitted sheet back (WITHDRAW): editable again; submitted anew, the office passes it and it is locked', async () => {
    expect((await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' })).body.data?.state).toBe('review');
    expect((await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'WITHDRAW' })).body.data?.state).toBe('entering.draft');
    expect(await readSheet(story.tokens.teacher as string)).toMatchObject({ state: 'entering.draft', editable: true, mine: true, rejection: null });
    expect((await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' })).body.data?.state).toBe('review');
    // the teacher never passes their own sheet
    const length = await streamLength(story.mine.instanceId);
    expect((await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'APPROVE' })).status).toBe(403);
    expect(await streamLength(story.mine.instanceId)).toBe(length);
    expect((await act(story.tokens.office as string, story.mine.instanceId, { type: 'APPROVE', comment: '已核对' })).body.data?.state).toBe('passed');
    expect(await readSheet(story.tokens.teacher as string)).toMatchObject({ state: 'passed', editable: false, mine: false });
    const before = await scoresOfBatch();
    expectRefusal(await save(story.tokens.teacher as string, [{ studentId: story.studentId, score: 1 }]), 422, '成绩单已提交或已通过审核，不能修改');
    expectRefusal(await save(story.tokens.teacher as string, [{ studentId: story.studentId, score: 1 }], 'en'), 422, 'The sheet has been submitted or passed and cannot be changed');
    // a passed sheet refuses a second submission with the same word
    expectRefusal(await act(story.tokens.teacher as string, story.mine.instanceId, { type: 'SUBMIT' }), 422, '成绩单已提交或已通过审核，不能修改');
    expect(await scoresOfBatch()).toEqual(before);
  });

  it('a user’s start of a grade-confirmation is refused 422 workflow.startedByEngine (zh, en), nothing started', async () => {
    const before = await countRows('wf_instance', `flow = 'grade-confirmation'`);
    expectRefusal(await call('/api/workflows/grade-confirmation', { token: story.tokens.teacher, json: {} }), 422, '此流程由系统自动发起，不能手动申请');
    expectRefusal(await call('/api/workflows/grade-confirmation', { token, json: { batchId: story.batchId }, lang: 'en' }), 422, 'This flow is started by the system, not by hand');
    expect(await countRows('wf_instance', `flow = 'grade-confirmation'`)).toBe(before);
  });

  it('an opened batch keeps its grade and courses (422 batchOpenedLocked, zh and en) and no score item is added to it; its name may still change', async () => {
    const cur = (await call<Body>(path('batches', story.batchId), { token })).body.data as Body;
    const courses = cur.courses as Body[];
    const before = [await countRows('grade_batch_course', 'batch_id = $1', [story.batchId]), await countRows('grade_score_item', 'batch_id = $1', [story.batchId])];
    expectRefusal(await call(path('batches', story.batchId), { method: 'PUT', token, json: { ...cur, grade: '11' } }), 422, '该批次已开始录入，不能再修改学期、考试节点、年级和考试课程');
    expectRefusal(
      await call(path('batches', story.batchId), { method: 'PUT', token, lang: 'en', json: { ...cur, courses: courses.slice(0, 1) } }),
      422,
      'Entry has begun: the semester, exam node, grade and courses can no longer change',
    );
    expectRefusal(
      await call(path('batches', story.batchId), { method: 'PUT', token, json: { ...cur, courses: [...courses, { courseId: ctx.english, fullMarks: 100, weight: 0 }] } }),
      422,
      '该批次已开始录入，不能再修改学期、考试节点、年级和考试课程',
    );
    for (const [lang, msg] of [['zh', '该批次已开始录入，不能再修改小分设置'], ['en', 'Entry of this batch has begun: its score items can no longer change']] as const) {
      const res = await call<{ field: string }>(path('score-items'), { token, lang, json: { batchId: story.batchId, courseId: ctx.math, name: `第1题${ctx.tag}`, fullMarks: 10, weight: 10 } });
      expectRefusal(res, 400, msg);
      expect(res.body.data?.field).toBe('batchId');
    }
    expect([await countRows('grade_batch_course', 'batch_id = $1', [story.batchId]), await countRows('grade_score_item', 'batch_id = $1', [story.batchId])]).toEqual(before);
    expect((await call<Body>(path('batches', story.batchId), { token })).body.data).toMatchObject({ grade: '10', courses });

    story.batchName = `期中考试${ctx.tag}`;
    const renamed = await call(path('batches', story.batchId), { method: 'PUT', token, json: { ...cur, name: story.batchName } });
    expect({ status: renamed.status, msg: renamed.body.msg }).toEqual({ status: 200, msg: '修改成功' });
    expect((await call<Body>(path('batches', story.batchId), { token })).body.data).toMatchObject({ name: story.batchName, grade: '10', opened: true });
  });

  it('publishing with sheets not passed: 422 listing them in data.sheets and the message (zh, en), nothing published, nobody told', async () => {
    const messages = await publishedMessages();
    for (const lang of ['zh', 'en'] as const) {
      const named = ((await call<SheetSummary[]>(gradesPath.sheets(story.batchId), { token, lang })).body.data ?? []).filter((s) => s.state !== 'passed');
      expect(named).toHaveLength(story.sheets.length - 1);
      const list = named.map((s) => `${s.className} ${s.courseName}`).join(lang === 'zh' ? '、' : ', ');
      const res = await call<{ sheets: { className: string; courseName: string; state: string }[] }>(gradesPath.publish(story.batchId), { method: 'POST', token, lang });
      expectRefusal(res, 422, lang === 'zh' ? `以下成绩单尚未通过审核：${list}` : `These sheets have not passed review: ${list}`);
      expect(res.body.data?.sheets).toEqual(named.map((s) => ({ className: s.className, courseName: s.courseName, state: s.state })));
    }
    expect(await countRows('grade_batch', 'id = $1 AND NOT published', [story.batchId])).toBe(1);
    expect(await publishedMessages()).toBe(messages);
  });

  it('before publishing, students see nothing of the batch', async () => {
    for (const account of ['student', 'jz202511001']) {
      const res = await call<PublishedScore[]>(gradesPath.published, { token: story.tokens[account] });
      expect(res.status).toBe(200);
      expect((res.body.data ?? []).filter((p) => p.batchId === story.batchId)).toEqual([]);
    }
  });

  it('once every sheet has passed it is published; every student and parent is told once; a second publish is refused 422 (zh, en)', async () => {
    for (const s of story.sheets) if (s.instanceId !== story.mine.instanceId) await passSheet(s);
    const published = await call<{ told: number }>(gradesPath.publish(story.batchId), { method: 'POST', token });
    expect({ status: published.status, msg: published.body.msg }).toEqual({ status: 200, msg: '成绩已发布，已通知学生和家长' });
    const told = published.body.data?.told as number;
    expect(await publishedMessages()).toBe(told);
    expect(await publishedMessages('recipient_id = $2', [story.studentUserId])).toBe(1);
    expect(await publishedMessages('recipient_id = $2', [story.parentUserId])).toBe(1);
    // every student of the batch with an account, and every guardian with one, once per student
    const audience = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT st.user_id, st.id FROM student st WHERE st.user_id IS NOT NULL AND st.id IN (SELECT student_id FROM grade_score WHERE batch_id = $1)
         UNION SELECT g.user_id, st.id FROM student st JOIN guardian g ON g.student_id = st.id WHERE g.user_id IS NOT NULL AND st.id IN (SELECT student_id FROM grade_score WHERE batch_id = $1)) a`,
      [story.batchId],
    );
    expect(told).toBe(audience[0]?.n);
    expect(told).toBeGreaterThanOrEqual(story.sheets.length / 2 * 30);

    expectRefusal(await call(gradesPath.publish(story.batchId), { method: 'POST', token }), 422, '该批次已发布');
    expectRefusal(await call(gradesPath.publish(story.batchId), { method: 'POST', token, lang: 'en' }), 422, 'The batch is already published');
    expect(await publishedMessages()).toBe(told);
  });

  it('the student and their parent read the published scores as typed; another student’s are refused 403 (zh, en)', async () => {
    const chinese = story.sheets.find((s) => s.classId === story.mine.classId && s.courseId === ctx.chinese) as SheetSummary;
    const chineseRow = (await readSheet(token, chinese)).rows.find((r) => r.studentId === story.studentId);
    const expected = [
      { courseId: ctx.math, score: story.typed.get(story.studentId)?.score, mark: null, fullMarks: 150 },
      { courseId: ctx.chinese, score: chineseRow?.score, mark: null, fullMarks: 120 },
    ];
    for (const account of ['student', 'jz202511001']) {
      const res = await call<PublishedScore[]>(gradesPath.published, { token: story.tokens[account] });
      const ofBatch = (res.body.data ?? []).filter((p) => p.batchId === story.batchId);
      expect([account, ofBatch.map((p) => ({ courseId: p.courseId, score: p.score, mark: p.mark, fullMarks: p.fullMarks }))]).toEqual([account, expected]);
      expect(ofBatch.every((p) => p.batchName === story.batchName && p.semesterId === ctx.semesterId)).toBe(true);
    }
    const own = await call<PublishedScore[]>(`${gradesPath.published}?studentId=${story.studentId}`, { token: story.tokens.student });
    expect(own.status).toBe(200);
    const logs = await countRows('sys_operation_log', `account = 'student' AND action = 'access.denied' AND target = $1`, [`GET grades/published?studentId=${story.otherStudentId}`]);
    expectRefusal(await call(`${gradesPath.published}?studentId=${story.otherStudentId}`, { token: story.tokens.student }), 403, '只能查看本人（或本人子女）的成绩');
    expectRefusal(await call(`${gradesPath.published}?studentId=${story.otherStudentId}`, { token: story.tokens['jz202511001'], lang: 'en' }), 403, "You may read only your own (or your child's) grades");
    expect(await countRows('sys_operation_log', `account = 'student' AND action = 'access.denied' AND target = $1`, [`GET grades/published?studentId=${story.otherStudentId}`])).toBe(logs + 1);
  });

  it('the projections rebuilt from the events equal the live read model of this batch’s instances (the teacher the applicant)', async () => {
    const live = { instances: await instancesOfBatch(), tasks: await tasksOfBatch() };
    expect(live.instances).toHaveLength(story.sheets.length);
    const applicants = await sql<{ applicant: string; teacher: string; state: string; review: string }>(
      `SELECT i.applicant_id AS applicant, s.teacher_id AS teacher, i.state, i.review_status AS review FROM grade_sheet s JOIN wf_instance i ON i.id = s.instance_id WHERE s.batch_id = $1`,
      [story.batchId],
    );
    for (const a of applicants) expect(a).toEqual({ applicant: a.teacher, teacher: a.teacher, state: 'passed', review: 'passed' });
    await withDb((c) => rebuildProjections(c));
    expect({ instances: await instancesOfBatch(), tasks: await tasksOfBatch() }).toEqual(live);
  });
});
