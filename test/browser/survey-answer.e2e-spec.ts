import { describe, expect, it } from '@jest/globals';
import { formatSchoolTime, type QuestionInput, surveysPath, type SurveySaved } from '@schoolflow/contracts';
import type { Page } from 'playwright-core';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';

// Issue 25's "done when", the answering half, in Chromium: a public questionnaire of four kinds with a picture option
// is answered by a signed-out phone (390 px wide) from the public list; the empty submit shows the paper's own message
// and sends nothing; a double-clicked submit stores ONE answer; opened again, the paper says the spec's "already
// submitted" and offers no submit. Then the same in English.

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const LIST = '/survey/wjdt/wjdtListNotLogin';

const responses = (id: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) FROM survey_response WHERE survey_id = $1`, [id])).rows[0]?.count));

/** A JPG made by the browser itself (the upload checks a picture's bytes against its suffix). */
async function jpegOf(page: Page): Promise<Buffer> {
  await page.setContent('<body style="margin:0;background:#e8a33d"></body>');
  return page.screenshot({ type: 'jpeg', quality: 80, clip: { x: 0, y: 0, width: 24, height: 16 } });
}

async function createPublic(admin: string, picture: string, name: string): Promise<string> {
  const questions: QuestionInput[] = [
    { type: 'single', title: '您对食堂的总体满意度？', required: true, options: [{ label: '满意', picture }, { label: '一般' }, { label: '不满意' }] },
    { type: 'text', title: '请说说哪里不满意', required: true, showIf: { question: 0, options: [2] } },
    { type: 'multiple', title: '您常吃哪几餐？', options: [{ label: '早餐' }, { label: '午餐' }, { label: '晚餐' }], max: 2 },
    { type: 'rating', title: '请为卫生打分', required: true, min: 1, max: 5 },
    { type: 'date', title: '最近一次就餐' },
  ];
  const res = await call<SurveySaved>(surveysPath.list, {
    token: admin,
    json: { name, category: '2', start: formatSchoolTime(Date.now() - DAY), end: formatSchoolTime(Date.now() + 7 * DAY), public: true, questions },
  });
  expect(res.status).toBe(200);
  const id = res.body.data?.id as string;
  expect((await call(surveysPath.publish(id), { token: admin, method: 'POST' })).status).toBe(200);
  return id;
}

/** Signed out on a phone: the public list, the questionnaire's card, its paper. */
async function openFromList(page: Page, id: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(appUrl(LIST));
  const card = page.locator(`${tid('survey-card')}[data-id="${id}"]`);
  await card.click();
  await page.locator(tid('paper')).waitFor();
  // nothing wider than the phone: no sideways scrolling
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function answerAndSubmitTwice(page: Page, id: string): Promise<void> {
  // nothing answered: the paper's own message on the first question, nothing sent
  await page.locator(tid('paper-submit')).click();
  await page.locator(tid('paper-error-0')).waitFor();
  expect(await responses(id)).toBe(0);
  // the questions shown are numbered 1, 2, 3 … whatever is hidden
  const numbers = () => page.locator('.sf-paper-number').allInnerTexts();
  expect(await numbers()).toEqual(['1.', '2.', '3.', '4.']);
  // "dissatisfied" brings the text question in; "satisfied" takes it away again
  await page.locator(tid('paper-option-0-2')).click();
  await page.locator(tid('paper-text-1')).waitFor();
  expect(await numbers()).toEqual(['1.', '2.', '3.', '4.', '5.']);
  await page.locator(tid('paper-option-0-0')).click();
  await page.locator(tid('paper-text-1')).waitFor({ state: 'detached' });
  await page.locator(tid('paper-option-2-0')).click();
  await page.locator(tid('paper-option-2-1')).click();
  // the rating left unanswered: its message names it by the number it shows (3, the hidden question not counted)
  await page.locator(tid('paper-submit')).click();
  expect(await page.locator(tid('paper-error-3')).innerText()).toMatch(/^\D*3\D*$/);
  expect(await responses(id)).toBe(0);
  await page.locator(tid('paper-rating-3-4')).click();
  await page.locator(tid('paper-date-4')).fill(formatSchoolTime(Date.now()).slice(0, 10));
  await page.locator(tid('paper-submit')).dblclick();
  // whatever the page says first, it must be the thanks
  const said = page.locator(`${tid('paper-thanks')}, ${tid('paper-already')}, ${tid('paper-server-error')}, .sf-field-error`).first();
  await said.waitFor();
  expect(await said.getAttribute('data-testid')).toBe('paper-thanks');
  expect(await page.locator(tid('paper-submit')).isDisabled()).toBe(true);
  await eventually(async () => expect(await responses(id)).toBe(1));
}

describe('answering a questionnaire without signing in, on a phone', () => {
  const { page } = browserPages();

  it('zh: lists it, answers it, a double-clicked submit stores one, and opened again says “already submitted”', async () => {
    const admin = await login('admin');
    const t = await page();
    const p = t.page;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpegOf(p))], { type: 'image/jpeg' }), '满意.jpg');
    const up = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': admin, 'X-Forwarded-For': randomIp() }, body: form });
    const picture = ((await up.json()) as { data: { resId: string }[] }).data[0]?.resId as string;
    const name = `食堂满意度 ${Date.now().toString(36)}`;
    const id = await createPublic(admin, picture, name);

    await openFromList(p, id);
    expect(await p.locator(tid('paper-name')).innerText()).toBe(name);
    // the picture option shows its picture, fetched without a session
    await eventually(async () => expect(await p.locator(tid('paper-picture')).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0));
    await shot(p, 'survey-answer-01-paper-zh');
    await answerAndSubmitTwice(p, id);
    expect(await p.locator(tid('paper-error-0')).count()).toBe(0);
    await shot(p, 'survey-answer-02-submitted-zh');

    // the same phone opens it again: the spec's message, no way to send a second
    await p.reload();
    await p.locator(tid('paper-already')).waitFor();
    expect(await p.locator(tid('paper-already')).innerText()).toContain('问卷已提交，不能重复提交');
    expect(await p.locator(tid('paper-submit')).isDisabled()).toBe(true);
    await shot(p, 'survey-answer-03-already-zh');
    expect(await responses(id)).toBe(1);
    // a second of the double click may have reached the server: its 409 is the only answer above 400
    expect(t.problems.unexpected({ allow: [/409 POST .*\/answers/] })).toEqual([]);
  });

  it('en: the same pages in English', async () => {
    const admin = await login('admin');
    const t = await page(true);
    const p = t.page;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpegOf(p))], { type: 'image/jpeg' }), 'happy.jpg');
    const up = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': admin, 'X-Forwarded-For': randomIp() }, body: form });
    const picture = ((await up.json()) as { data: { resId: string }[] }).data[0]?.resId as string;
    const id = await createPublic(admin, picture, `Canteen survey ${Date.now().toString(36)}`);

    await openFromList(p, id);
    await p.locator(tid('paper-submit')).click();
    expect(await p.locator(tid('paper-error-0')).innerText()).toBe('Please answer question 1');
    await shot(p, 'survey-answer-04-paper-en');
    await answerAndSubmitTwice(p, id);
    expect(await p.locator(tid('paper-thanks')).innerText()).toContain('Thank you');
    await p.reload();
    await p.locator(tid('paper-already')).waitFor();
    expect(await p.locator(tid('paper-already')).innerText()).toContain('The questionnaire has already been submitted');
    await shot(p, 'survey-answer-05-already-en');
    expect(await responses(id)).toBe(1);
  });

  it('signed in, 问卷答题 lists what is addressed to the student, answers it in place and marks it submitted', async () => {
    const admin = await login('admin');
    const class1 = await withDb(async (c) => String((await c.query(`SELECT id FROM admin_class WHERE name = '高一(1)班'`)).rows[0]?.id));
    const name = `班级问卷 ${Date.now().toString(36)}`;
    const res = await call<SurveySaved>(surveysPath.list, {
      token: admin,
      json: {
        name,
        category: '1',
        start: formatSchoolTime(Date.now() - DAY),
        end: formatSchoolTime(Date.now() + 7 * DAY),
        audience: { classIds: [class1] },
        questions: [{ type: 'rating', title: '本周课堂气氛', required: true, min: 1, max: 5 }],
      },
    });
    const id = res.body.data?.id as string;
    expect((await call(surveysPath.publish(id), { token: admin, method: 'POST' })).status).toBe(200);

    const t = await page();
    const p = t.page;
    await signedIn(p, 'student', '/survey/wjdt');
    const card = p.locator(`${tid('survey-card')}[data-id="${id}"]`);
    await card.locator(tid('survey-not-answered')).waitFor();
    await card.click();
    await p.locator(tid('paper-rating-0-5')).click();
    await p.locator(tid('paper-submit')).click();
    await p.locator(tid('paper-thanks')).waitFor();
    await shot(p, 'survey-answer-06-signed-in-zh');
    await p.locator(tid('survey-back')).click();
    await card.locator(tid('survey-answered')).waitFor();
    expect(await responses(id)).toBe(1);
  });
});
