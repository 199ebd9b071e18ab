import { beforeAll, describe, expect, it } from '@jest/globals';
import { resources, type SurveyCategory, type SurveyDetail, type SurveyPage, type SurveySaved, type SurveyStatus } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { schoolDate } from '../support/workflow.js';

/**
 * 问卷管理 end to end (issue 25, docs/product/questionnaires.md#calls) on the worker's shared server: `admin` creates a
 * questionnaire of four kinds with a JPG picture option, reads it back and finds it listed; every refusal of the
 * spec's rules answers its message verbatim in the caller's language and writes nothing; only `survey:manage` holders
 * manage, the rest read the spec's 403 (logged); publish / unpublish / in use / unused answer their success or failure
 * messages; once answered only a later end is taken, and it cannot be deleted.
 */
const zh = resources.zh;
const en = resources.en;
// A JPEG as the files module knows one: by its first bytes (files/domain/file-type.ts).
const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const tokens = {} as Record<'admin' | 'teacher', string>;
const ids = {} as { admin: string; teacher: string; class1: string };
const stamp = Date.now().toString(36);

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const surveyCount = () => one(`SELECT count(*) FROM survey`);
const questionCount = () => one(`SELECT count(*) FROM survey_question`);

type Who = keyof typeof tokens;
const create = (who: Who, json: unknown, lang?: 'zh' | 'en') => call<SurveySaved>('/api/surveys', { token: tokens[who], json, ...(lang ? { lang } : {}) });
const update = (who: Who, id: string, json: unknown, lang?: 'zh' | 'en') => call<SurveySaved>(`/api/surveys/${id}`, { token: tokens[who], json, method: 'PUT', ...(lang ? { lang } : {}) });
const status = (who: Who, id: string, action: string, lang?: 'zh' | 'en') => call<SurveyStatus>(`/api/surveys/${id}/${action}`, { token: tokens[who], method: 'POST', ...(lang ? { lang } : {}) });
const detail = (id: string) => call<SurveyDetail>(`/api/surveys/${id}`, { token: tokens.admin });

async function upload(token: string, name: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  const body = (await res.json()) as { data: { resId: string }[] };
  return (body.data[0] as { resId: string }).resId;
}

/** A file as the files module keeps it, made below the API: the 2 MB limit is on what was uploaded, not on sending it here. */
async function storedFile(owner: string, name: string, suffix: string, size: number): Promise<string> {
  return one(
    `INSERT INTO sys_file (owner_id, res_name, res_suffix, mime, size, storage_name) VALUES ($1, $2, $3, 'image/jpeg', $4, gen_random_uuid()::text) RETURNING res_id`,
    [owner, name, suffix, size],
  );
}

/** A valid questionnaire: public, four kinds of question, the options of the first with `picture` on its first. */
function body(name: string, picture?: string): Record<string, unknown> {
  return {
    name,
    category: '2',
    description: '食堂意见',
    start: `${schoolDate(0)} 00:00`,
    end: `${schoolDate(14)} 18:00`,
    public: true,
    anonymous: true,
    questions: [
      { type: 'single', title: '满意吗', required: true, options: [{ label: '满意', ...(picture ? { picture } : {}) }, { label: '不满意' }] },
      { type: 'text', title: '哪里不满意', showIf: { question: 0, options: [1] } },
      { type: 'multiple', title: '常吃哪几餐', options: [{ label: '早' }, { label: '午' }, { label: '晚' }], min: 1, max: 2 },
      { type: 'rating', title: '卫生', min: 1, max: 5 },
    ],
  };
}

/** A refusal: the status, the message verbatim, and nothing written. */
async function refused(send: () => Promise<{ status: number; body: { msg: string; result: boolean } }>, expected: { status: number; msg: string }): Promise<void> {
  const [surveys, questions] = [await surveyCount(), await questionCount()];
  const res = await send();
  expect({ status: res.status, msg: res.body.msg, result: res.body.result }).toEqual({ ...expected, result: false });
  expect([await surveyCount(), await questionCount()]).toEqual([surveys, questions]);
}

beforeAll(async () => {
  for (const who of ['admin', 'teacher'] as const) tokens[who] = await login(who);
  ids.admin = await one(`SELECT id FROM sys_user WHERE account = 'admin'`);
  ids.teacher = await one(`SELECT id FROM sys_user WHERE account = 'teacher'`);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
}, 60_000);

describe('admin creates a questionnaire', () => {
  let id: string;

  it('with four kinds of question and a JPG picture option, read back as written and listed with its counts', async () => {
    const picture = await upload(tokens.admin, 'canteen.jpg', JPG, 'image/jpeg');
    const res = await create('admin', body(`食堂调查 ${stamp}`, picture));
    expect(res.status).toBe(200);
    id = res.body.data?.id as string;

    const read = await detail(id);
    expect(read.status).toBe(200);
    const d = read.body.data as SurveyDetail;
    expect(d).toMatchObject({ name: `食堂调查 ${stamp}`, category: '2', categoryName: '食堂', public: true, anonymous: true, enabled: true, published: false, answered: false, views: 0, respondents: 0 });
    expect(d.start).toBe(`${schoolDate(0)} 00:00`);
    expect(d.end).toBe(`${schoolDate(14)} 18:00`);
    expect(d.questions.map((q) => [q.position, q.type, q.title])).toEqual([
      [0, 'single', '满意吗'],
      [1, 'text', '哪里不满意'],
      [2, 'multiple', '常吃哪几餐'],
      [3, 'rating', '卫生'],
    ]);
    expect(d.questions[0]?.options[0]).toEqual({ label: '满意', picture });
    expect(d.questions[1]?.showIf).toEqual({ question: 0, options: [1] });
    // the picture is kept for the questionnaire (the files sweep leaves it)
    expect(await one(`SELECT count(*) FROM sys_file_link WHERE ref_type = 'survey' AND ref_id = $1 AND res_id = $2`, [id, picture])).toBe('1');

    const list = await call<SurveyPage>(`/api/surveys?name=${encodeURIComponent(stamp)}`, { token: tokens.admin });
    expect(list.body.data?.records.map((r) => r.id)).toEqual([id]);
    expect(list.body.data?.records[0]).toMatchObject({ views: 0, respondents: 0, published: false, enabled: true, open: false });
    // the change is in the operation log
    expect(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'survey.create' AND target = $1 AND result = 'success'`, [id])).toBe('1');
  });

  it('reads the category dictionary and the demo questionnaire is there', async () => {
    const cats = await call<SurveyCategory[]>('/api/surveys/categories', { token: tokens.admin });
    expect(cats.body.data?.map((c) => c.code)).toEqual(['1', '2', '3', '4']);
    const demo = await call<SurveyPage>(`/api/surveys?name=${encodeURIComponent('示例')}`, { token: tokens.admin });
    expect(demo.body.data?.records[0]).toMatchObject({ published: true, public: true, open: true });
  });

  it('changes it while nobody has answered: questions replaced as a whole', async () => {
    const b = body(`食堂调查 ${stamp}`);
    (b.questions as unknown[]).push({ type: 'date', title: '最近一次就餐' });
    const res = await update('admin', id, b);
    expect(res.status).toBe(200);
    const d = (await detail(id)).body.data as SurveyDetail;
    expect(d.questions).toHaveLength(5);
    expect(d.questions[0]?.options[0]?.picture).toBeNull();
    expect(await one(`SELECT count(*) FROM sys_file_link WHERE ref_type = 'survey' AND ref_id = $1`, [id])).toBe('0');
  });

  describe('publish, unpublish, in use and unused answer their success or failure messages', () => {
    const ok = async (action: string, msg: string, state: Partial<SurveyStatus>, lang?: 'zh' | 'en') => {
      const res = await status('admin', id, action, lang);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg });
      expect(res.body.data).toMatchObject(state);
    };
    const failed = async (action: string, msg: string, lang?: 'zh' | 'en') => {
      const before = await one(`SELECT enabled::text || published::text FROM survey WHERE id = $1`, [id]);
      const res = await status('admin', id, action, lang);
      expect({ status: res.status, msg: res.body.msg, result: res.body.result }).toEqual({ status: 422, msg, result: false });
      expect(await one(`SELECT enabled::text || published::text FROM survey WHERE id = $1`, [id])).toBe(before);
    };

    it('publishes once; a published questionnaire is not taken out of use', async () => {
      await ok('publish', zh.surveys.status.publishSuccess, { published: true, enabled: true });
      await failed('publish', `发布失败：${zh.surveys.reasons.alreadyPublished}`);
      await failed('disable', `停用失败：${zh.surveys.reasons.published}`);
      await failed('enable', `Putting in use failed: ${en.surveys.reasons.alreadyEnabled}`, 'en');
      const listed = await call<SurveyPage>(`/api/surveys?name=${encodeURIComponent(stamp)}&published=true`, { token: tokens.admin });
      expect(listed.body.data?.records[0]).toMatchObject({ published: true, open: true });
      expect(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'survey.publish' AND target = $1 AND result = 'failure'`, [id])).toBe('1');
    });

    it('unpublishes once, then takes it out of use; an unused one is not published', async () => {
      await ok('unpublish', zh.surveys.status.unpublishSuccess, { published: false });
      await failed('unpublish', `取消发布失败：${zh.surveys.reasons.notPublished}`);
      await ok('disable', en.surveys.status.disableSuccess, { enabled: false }, 'en');
      await failed('disable', `停用失败：${zh.surveys.reasons.alreadyDisabled}`);
      await failed('publish', `发布失败：${zh.surveys.reasons.notEnabled}`);
      await ok('enable', zh.surveys.status.enableSuccess, { enabled: true });
    });

    it('an ended questionnaire is not published', async () => {
      await withDb((c) => c.query(`UPDATE survey SET end_at = now() - interval '1 minute', start_at = now() - interval '2 days' WHERE id = $1`, [id]));
      await failed('publish', `发布失败：${zh.surveys.reasons.ended}`);
      await withDb((c) => c.query(`UPDATE survey SET start_at = $2::date, end_at = now() + interval '14 days' WHERE id = $1`, [id, schoolDate(0)]));
    });
  });

  describe('once answered', () => {
    let endBefore: string;

    beforeAll(async () => {
      // an answer as the answering part stores it (a response of the questionnaire)
      await withDb((c) => c.query(`INSERT INTO survey_response (survey_id) VALUES ($1)`, [id]));
      endBefore = (await detail(id)).body.data?.end as string;
    });

    it('refuses any change but a later end, with the spec-side message, nothing written', async () => {
      const b = body(`食堂调查 ${stamp}`);
      await refused(() => update('admin', id, { ...b, name: `食堂调查 ${stamp} 改` }), { status: 422, msg: zh.surveys.errors.editLocked });
      await refused(() => update('admin', id, { ...b, questions: [...(b.questions as unknown[]), { type: 'date', title: '最近一次就餐' }, { type: 'text', title: '补充' }] }, 'en'), { status: 422, msg: en.surveys.errors.editLocked });
      expect((await detail(id)).body.data?.questions[0]?.title).toBe('满意吗');
      expect(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'survey.update' AND target = $1 AND result = 'failure'`, [id])).toBe('2');
    });

    it('takes a later end, and refuses an earlier one', async () => {
      const current = (await detail(id)).body.data as SurveyDetail;
      const b = { ...body(current.name), start: current.start, questions: current.questions.map(({ type, title, required, options, min, max, showIf }) => ({ type, title, required, options, min, max, showIf })) };
      const later = await update('admin', id, { ...b, end: `${schoolDate(30)} 18:00` });
      expect(later.status).toBe(200);
      expect((await detail(id)).body.data?.end).toBe(`${schoolDate(30)} 18:00`);
      await refused(() => update('admin', id, { ...b, end: endBefore }), { status: 422, msg: zh.surveys.errors.editLocked });
    });

    it('is not deleted', async () => {
      await refused(() => call(`/api/surveys/${id}`, { token: tokens.admin, method: 'DELETE' }), { status: 422, msg: zh.surveys.errors.deleteAnswered });
    });
  });

  it('deletes an unpublished questionnaire nobody answered, not a published one', async () => {
    const made = await create('admin', body(`待删除 ${stamp}`));
    const gone = made.body.data?.id as string;
    await status('admin', gone, 'publish');
    await refused(() => call(`/api/surveys/${gone}`, { token: tokens.admin, method: 'DELETE' }), { status: 422, msg: zh.surveys.errors.deletePublished });
    await status('admin', gone, 'unpublish');
    const res = await call(`/api/surveys/${gone}`, { token: tokens.admin, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await one(`SELECT count(*) FROM survey WHERE id = $1`, [gone])).toBe('0');
    expect((await detail(gone)).body.msg).toBe(zh.surveys.errors.notFound);
  });
});

describe('the spec\'s refusals, verbatim and in the caller\'s language, nothing written', () => {
  const v = (key: keyof typeof zh.validation, lang: 'zh' | 'en' = 'zh') => (lang === 'zh' ? zh : en).validation[key];

  it('a questionnaire with no questions, a choice without options, equal start and end, a duplicate name', async () => {
    const name = `规则 ${stamp}`;
    await refused(() => create('admin', { ...body(name), questions: [] }), { status: 400, msg: v('surveyQuestionsRequired') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'single', title: '选', options: [] }] }), { status: 400, msg: v('surveyOptionsRequired') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'multiple', title: '选' }] }, 'en'), { status: 400, msg: v('surveyOptionsRequired', 'en') });
    await refused(() => create('admin', { ...body(name), start: schoolDate(3), end: schoolDate(3) }), { status: 400, msg: v('surveyWindowSame') });
    await refused(() => create('admin', { ...body(name), start: `${schoolDate(3)} 09:00`, end: `${schoolDate(3)} 09:00` }, 'en'), { status: 400, msg: v('surveyWindowSame', 'en') });
    await refused(() => create('admin', { ...body(name), start: schoolDate(4), end: schoolDate(3) }), { status: 400, msg: v('surveyWindowOrder') });
    // the name of the questionnaire made above, with other case and edge spaces
    await refused(() => create('admin', body(`  食堂调查 ${stamp.toUpperCase()}  `)), { status: 409, msg: zh.surveys.errors.nameUsed });
    await refused(() => create('admin', body(`食堂调查 ${stamp}`), 'en'), { status: 409, msg: en.surveys.errors.nameUsed });
  });

  it('required name, category, start and end; a category of the dictionary; an audience or public', async () => {
    const name = `必填 ${stamp}`;
    await refused(() => create('admin', { ...body(name), name: '   ' }), { status: 400, msg: v('surveyNameRequired') });
    await refused(() => create('admin', { ...body(name), name: 'x'.repeat(101) }), { status: 400, msg: v('surveyNameTooLong') });
    await refused(() => create('admin', { ...body(name), category: '' }), { status: 400, msg: v('surveyCategoryRequired') });
    await refused(() => create('admin', { ...body(name), category: '99' }), { status: 400, msg: zh.surveys.errors.categoryInvalid });
    await refused(() => create('admin', { ...body(name), start: undefined }), { status: 400, msg: v('surveyStartRequired') });
    await refused(() => create('admin', { ...body(name), end: '' }), { status: 400, msg: v('surveyEndRequired') });
    await refused(() => create('admin', { ...body(name), end: '明天' }), { status: 400, msg: v('timeInvalid') });
    await refused(() => create('admin', { ...body(name), public: undefined }), { status: 400, msg: v('surveyAudienceRequired') });
    await refused(() => create('admin', { ...body(name), public: false, audience: { classIds: ['00000000-0000-4000-8000-000000000000'] } }), { status: 400, msg: zh.surveys.errors.audienceInvalid });
    const signedIn = await create('admin', { ...body(name), public: false, audience: { classIds: [ids.class1], parents: true } });
    expect(signedIn.status).toBe(200);
  });

  it('min ≤ max, show-if on an earlier choice question, a question title, a known kind', async () => {
    const name = `题目 ${stamp}`;
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'text', title: '说', min: 10, max: 2 }] }), { status: 400, msg: v('surveyMinMax') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'multiple', title: '选', options: [{ label: 'a' }], max: 2 }] }), { status: 400, msg: v('surveyMinMax') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'text', title: '说', showIf: { question: 0, options: [0] } }] }), { status: 400, msg: v('surveyShowIfInvalid') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'text', title: '先' }, { type: 'text', title: '说', showIf: { question: 0, options: [0] } }] }, 'en'), { status: 400, msg: v('surveyShowIfInvalid', 'en') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'text', title: ' ' }] }), { status: 400, msg: v('surveyQuestionTitleRequired') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'essay', title: '说' }] }), { status: 400, msg: v('surveyQuestionTypeInvalid') });
    await refused(() => create('admin', { ...body(name), questions: [{ type: 'matrix', title: '矩阵', options: [{ label: '好' }] }] }), { status: 400, msg: v('surveyRowsRequired') });
  });

  it('option pictures: JPG only, at most 2 MB, one\'s own upload', async () => {
    const name = `图片 ${stamp}`;
    const png = await storedFile(ids.admin, 'a.png', 'png', 1000);
    const big = await storedFile(ids.admin, 'big.jpg', 'jpg', 2 * 1024 * 1024 + 1);
    const empty = await storedFile(ids.admin, 'empty.jpg', 'jpg', 0).catch(() => null);
    const others = await storedFile(ids.teacher, 'teacher.jpg', 'jpg', 1000);
    await refused(() => create('admin', body(name, png)), { status: 400, msg: '选项图片只能是 JPG 格式：a.png' });
    await refused(() => create('admin', body(name, big)), { status: 400, msg: '选项图片不能超过 2MB：big.jpg' });
    await refused(() => create('admin', body(name, big), 'en'), { status: 400, msg: 'Option pictures cannot exceed 2MB: big.jpg' });
    if (empty) await refused(() => create('admin', body(name, empty)), { status: 400, msg: '不能上传空文件：empty.jpg' });
    await refused(() => create('admin', body(name, others)), { status: 400, msg: zh.surveys.errors.pictureNotFound });
    const fine = await storedFile(ids.admin, 'ok.jpg', 'jpg', 2 * 1024 * 1024);
    expect((await create('admin', body(name, fine))).status).toBe(200);
  });

  it('bad input of any shape is a 400 with a message, never a 500', async () => {
    for (const bad of [null, [], 'x', { name: 1 }, { ...body('x'), questions: 'x' }, { ...body('x'), questions: [null] }, { ...body('x'), audience: 'all', public: false }]) {
      const res = await create('admin', bad);
      expect(res.status).toBe(400);
      expect(res.body.msg.length).toBeGreaterThan(0);
    }
  });

  it('an unknown or malformed id is the spec\'s "paper does not exist"', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(`/api/surveys/${id}`, { token: tokens.admin });
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 404, msg: zh.surveys.errors.notFound });
    }
    const res = await call('/api/surveys/00000000-0000-4000-8000-000000000000/publish', { token: tokens.admin, method: 'POST', lang: 'en' });
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 404, msg: en.surveys.errors.notFound });
  });
});

describe('permission: survey:manage, held by admin', () => {
  it('anyone else reads the spec\'s 403 for every management call, logged, nothing written', async () => {
    const target = await one(`SELECT id FROM survey WHERE name LIKE '食堂调查 %' AND name LIKE $1`, [`%${stamp}`]);
    await refused(() => create('teacher', body(`越权 ${stamp}`)), { status: 403, msg: zh.surveys.errors.forbidden });
    await refused(() => create('teacher', body(`越权 ${stamp}`), 'en'), { status: 403, msg: en.surveys.errors.forbidden });
    await refused(() => update('teacher', target, body(`越权 ${stamp}`)), { status: 403, msg: zh.surveys.errors.forbidden });
    await refused(() => call(`/api/surveys/${target}`, { token: tokens.teacher, method: 'DELETE' }), { status: 403, msg: zh.surveys.errors.forbidden });
    for (const action of ['publish', 'unpublish', 'enable', 'disable']) {
      const res = await status('teacher', target, action);
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 403, msg: zh.surveys.errors.forbidden });
    }
    for (const path of ['/api/surveys', `/api/surveys/${target}`]) {
      const res = await call(path, { token: tokens.teacher });
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 403, msg: zh.surveys.errors.forbidden });
    }
    expect(Number(await one(`SELECT count(*) FROM sys_operation_log WHERE account = 'teacher' AND action LIKE 'survey.%' AND result = 'failure' AND at > now() - interval '5 minutes'`))).toBeGreaterThanOrEqual(8);
  });

  it('is granted to the admin role by the seed', async () => {
    expect(await one(`SELECT count(*) FROM sys_role_permission p JOIN sys_role r ON r.id = p.role_id WHERE r.code = 'admin' AND p.permission = 'survey:manage'`)).toBe('1');
    expect(await one(`SELECT count(*) FROM sys_menu WHERE url IN ('/survey', '/survey/wjlb', '/survey/cjwj', '/survey/wjdt')`)).toBe('4');
  });
});
