import { beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import type { SurveyInput, SurveyPaper, SurveySaved, SurveyStats, SurveyTextPage } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { schoolDate } from '../support/workflow.js';

/**
 * Questionnaire results end to end (issue 25, docs/product/questionnaires.md#results) on the worker's shared server:
 * a public questionnaire of six kinds answered four times through the answering API, whose statistics are checked to
 * the number; text answers searched and paged; the export read back; respondents by class and the class / grade
 * filter on an audience questionnaire answered by the demo student; the teaching-quality template answered per
 * teacher; and who may not see results.
 */
const tokens = {} as Record<'admin' | 'teacher' | 'student', string>;
const opts = (...labels: string[]) => labels.map((label) => ({ label }));
const window = () => ({ start: `${schoolDate(-1)} 00:00`, end: `${schoolDate(7)} 23:59` });

async function createAndPublish(body: SurveyInput): Promise<string> {
  const created = await call<SurveySaved>('/api/surveys', { token: tokens.admin, json: body });
  if (!created.body.data) throw new Error(`not created: ${created.status} ${created.body.msg}`);
  const id = created.body.data.id;
  const published = await call(`/api/surveys/${id}/publish`, { token: tokens.admin, json: {} });
  if (published.status !== 200) throw new Error(`not published: ${published.status} ${published.body.msg}`);
  return id;
}

/** Answers as a signed-out phone would: the paper first (its device token), then the answers, each from its own address. */
async function answerPublic(id: string, answers: { questionId: string; value: unknown }[]): Promise<void> {
  const ip = randomIp();
  const paper = await call<SurveyPaper>(`/anon/surveys/${id}`, { ip });
  const token = paper.body.data?.deviceToken;
  if (!token) throw new Error(`no paper: ${paper.status} ${paper.body.msg}`);
  const res = await call(`/anon/surveys/${id}/answers`, { ip, json: { answers }, headers: { 'X-Survey-Device': token } });
  if (res.status !== 200) throw new Error(`answer refused: ${res.status} ${res.body.msg}`);
}

const stats = (id: string, query = '', token = tokens.admin, lang: 'zh' | 'en' = 'zh') => call<SurveyStats>(`/api/surveys/${id}/stats${query}`, { token, lang });

beforeAll(async () => {
  for (const who of ['admin', 'teacher', 'student'] as const) tokens[who] = await login(who);
}, 60_000);

describe('the statistics of a public questionnaire answered four times', () => {
  let id: string;
  let q: string[];

  beforeAll(async () => {
    id = await createAndPublish({
      name: `食堂满意度 ${Date.now().toString(36)}`,
      category: '2',
      ...window(),
      public: true,
      questions: [
        { type: 'single', title: '最喜欢的窗口', options: opts('A', 'B', 'C') },
        { type: 'multiple', title: '常吃的菜', options: opts('x', 'y', 'z') },
        { type: 'rating', title: '总体评分', min: 1, max: 5 },
        { type: 'matrix', title: '各项评价', rows: ['food', 'service'], options: opts('bad', 'ok', 'good') },
        { type: 'date', title: '最近一次就餐' },
        { type: 'text', title: '建议' },
      ],
    });
    const paper = await call<SurveyPaper>(`/anon/surveys/${id}`);
    q = (paper.body.data?.questions ?? []).map((x) => x.id);
    const [single, multiple, rating, matrix, date, text] = q as [string, string, string, string, string, string];
    const d1 = schoolDate(-1);
    const d2 = schoolDate(0);
    await answerPublic(id, [
      { questionId: single, value: 0 },
      { questionId: multiple, value: [0, 1] },
      { questionId: rating, value: 5 },
      { questionId: matrix, value: { '0': 2, '1': 1 } },
      { questionId: date, value: d1 },
      { questionId: text, value: '食堂的饭菜很好吃' },
    ]);
    await answerPublic(id, [
      { questionId: single, value: 0 },
      { questionId: multiple, value: [1] },
      { questionId: rating, value: 4 },
      { questionId: matrix, value: { '0': 2, '1': 0 } },
      { questionId: date, value: d1 },
      { questionId: text, value: '希望增加水果' },
    ]);
    await answerPublic(id, [
      { questionId: single, value: 2 },
      { questionId: multiple, value: [0, 1, 2] },
      { questionId: rating, value: 5 },
      { questionId: matrix, value: { '0': 1, '1': 1 } },
      { questionId: date, value: d2 },
      { questionId: text, value: 'Great food' },
    ]);
    await answerPublic(id, [
      { questionId: single, value: 1 },
      { questionId: rating, value: 3 },
      { questionId: matrix, value: { '0': 0 } },
    ]);
  }, 60_000);

  it('counts every option, value and cell exactly, with shares of the respondents', async () => {
    const res = await stats(id);
    expect(res.status).toBe(200);
    const s = res.body.data as SurveyStats;
    expect(s.respondents).toBe(4);
    expect(s.breakdown).toEqual([]);
    expect(s.teachers).toEqual([]);
    const [single, multiple, rating, matrix, date, text] = s.questions;
    expect(single).toMatchObject({ type: 'single', answered: 4, options: [{ label: 'A', count: 2, percent: 50 }, { label: 'B', count: 1, percent: 25 }, { label: 'C', count: 1, percent: 25 }] });
    // a multiple choice: shares of its 3 respondents, adding up to more than 100
    expect(multiple).toMatchObject({ type: 'multiple', answered: 3, options: [{ count: 2, percent: 66.7 }, { count: 3, percent: 100 }, { count: 1, percent: 33.3 }] });
    expect(rating).toMatchObject({ type: 'rating', answered: 4, average: 4.25, values: [{ value: 1, count: 0, percent: 0 }, { value: 2, count: 0 }, { value: 3, count: 1, percent: 25 }, { value: 4, count: 1, percent: 25 }, { value: 5, count: 2, percent: 50 }] });
    expect(matrix).toMatchObject({
      type: 'matrix',
      answered: 4,
      rows: [
        { key: '0', label: 'food', answered: 4, average: 2.25, columns: [{ label: 'bad', count: 1, percent: 25 }, { label: 'ok', count: 1, percent: 25 }, { label: 'good', count: 2, percent: 50 }] },
        { key: '1', label: 'service', answered: 3, average: 1.67, columns: [{ count: 1, percent: 33.3 }, { count: 2, percent: 66.7 }, { count: 0, percent: 0 }] },
      ],
    });
    expect(date).toMatchObject({ type: 'date', answered: 3, dates: [{ date: schoolDate(-1), count: 2 }, { date: schoolDate(0), count: 1 }] });
    expect(text).toMatchObject({ type: 'text', answered: 3 });
    expect(text?.type === 'text' && text.texts.records.map((r) => r.text).sort()).toEqual(['Great food', '希望增加水果', '食堂的饭菜很好吃'].sort());
  });

  it('searches and pages the text answers', async () => {
    const texts = (query: string) => call<SurveyTextPage>(`/api/surveys/${id}/stats/texts?questionId=${q[5]}&${query}`, { token: tokens.admin });
    expect((await texts('q=水果')).body.data).toMatchObject({ total: 1, records: [{ text: '希望增加水果' }] });
    expect((await texts('q=FOOD')).body.data).toMatchObject({ total: 1, records: [{ text: 'Great food' }] });
    expect((await texts('q=%25')).body.data).toMatchObject({ total: 0 }); // a % is a character searched for, not a wildcard
    const second = (await texts('size=2&current=2')).body.data as SurveyTextPage;
    expect(second).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(second.records).toHaveLength(1);
    // a question that is not a text question has no text answers to page
    expect((await call(`/api/surveys/${id}/stats/texts?questionId=${q[0]}`, { token: tokens.admin })).status).toBe(422);
  });

  it('exports every response as a row of an .xlsx that reads back, in the caller\'s language', async () => {
    const res = await fetch(`${baseUrl()}/server/api/surveys/${id}/export`, { headers: { 'X-Access-Token': tokens.admin, 'X-Forwarded-For': randomIp(), 'Accept-Language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('answers.xlsx');
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const sheet = wb.Sheets[wb.SheetNames[0] as string] as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' });
    expect(rows).toHaveLength(5);
    // public: nobody is named; the questions numbered
    expect(rows[0]).toEqual(['Submitted', 'Class', 'Grade', '1. 最喜欢的窗口', '2. 常吃的菜', '3. 总体评分', '4. 各项评价', '5. 最近一次就餐', '6. 建议']);
    const byText = new Map(rows.slice(1).map((r) => [String(r[8]), r]));
    expect(byText.get('Great food')?.slice(3)).toEqual(['C', 'x; y; z', 5, 'food: ok; service: ok', schoolDate(0), 'Great food']);
    expect(byText.get('')?.slice(3)).toEqual(['B', '', 3, 'food: bad', '', '']);
  });

  it('is refused to those who do not manage questionnaires, and to nobody for a questionnaire that does not exist', async () => {
    const refused = await stats(id, '', tokens.teacher);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('您没有发布或删除活动、通知、问卷的权限，请联系管理员');
    const exported = await call(`/api/surveys/${id}/export`, { token: tokens.teacher, lang: 'en' });
    expect(exported.status).toBe(403);
    expect(exported.body.result).toBe(false);
    // the refusal is in the operation log
    const logged = await withDb(async (c) => (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_operation_log WHERE action = 'survey.export' AND result = 'failure' AND target = $1`, [id])).rows[0]?.n);
    expect(logged).toBeGreaterThanOrEqual(1);
    expect((await stats('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await stats('not-an-id')).status).toBe(404);
    expect((await stats(id, '?classId=nope')).status).toBe(400);
  });
});

describe('an audience questionnaire: respondents by class and the class / grade filter', () => {
  it('breaks the respondents down by the class and grade they answered in', async () => {
    const id = await createAndPublish({ name: `班级活动反馈 ${Date.now().toString(36)}`, category: '3', ...window(), audience: { school: true }, questions: [{ type: 'single', title: '喜欢这次活动吗', options: opts('喜欢', '一般') }] });
    const paper = await call<SurveyPaper>(`/anon/surveys/${id}`, { token: tokens.student });
    const questionId = paper.body.data?.questions[0]?.id as string;
    expect((await call(`/anon/surveys/${id}/answers`, { token: tokens.student, json: { answers: [{ questionId, value: 0 }] } })).status).toBe(200);
    const seat = await withDb(async (c) => (await c.query<{ class_id: string; grade: number }>(`SELECT class_id, grade FROM survey_response WHERE survey_id = $1`, [id])).rows[0]);
    expect(seat?.class_id).toBeTruthy();
    const all = (await stats(id)).body.data as SurveyStats;
    expect(all.respondents).toBe(1);
    expect(all.breakdown).toEqual([expect.objectContaining({ classId: seat?.class_id, respondents: 1 })]);
    expect(all.breakdown[0]?.className).toBeTruthy();
    const other = await withDb(async (c) => (await c.query<{ id: string }>(`SELECT id FROM admin_class WHERE id <> $1 LIMIT 1`, [seat?.class_id])).rows[0]?.id);
    expect(((await stats(id, `?classId=${seat?.class_id}`)).body.data as SurveyStats).questions[0]).toMatchObject({ answered: 1, options: [{ count: 1, percent: 100 }, { count: 0 }] });
    expect(((await stats(id, `?classId=${other}`)).body.data as SurveyStats).respondents).toBe(0);
    if (seat?.grade) {
      expect(((await stats(id, `?grade=${seat.grade}`)).body.data as SurveyStats).respondents).toBe(1);
      expect(((await stats(id, `?grade=${seat.grade === 12 ? 1 : seat.grade + 1}`)).body.data as SurveyStats).respondents).toBe(0);
    }
    // named (not anonymous, not public): the export says who answered
    const res = await fetch(`${baseUrl()}/server/api/surveys/${id}/export`, { headers: { 'X-Access-Token': tokens.admin, 'X-Forwarded-For': randomIp() } });
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1, defval: '' });
    expect(rows[0]?.slice(0, 6)).toEqual(['提交时间', '班级', '年级', '答题人', '账号', '1. 喜欢这次活动吗']);
    expect(rows[1]?.[4]).toBe('student');
  });
});

describe('the teaching-quality template', () => {
  it('drafts the questionnaire in the caller\'s language; answered per teacher, it is summarised per teacher', async () => {
    const en = await call<SurveyInput>('/api/surveys/templates/teaching-quality', { token: tokens.admin, lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ template: 'teaching-quality', anonymous: true, category: '1' });
    expect(en.body.data?.questions.filter((x) => x.type === 'matrix' && x.rowsSource === 'myTeachers')).toHaveLength(5);
    expect((await call('/api/surveys/templates/teaching-quality', { token: tokens.teacher })).status).toBe(403);
    expect((await call('/api/surveys/templates/nothing', { token: tokens.admin })).status).toBe(404);

    const draft = (await call<SurveyInput>('/api/surveys/templates/teaching-quality', { token: tokens.admin })).body.data as SurveyInput;
    const id = await createAndPublish({ ...draft, name: `${draft.name} ${Date.now().toString(36)}` });
    const paper = (await call<SurveyPaper>(`/anon/surveys/${id}`, { token: tokens.student })).body.data as SurveyPaper;
    const teachers = paper.questions[0]?.rows ?? [];
    expect(teachers.length).toBeGreaterThan(0);
    // the first teacher gets the top of the scale on every item, the others the middle
    const answers = paper.questions.map((x, i) =>
      x.type === 'matrix' ? { questionId: x.id, value: Object.fromEntries(x.rows.map((r, n) => [r.key, n === 0 ? 4 : 2])) } : { questionId: x.id, value: i === 5 ? '讲课很清楚' : '' },
    ).filter((a) => a.value !== '');
    const answered = await call(`/anon/surveys/${id}/answers`, { token: tokens.student, json: { answers } });
    expect(answered.status).toBe(200);
    const s = (await stats(id)).body.data as SurveyStats;
    expect(s.teachers).toHaveLength(teachers.length);
    const best = s.teachers[0];
    expect(best).toMatchObject({ teacherId: teachers[0]?.key, name: teachers[0]?.label, answered: 1, average: 5 });
    expect(best?.items).toHaveLength(5);
    expect(best?.items.every((i) => i.average === 5 && i.answered === 1)).toBe(true);
    if (teachers.length > 1) expect(s.teachers[1]).toMatchObject({ average: 3, answered: 1 });
    // anonymous: nobody is named, even in the database
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM survey_response WHERE survey_id = $1 AND user_id IS NOT NULL`, [id])).rows[0]?.n)).toBe(0);
  });
});
