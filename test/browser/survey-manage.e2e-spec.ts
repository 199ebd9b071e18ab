import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type SurveyCategory, type SurveyDetail, surveysPath } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { eventually, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';
import { schoolDate } from '../support/workflow.js';

// Issue 25's management in the browser (docs/product/questionnaires.md): admin creates a questionnaire in the designer
// with four kinds of question and a picture option (a PNG is refused first, on the page, with the spec's message),
// publishes it to the public and sees it in 问卷管理 with its states; equal start and end and a duplicate name are
// refused with the spec's messages; then the same pages in English.

const LIST = '/survey/wjlb';
const FORM = '/survey/cjwj';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A real JPG (so its thumbnail shows in the screenshot), drawn by the browser itself. */
async function jpeg(page: Page): Promise<Buffer> {
  const url = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 96;
    c.height = 72;
    const g = c.getContext('2d');
    if (g) {
      g.fillStyle = '#e67e22';
      g.fillRect(0, 0, 96, 72);
      g.fillStyle = '#fff';
      g.fillRect(24, 18, 48, 36);
    }
    return c.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

const card = (page: Page, index: number) => page.locator(`${tid('question-card')}[data-index="${index}"]`);

async function addQuestion(page: Page, type: string, title: string): Promise<number> {
  const index = await page.locator(tid('question-card')).count();
  await page.locator(tid(`survey-add-${type}`)).click();
  await card(page, index).waitFor();
  await card(page, index).locator(tid('question-title')).fill(title);
  return index;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator(tid('toast'), { hasText: text }).first().waitFor();
}

describe('questionnaire management in the browser', () => {
  const { page } = browserPages();

  it('admin designs four kinds with a picture option, is refused on equal times and a duplicate name, publishes to the public and sees it listed', async () => {
    const stamp = Date.now().toString(36);
    const name = `食堂满意度调查 ${stamp}`;
    const taken = `已有问卷 ${stamp}`;
    const token = await login('admin');
    const categories = (await call<SurveyCategory[]>(surveysPath.categories, { token })).body.data ?? [];
    const category = categories[0];
    expect(category).toBeDefined();
    // a questionnaire of that name exists already (made through the API)
    const existing = await call<{ id: string }>(surveysPath.list, {
      token,
      json: { name: taken, category: category?.code, start: `${schoolDate(0)} 08:00`, end: `${schoolDate(7)} 08:00`, public: true, questions: [{ type: 'text', title: '建议' }] },
    });
    expect([existing.status, existing.body.msg]).toEqual([200, expect.any(String)]);

    const admin = await page();
    const p = admin.page;
    await signedIn(p, 'admin', LIST);
    await p.locator(tid('survey-list-page')).waitFor();
    await p.locator(tid('survey-create')).click();
    await waitForPath(p, FORM);
    await p.locator(tid('survey-form')).waitFor();

    // the fields, public by default, the window from now for a week
    await p.locator(tid('survey-name-input')).fill(name);
    await p.locator(tid('survey-category')).selectOption(category?.code ?? '');
    await p.locator(tid('survey-description')).fill('请根据最近一周的就餐体验作答。');
    expect(await p.locator(tid('survey-public-hint')).isVisible()).toBe(true);

    // 1 single choice (the form's first question) with a picture on its first option: a PNG is refused on the page
    const q0 = card(p, 0);
    await q0.locator(tid('question-title')).fill('你最喜欢哪道菜？');
    await q0.locator(tid('option-label')).nth(0).fill('红烧肉');
    await q0.locator(tid('option-label')).nth(1).fill('清炒时蔬');
    await q0.locator(tid('option-picture-input')).first().setInputFiles({ name: '红烧肉.png', mimeType: 'image/png', buffer: PNG });
    await toast(p, '选项图片只能是 JPG 格式：红烧肉.png');
    expect(await q0.locator(tid('option-picture-item')).count()).toBe(0);
    await q0.locator(tid('option-picture-input')).first().setInputFiles({ name: '红烧肉.jpg', mimeType: 'image/jpeg', buffer: await jpeg(p) });
    await q0.locator(tid('option-picture-item')).waitFor();
    // 2 multiple choice, one to two of three
    const q1 = await addQuestion(p, 'multiple', '你常吃哪些主食？');
    await card(p, q1).locator(tid('option-label')).nth(0).fill('米饭');
    await card(p, q1).locator(tid('option-label')).nth(1).fill('面条');
    await card(p, q1).locator(tid('option-add')).click();
    await card(p, q1).locator(tid('option-label')).nth(2).fill('馒头');
    await card(p, q1).locator(tid('question-min')).fill('1');
    await card(p, q1).locator(tid('question-max')).fill('2');
    // 3 rating 1..5, shown only to those who like the braised pork
    const q2 = await addQuestion(p, 'rating', '给食堂打分');
    await card(p, q2).locator(tid('showif-question')).selectOption({ index: 1 });
    await card(p, q2).locator(tid('showif-option-0')).check();
    // 4 a matrix: windows × levels
    const q3 = await addQuestion(p, 'matrix', '各窗口的服务');
    await card(p, q3).locator(tid('row-label')).nth(0).fill('一号窗口');
    await card(p, q3).locator(tid('row-add')).click();
    await card(p, q3).locator(tid('row-label')).nth(1).fill('二号窗口');
    for (const [i, level] of ['差', '一般', '好'].entries()) await card(p, q3).locator(tid('option-label')).nth(i).fill(level);
    // 5 text, moved up above the matrix and back: order is the designer's
    const q4 = await addQuestion(p, 'text', '还有什么建议？');
    await card(p, q4).locator(tid('question-required')).uncheck();
    await card(p, q4).locator(tid('question-up')).click();
    expect(await card(p, q3).locator(tid('question-title')).inputValue()).toBe('还有什么建议？');
    await card(p, q3).locator(tid('question-down')).click();
    expect(await card(p, q4).locator(tid('question-title')).inputValue()).toBe('还有什么建议？');

    // equal start and end: the spec's message under the end, nothing sent
    const start = await p.locator(tid('survey-start')).inputValue();
    const end = await p.locator(tid('survey-end')).inputValue();
    await p.locator(tid('survey-end')).fill(start);
    await p.locator(tid('survey-submit')).click();
    await p.locator(tid('survey-end-error')).waitFor();
    expect(await p.locator(tid('survey-end-error')).innerText()).toBe('开始时间和结束时间不能相同');
    await p.locator(tid('survey-end')).fill(end);
    await p.locator(tid('survey-end-error')).waitFor({ state: 'detached' });

    // a taken name: the server's refusal, the form kept
    await p.locator(tid('survey-name-input')).fill(taken);
    await p.locator(tid('survey-submit')).click();
    await toast(p, '问卷名称已被使用');
    expect(new URL(p.url()).pathname).toBe(FORM);
    await p.locator(tid('survey-name-input')).fill(name);
    await shot(p, 'survey-manage-01-designer');
    await card(p, q2).scrollIntoViewIfNeeded();
    await shot(p, 'survey-manage-02-designer-questions');
    await p.locator(tid('survey-submit')).click();

    // listed, unpublished; published from the list with the server's message
    await waitForPath(p, LIST);
    const row = p.locator(`${tid('survey-row')}[data-name="${name}"]`);
    await row.waitFor();
    expect(await row.locator(tid('survey-published')).getAttribute('data-state')).toBe('unpublished');
    const id = (await row.getAttribute('data-id')) ?? '';
    await row.locator(tid('survey-publish')).click();
    await toast(p, '发布成功');
    await eventually(async () => expect(await row.locator(tid('survey-published')).getAttribute('data-state')).toBe('published'));
    expect(await row.locator(tid('survey-enabled')).getAttribute('data-state')).toBe('enabled');
    expect(await row.locator(tid('survey-respondents')).innerText()).toBe('0');
    await shot(p, 'survey-manage-03-list');

    // filtered by name and by published
    await p.locator(tid('survey-filter-name')).fill(`满意度调查 ${stamp}`);
    await p.locator(tid('survey-filters-submit')).click();
    await eventually(async () => expect(await p.locator(tid('survey-row')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual([name]));
    await p.locator(tid('survey-filter-name')).fill(stamp);
    await p.locator(tid('survey-filter-published')).selectOption('false');
    await p.locator(tid('survey-filters-submit')).click();
    await eventually(async () => expect(await p.locator(tid('survey-row')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual([taken]));

    // the other one: disabled, then publishing it fails with the server's failure message; deleted after a confirmation
    const other = p.locator(`${tid('survey-row')}[data-name="${taken}"]`);
    await other.locator(tid('survey-disable')).click();
    await toast(p, '停用成功');
    await eventually(async () => expect(await other.locator(tid('survey-enabled')).getAttribute('data-state')).toBe('disabled'));
    await other.locator(tid('survey-publish')).click();
    await toast(p, '发布失败：问卷未启用');
    expect(await other.locator(tid('survey-published')).getAttribute('data-state')).toBe('unpublished');
    await other.locator(tid('survey-delete')).click();
    await p.locator(tid('confirm-ok')).click();
    await toast(p, '删除成功');
    await other.waitFor({ state: 'detached' });
    expect((await call(surveysPath.one(existing.body.data?.id ?? ''), { token })).status).toBe(404);
    await p.locator(tid('survey-filters-reset')).click();
    await row.waitFor();

    // what was saved: public, five questions in the designer's order, the picture, limits and the condition
    const saved = (await call<SurveyDetail>(surveysPath.one(id), { token })).body.data;
    expect(saved).toMatchObject({ name, public: true, published: true, category: category?.code });
    expect(saved?.questions.map((q) => [q.position, q.type, q.title])).toEqual([
      [0, 'single', '你最喜欢哪道菜？'],
      [1, 'multiple', '你常吃哪些主食？'],
      [2, 'rating', '给食堂打分'],
      [3, 'matrix', '各窗口的服务'],
      [4, 'text', '还有什么建议？'],
    ]);
    expect(saved?.questions[0]?.options[0]?.picture).toEqual(expect.any(String));
    expect(saved?.questions[1]).toMatchObject({ min: 1, max: 2 });
    expect(saved?.questions[2]?.showIf).toEqual({ question: 0, options: [0] });
    expect(saved?.questions[3]).toMatchObject({ rows: ['一号窗口', '二号窗口'] });
    expect(saved?.questions[4]?.required).toBe(false);

    // edited from the list: the form filled from what was saved
    await row.locator(tid('survey-edit')).click();
    await waitForPath(p, FORM);
    await eventually(async () => expect(await p.locator(tid('survey-name-input')).inputValue()).toBe(name));
    expect(await p.locator(tid('question-card')).count()).toBe(5);
    await p.locator(tid('survey-cancel')).click();
    await waitForPath(p, LIST);
    expect(admin.problems.unexpected({ allow: [/4(09|22) POST .*\/api\/surveys$/, /4(09|22) POST .*\/api\/surveys\/[^/]+\/publish$/, /status of 4(09|22)/] })).toEqual([]);

    // in English: the list and the form
    const en = await page(true);
    await signedIn(en.page, 'admin', LIST);
    const enRow = en.page.locator(`${tid('survey-row')}[data-id="${id}"]`);
    await enRow.waitFor();
    expect((await enRow.locator(tid('survey-published')).innerText()).trim()).toBe('Published');
    expect((await enRow.locator(tid('survey-unpublish')).innerText()).trim()).toBe('Unpublish');
    await shot(en.page, 'survey-manage-04-list-en');
    await enRow.locator(tid('survey-edit')).click();
    await waitForPath(en.page, FORM);
    await en.page.locator(tid('question-card')).nth(4).waitFor();
    expect((await en.page.locator(`${tid('question-card')}[data-index="2"] ${tid('question-type')} option:checked`).innerText()).trim()).toBe('Rating');
    await shot(en.page, 'survey-manage-05-form-en');
    expect(en.problems.unexpected()).toEqual([]);
  }, 240_000);

  it('an answered questionnaire opens locked but for its end, and extending the end is saved', async () => {
    const token = await login('admin');
    const category = ((await call<SurveyCategory[]>(surveysPath.categories, { token })).body.data ?? [])[0];
    const name = `期中教学评价 ${Date.now().toString(36)}`;
    const made = await call<{ id: string }>(surveysPath.list, {
      token,
      json: {
        name,
        category: category?.code,
        start: `${schoolDate(-1)} 08:00`,
        end: `${schoolDate(6)} 18:00`,
        public: true,
        questions: [
          { type: 'single', title: '课堂节奏合适吗？', options: [{ label: '合适' }, { label: '太快' }] },
          { type: 'text', title: '建议', required: false },
        ],
      },
    });
    const id = made.body.data?.id ?? '';
    expect(id).not.toBe('');
    // an answer, as the answering part stores one (that part's pages are another branch's): the lock is "has answers"
    await withDb((c) => c.query(`INSERT INTO survey_response (survey_id, respondent_key) VALUES ($1, 'd:browser-test')`, [id]));

    const admin = await page();
    const p = admin.page;
    await signedIn(p, 'admin', `${FORM}?id=${id}`);
    await p.locator(tid('survey-locked')).waitFor();
    expect(await p.locator(tid('survey-locked')).innerText()).toContain('该问卷已有 1 人作答，已锁定：只能延长结束时间。');
    expect(await p.locator(tid('survey-name-input')).isDisabled()).toBe(true);
    // the category shows although the dictionary arrives after the form is filled
    await eventually(async () => expect(await p.locator(tid('survey-category')).inputValue()).toBe(category?.code));
    expect(await p.locator(tid('survey-start')).isDisabled()).toBe(true);
    expect(await card(p, 0).locator(tid('question-title')).isDisabled()).toBe(true);
    expect(await p.locator(tid('survey-add-single')).isDisabled()).toBe(true);
    expect(await p.locator(tid('survey-end')).isEnabled()).toBe(true);
    await p.locator(tid('survey-end')).fill(`${schoolDate(13)}T18:00`);
    await shot(p, 'survey-manage-06-locked');
    await p.locator(tid('survey-submit')).click();
    await waitForPath(p, LIST);
    const saved = (await call<SurveyDetail>(surveysPath.one(id), { token })).body.data;
    expect(saved).toMatchObject({ name, end: `${schoolDate(13)} 18:00`, answered: true });
    expect(saved?.questions.map((q) => q.title)).toEqual(['课堂节奏合适吗？', '建议']);
    expect(admin.problems.unexpected()).toEqual([]);
  }, 120_000);
});
