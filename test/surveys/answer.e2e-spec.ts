import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AnonSurveyPage, anonSurveysPath, formatSchoolTime, type QuestionInput, SURVEY_DEVICE_HEADER, type SurveyAnswered, type SurveyAnsweredPush, type SurveyPaper, surveysPath, type SurveySaved } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, login, randomIp, withDb } from '../support/api.js';
import { eventually } from '../support/browser.js';
import { connectSocket, nextPush } from '../support/workflow.js';

/**
 * Answering questionnaires end to end (issue 25, docs/product/questionnaires.md#answering) on the worker's shared
 * server: the public list and paper with its device token; the answer checked against its questions with nothing
 * stored when refused; once per device and per account (409, nothing stored), a double submit sent at once storing one;
 * the per-address limit (3 per questionnaire on the test server); the window (403 both ways); an anonymous
 * questionnaire naming no one in the database; a signed-in audience refusing those outside it; the author's live count.
 */
const DAY = 86_400_000;
const at = (days: number): string => formatSchoolTime(Date.now() + days * DAY);
const tokens = {} as Record<'admin' | 'student' | 'teacher' | 'headteacher', string>;
const ids = {} as { class1: string; student: string; admin: string };
const sockets: Socket[] = [];

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const responses = (surveyId: string) => one(`SELECT count(*) FROM survey_response WHERE survey_id = $1`, [surveyId]).then(Number);

/** Four kinds, a show-if and a bounded multiple choice: what the checks are about. */
const QUESTIONS: QuestionInput[] = [
  { type: 'single', title: '总体满意度', required: true, options: [{ label: '满意' }, { label: '一般' }, { label: '不满意' }] },
  { type: 'text', title: '哪里不满意', required: true, showIf: { question: 0, options: [2] } },
  { type: 'multiple', title: '常吃哪几餐', options: [{ label: '早餐' }, { label: '午餐' }, { label: '晚餐' }], min: 1, max: 2 },
  { type: 'rating', title: '卫生打分', required: true, min: 1, max: 5 },
  { type: 'matrix', title: '各窗口评价', rows: ['一号窗口', '二号窗口'], options: [{ label: '差' }, { label: '中' }, { label: '好' }] },
  { type: 'date', title: '最近一次就餐' },
];

async function createSurvey(over: Record<string, unknown> = {}, publish = true): Promise<string> {
  const res = await call<SurveySaved>(surveysPath.list, {
    token: tokens.admin,
    json: { name: `答题测试 ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, category: '2', start: at(-1), end: at(7), public: true, questions: QUESTIONS, ...over },
  });
  expect(res.status).toBe(200);
  const id = res.body.data?.id as string;
  if (publish) expect((await call(surveysPath.publish(id), { token: tokens.admin, method: 'POST' })).status).toBe(200);
  return id;
}

/** The paper for a public caller on `ip` with the token they hold (none: a new one is issued). */
async function paper(id: string, o: { device?: string; token?: string; ip?: string; lang?: 'zh' | 'en' } = {}) {
  return call<SurveyPaper>(anonSurveysPath.one(id), { ip: o.ip, token: o.token, lang: o.lang, headers: o.device ? { [SURVEY_DEVICE_HEADER]: o.device } : {} });
}

function answer(id: string, answers: { questionId: string; value: unknown }[], o: { device?: string; token?: string; ip?: string; lang?: 'zh' | 'en' } = {}) {
  return call<SurveyAnswered>(anonSurveysPath.answers(id), { json: { answers }, ip: o.ip, token: o.token, lang: o.lang ?? 'zh', headers: o.device ? { [SURVEY_DEVICE_HEADER]: o.device } : {} });
}

/** A full, valid answer sheet for QUESTIONS. */
function goodSheet(p: SurveyPaper): { questionId: string; value: unknown }[] {
  const q = p.questions;
  const matrix = q[4] as SurveyPaper['questions'][number];
  return [
    { questionId: (q[0] as { id: string }).id, value: 0 },
    { questionId: (q[2] as { id: string }).id, value: [0, 1] },
    { questionId: (q[3] as { id: string }).id, value: 4 },
    { questionId: matrix.id, value: Object.fromEntries(matrix.rows.map((r) => [r.key, 2])) },
    { questionId: (q[5] as { id: string }).id, value: formatSchoolTime(Date.now()).slice(0, 10) },
  ];
}

beforeAll(async () => {
  for (const who of ['admin', 'student', 'teacher', 'headteacher'] as const) tokens[who] = await login(who);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.student = await one(`SELECT id FROM sys_user WHERE account = 'student'`);
  ids.admin = await one(`SELECT id FROM sys_user WHERE account = 'admin'`);
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('a public questionnaire answered without signing in', () => {
  let id: string;
  let p: SurveyPaper;
  const ip = randomIp();

  it('is listed; its paper counts a view and issues a device token the server keeps only as a digest', async () => {
    id = await createSurvey();
    const list = await call<AnonSurveyPage>(anonSurveysPath.list);
    expect(list.status).toBe(200);
    expect(list.body.data?.records.map((r) => r.id)).toContain(id);
    const views = Number(await one(`SELECT view_count FROM survey WHERE id = $1`, [id]));
    const res = await paper(id, { ip });
    expect(res.status).toBe(200);
    p = res.body.data as SurveyPaper;
    expect(p.questions).toHaveLength(QUESTIONS.length);
    expect(p.submitted).toBe(false);
    expect(p.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.questions[4]?.rows).toEqual([{ key: '0', label: '一号窗口' }, { key: '1', label: '二号窗口' }]);
    // views are added up and written once a second (PaperViews)
    await eventually(async () => expect(Number(await one(`SELECT view_count FROM survey WHERE id = $1`, [id]))).toBe(views + 1), 5000);
    expect(Number(await one(`SELECT count(*) FROM survey_device WHERE survey_id = $1 AND token_hash = sha256($2::bytea)`, [id, Buffer.from(p.deviceToken as string)]))).toBe(1);
    // the same device asking again keeps its token
    expect((await paper(id, { ip, device: p.deviceToken as string })).body.data?.deviceToken).toBe(p.deviceToken);
  });

  it('refuses a sheet its questions refuse, in the caller’s language, storing nothing', async () => {
    const device = p.deviceToken as string;
    const q = p.questions.map((x) => x.id) as string[];
    const sheet = goodSheet(p);
    const cases: [unknown[], string, 'zh' | 'en'][] = [
      [sheet.filter((a) => a.questionId !== q[0]), '请回答第1题', 'zh'],
      [sheet.filter((a) => a.questionId !== q[3]), 'Please answer question 4', 'en'],
      [sheet.map((a) => (a.questionId === q[2] ? { ...a, value: [0, 1, 2] } : a)), '选择超出限制：第3题最多可选择2项', 'zh'],
      [sheet.map((a) => (a.questionId === q[3] ? { ...a, value: 6 } : a)), '第4题的答案不正确', 'zh'],
      [sheet.map((a) => (a.questionId === q[0] ? { ...a, value: 3 } : a)), '第1题的答案不正确', 'zh'],
      [sheet.map((a) => (a.questionId === q[4] ? { ...a, value: { 7: 1 } } : a)), '第5题的答案不正确', 'zh'],
      [sheet.map((a) => (a.questionId === q[5] ? { ...a, value: `${new Date().getFullYear()}-02-30` } : a)), '第6题的答案不正确', 'zh'],
      // "dissatisfied" shows the text question, which is required then
      [sheet.map((a) => (a.questionId === q[0] ? { ...a, value: 2 } : a)), '请回答第2题', 'zh'],
      [[...sheet, { questionId: '00000000-0000-4000-8000-000000000000', value: 1 }], '答案格式不正确', 'zh'],
    ];
    for (const [answers, msg, lang] of cases) {
      const res = await answer(id, answers as { questionId: string; value: unknown }[], { device, ip, lang });
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
    }
    expect(await responses(id)).toBe(0);
    expect(Number(await one(`SELECT count(*) FROM survey_participation WHERE survey_id = $1`, [id]))).toBe(0);
  });

  it('stores one answer per device; the second is 409 “already submitted” and stores nothing; the author hears the count', async () => {
    const author = await connectSocket(tokens.admin);
    sockets.push(author);
    const pushed = nextPush<SurveyAnsweredPush>(author, 'survey.answered', (x) => x.id === id);
    const device = p.deviceToken as string;
    // an answer to a hidden question is dropped, not stored
    const hiddenText = { questionId: p.questions[1]?.id as string, value: '不该保存' };
    const first = await answer(id, [...goodSheet(p), hiddenText], { device, ip });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id, count: 1 });
    expect(await pushed).toMatchObject({ id, count: 1 });
    expect(Number(await one(`SELECT count(*) FROM survey_answer WHERE survey_id = $1 AND text = '不该保存'`, [id]))).toBe(0);
    // the cells as results read them: one per chosen option, two matrix rows scored column + 1
    expect(Number(await one(`SELECT count(*) FROM survey_answer WHERE survey_id = $1`, [id]))).toBe(1 + 2 + 1 + 2 + 1);
    expect(await one(`SELECT string_agg(row_index || ':' || option_index || ':' || number, ',' ORDER BY row_index) FROM survey_answer WHERE survey_id = $1 AND row_index IS NOT NULL`, [id])).toBe('0:2:3.00,1:2:3.00');

    const again = await answer(id, goodSheet(p), { device, ip });
    expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 409, msg: '问卷已提交，不能重复提交' });
    const en = await answer(id, goodSheet(p), { device, ip, lang: 'en' });
    expect(en.body.msg).toBe('The questionnaire has already been submitted');
    expect(await responses(id)).toBe(1);
    expect((await paper(id, { ip, device })).body.data?.submitted).toBe(true);
  });

  it('needs the device token the paper issued', async () => {
    const none = await answer(id, goodSheet(p), { ip: randomIp() });
    expect({ status: none.status, msg: none.body.msg }).toEqual({ status: 400, msg: '答题凭证无效，请重新打开问卷' });
    const forged = await answer(id, goodSheet(p), { ip: randomIp(), device: 'A'.repeat(43) });
    expect(forged.status).toBe(400);
    expect(await responses(id)).toBe(1);
  });

  it('a double-clicked submit (five at once) stores ONE answer', async () => {
    const ip2 = randomIp();
    const fresh = (await paper(id, { ip: ip2 })).body.data as SurveyPaper;
    const results = await Promise.all(Array.from({ length: 5 }, () => answer(id, goodSheet(fresh), { device: fresh.deviceToken as string, ip: ip2 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await responses(id)).toBe(2);
    // the refused four gave their places back: this address has used one of its three
    const more = await Promise.all([0, 1].map(async () => {
      const d = (await paper(id, { ip: ip2 })).body.data as SurveyPaper;
      return (await answer(id, goodSheet(d), { device: d.deviceToken as string, ip: ip2 })).status;
    }));
    expect(more).toEqual([200, 200]);
  });

  it('one address answers at most SURVEY_ADDRESS_LIMIT times (3 on the test server): 429 and nothing stored', async () => {
    const ip3 = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const d = (await paper(id, { ip: ip3 })).body.data as SurveyPaper;
      const res = await answer(id, goodSheet(d), { device: d.deviceToken as string, ip: ip3 });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.msg).toBe('提交过于频繁，请稍后再试');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await responses(id)).toBe(7);
  });

  it('one address is issued at most SURVEY_DEVICE_LIMIT device tokens (12 on the test server): then 429, no token stored; a held token is still served', async () => {
    const ip4 = randomIp();
    const first = (await paper(id, { ip: ip4 })).body.data as SurveyPaper;
    for (let i = 1; i < 12; i += 1) expect((await paper(id, { ip: ip4 })).status).toBe(200);
    const tokens = () => one(`SELECT count(*) FROM survey_device WHERE survey_id = $1`, [id]);
    const before = Number(await tokens());
    const refused = await paper(id, { ip: ip4, lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body.result).toBe(false);
    expect(Number(await tokens())).toBe(before);
    // the visitor who holds a token from this address keeps opening it
    const again = await paper(id, { ip: ip4, device: first.deviceToken as string });
    expect(again.status).toBe(200);
    expect(again.body.data?.deviceToken).toBe(first.deviceToken);
  });

  it('a signed-in caller answers once by their account, whatever device token they send', async () => {
    const first = await answer(id, goodSheet(p), { token: tokens.student });
    expect(first.status).toBe(200);
    const d = (await paper(id, { ip: randomIp() })).body.data as SurveyPaper;
    const again = await answer(id, goodSheet(p), { token: tokens.student, device: d.deviceToken as string });
    expect(again.status).toBe(409);
    expect(await one(`SELECT count(*) FROM survey_response WHERE survey_id = $1 AND user_id = $2`, [id, ids.student])).toBe('1');
    expect((await paper(id, { token: tokens.student })).body.data).toMatchObject({ submitted: true, deviceToken: null });
  });
});

describe('device tokens of ended questionnaires', () => {
  it('are swept a day after the end (SURVEY_SWEEP_SECONDS=1 here); a device that answered stays known, so an end extended later lets it answer no second time', async () => {
    const id = await createSurvey();
    const a = (await paper(id, { ip: randomIp() })).body.data as SurveyPaper;
    const b = (await paper(id, { ip: randomIp() })).body.data as SurveyPaper;
    expect((await answer(id, goodSheet(a), { device: a.deviceToken as string })).status).toBe(200);
    const issued = () => one(`SELECT count(*) FROM survey_device WHERE survey_id = $1`, [id]).then(Number);
    expect(await issued()).toBe(2);
    await withDb((c) => c.query(`UPDATE survey SET start_at = now() - interval '9 days', end_at = now() - interval '25 hours' WHERE id = $1`, [id]));
    await eventually(async () => expect(await issued()).toBe(0), 10_000);
    // the end extended (as management may, answered or not): A is still the device that answered, B a new visitor
    await withDb((c) => c.query(`UPDATE survey SET end_at = now() + interval '2 days', updated_at = now() WHERE id = $1`, [id]));
    const againA = await paper(id, { ip: randomIp(), device: a.deviceToken as string });
    expect(againA.body.data).toMatchObject({ submitted: true, deviceToken: a.deviceToken });
    const second = await answer(id, goodSheet(a), { device: a.deviceToken as string, lang: 'en' });
    expect(second.status).toBe(409);
    expect(second.body.result).toBe(false);
    expect(await responses(id)).toBe(1);
    const againB = (await paper(id, { ip: randomIp(), device: b.deviceToken as string })).body.data as SurveyPaper;
    expect(againB.submitted).toBe(false);
    expect(againB.deviceToken).not.toBe(b.deviceToken);
  });
});

describe('the window', () => {
  it('before the start and after the end, the paper and the answer are 403 “not started or expired”', async () => {
    const later = await createSurvey({ start: at(2), end: at(9) });
    const early = await paper(later);
    expect({ status: early.status, msg: early.body.msg }).toEqual({ status: 403, msg: '问卷未开始或已过期' });
    const open = await createSurvey();
    const p = (await paper(open)).body.data as SurveyPaper;
    await withDb((c) => c.query(`UPDATE survey SET start_at = now() - interval '3 days', end_at = now() - interval '1 minute' WHERE id = $1`, [open]));
    const late = await answer(open, goodSheet(p), { device: p.deviceToken as string });
    expect({ status: late.status, msg: late.body.msg }).toEqual({ status: 403, msg: '问卷未开始或已过期' });
    expect((await paper(open, { lang: 'en' })).body.msg).toBe('The paper has not started or has expired');
    expect(await responses(open)).toBe(0);
    // neither is listed
    const listed = (await call<AnonSurveyPage>(anonSurveysPath.list)).body.data?.records.map((r) => r.id) ?? [];
    expect(listed).not.toContain(later);
    expect(listed).not.toContain(open);
  });

  it('an unpublished questionnaire "does not exist" to those who answer; its author previews it', async () => {
    const draft = await createSurvey({}, false);
    expect((await paper(draft)).status).toBe(404);
    expect((await paper(draft, { token: tokens.student })).body.msg).toBe('问卷不存在');
    const preview = await call<SurveyPaper>(`${anonSurveysPath.one(draft)}?preview=1`, { token: tokens.admin });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ preview: true, deviceToken: null });
    expect((await call(`${anonSurveysPath.one(draft)}?preview=1`, { token: tokens.teacher })).status).toBe(404);
  });
});

describe('an anonymous questionnaire', () => {
  it('never records who answered: the response has no user and no key, the participation row no time and no link', async () => {
    const id = await createSurvey({ anonymous: true });
    const p = (await paper(id, { token: tokens.student })).body.data as SurveyPaper;
    expect(p.anonymous).toBe(true);
    expect((await answer(id, goodSheet(p), { token: tokens.student })).status).toBe(200);
    const row = await withDb(async (c) => (await c.query(`SELECT * FROM survey_response WHERE survey_id = $1`, [id])).rows[0] as Record<string, unknown>);
    expect(row.user_id).toBeNull();
    expect(row.respondent_key).toBeNull();
    // the student's own class is kept for the breakdowns, nothing that names them
    expect(JSON.stringify(row)).not.toContain(ids.student);
    const columns = await withDb(async (c) => (await c.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'survey_participation' ORDER BY 1`)).rows.map((r: { column_name: string }) => r.column_name));
    expect(columns).toEqual(['respondent_key', 'survey_id']);
    // and once is still once
    expect((await answer(id, goodSheet(p), { token: tokens.student })).status).toBe(409);
  });
});

describe('a signed-in audience (高一(1)班)', () => {
  let id: string;
  it('asks the signed-out to sign in and refuses those outside it; a student of the class answers, their class kept', async () => {
    id = await createSurvey({ public: false, audience: { classIds: [ids.class1] } });
    expect((await paper(id)).status).toBe(401);
    const teacher = await paper(id, { token: tokens.admin });
    expect({ status: teacher.status, msg: teacher.body.msg }).toEqual({ status: 403, msg: '您不在本问卷的答题范围内，无访问权限' });
    const p = (await paper(id, { token: tokens.student })).body.data as SurveyPaper;
    expect(p.deviceToken).toBeNull();
    expect((await answer(id, goodSheet(p), { token: tokens.admin })).status).toBe(403);
    expect((await answer(id, goodSheet(p), { token: tokens.student })).status).toBe(200);
    expect(await one(`SELECT class_id FROM survey_response WHERE survey_id = $1 AND user_id = $2`, [id, ids.student])).toBe(ids.class1);
    expect(await responses(id)).toBe(1);
  });

  it('is in the student’s list of questionnaires, marked answered; not in the public list', async () => {
    const mine = await call<AnonSurveyPage>(`${surveysPath.mine}?size=200`, { token: tokens.student });
    expect(mine.status).toBe(200);
    expect(mine.body.data?.records.find((r) => r.id === id)).toMatchObject({ answered: true, open: true });
    const admin = await call<AnonSurveyPage>(`${surveysPath.mine}?size=200`, { token: tokens.admin });
    expect(admin.body.data?.records.map((r) => r.id)).not.toContain(id);
    expect((await call<AnonSurveyPage>(anonSurveysPath.list)).body.data?.records.map((r) => r.id)).not.toContain(id);
  });
});
