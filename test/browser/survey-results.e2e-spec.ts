import { describe, expect, it } from '@jest/globals';
import type { SurveyPaper, SurveySaved } from '@schoolflow/contracts';
import { call, login, randomIp } from '../support/api.js';
import { eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';
import { schoolDate } from '../support/workflow.js';

// Issue 25's results in the browser: the author (admin) opens a public questionnaire's results (问卷管理
// ?id=…&view=results); each question's chart is drawn (ECharts, loaded only here) with its counts and shares, the
// text answers are searched; a phone answers while the page is open and the count rises without a reload (the
// `survey.answered` push). Then the same page in English.

const opts = (...labels: string[]) => labels.map((label) => ({ label }));

async function answer(id: string, answers: (q: string[]) => { questionId: string; value: unknown }[]): Promise<void> {
  const ip = randomIp();
  const paper = await call<SurveyPaper>(`/anon/surveys/${id}`, { ip });
  const token = paper.body.data?.deviceToken ?? '';
  const res = await call(`/anon/surveys/${id}/answers`, { ip, json: { answers: answers((paper.body.data?.questions ?? []).map((x) => x.id)) }, headers: { 'X-Survey-Device': token } });
  if (res.status !== 200) throw new Error(`answer refused: ${res.status} ${res.body.msg}`);
}

describe('questionnaire results in the browser', () => {
  const { page } = browserPages();

  it('charts per question, text search, the count rising live; zh and en', async () => {
    const admin = await login('admin');
    const name = `食堂满意度调查 ${Date.now().toString(36)}`;
    const created = await call<SurveySaved>('/api/surveys', {
      token: admin,
      json: {
        name,
        category: '2',
        start: `${schoolDate(-1)} 00:00`,
        end: `${schoolDate(7)} 23:59`,
        public: true,
        questions: [
          { type: 'single', title: '最常去的窗口', options: opts('一号窗口', '二号窗口', '清真窗口') },
          { type: 'rating', title: '总体满意度', min: 1, max: 5 },
          { type: 'matrix', title: '各方面评价', rows: ['饭菜口味', '环境卫生'], options: opts('差', '一般', '好') },
          { type: 'text', title: '意见和建议' },
        ],
      },
    });
    const id = created.body.data?.id as string;
    expect((await call(`/api/surveys/${id}/publish`, { token: admin, json: {} })).status).toBe(200);
    await answer(id, (q) => [
      { questionId: q[0] as string, value: 0 },
      { questionId: q[1] as string, value: 5 },
      { questionId: q[2] as string, value: { '0': 2, '1': 1 } },
      { questionId: q[3] as string, value: '希望增加水果' },
    ]);
    await answer(id, (q) => [
      { questionId: q[0] as string, value: 2 },
      { questionId: q[1] as string, value: 4 },
      { questionId: q[2] as string, value: { '0': 1, '1': 2 } },
      { questionId: q[3] as string, value: '饭菜很好吃' },
    ]);

    const author = await page();
    const a = author.page;
    await signedIn(a, 'admin', `/survey/wjlb?id=${id}&view=results`);
    await a.locator(tid('survey-results')).waitFor();
    expect(await a.locator(`${tid('survey-results')} .sf-card-title`).first().innerText()).toContain(`问卷结果：${name}`);
    expect(await a.locator(tid('results-respondents')).getAttribute('data-value')).toBe('2');
    // every question with a chart has it drawn (ECharts fetched on the first)
    for (const n of [0, 1, 2]) await eventually(async () => expect(await a.locator(tid(`results-chart-${n}`)).getAttribute('data-ready')).toBe('true'));
    expect(await a.locator(`${tid(`results-chart-0`)} canvas`).count()).toBeGreaterThan(0);
    const first = a.locator(`${tid('results-question')}[data-position="0"] ${tid('results-option')}`);
    expect(await first.evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-label'), r.getAttribute('data-count'), r.getAttribute('data-percent')]))).toEqual([
      ['一号窗口', '1', '50'],
      ['二号窗口', '0', '0'],
      ['清真窗口', '1', '50'],
    ]);
    expect(await a.locator(tid('results-rating-average')).getAttribute('data-value')).toBe('4.5');
    // text answers searched by the server
    expect(await a.locator(tid('results-text')).count()).toBe(2);
    await a.locator(`${tid('results-text-search')} input`).fill('水果');
    await eventually(async () => expect(await a.locator(tid('results-text')).allInnerTexts()).toEqual([expect.stringContaining('希望增加水果')]));
    await a.locator(`${tid('results-text-search')} input`).fill('');
    await shot(a, 'survey-results-01-zh');

    // a phone answers while the page is open: the count rises, the charts follow, no reload
    await a.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await answer(id, (q) => [
      { questionId: q[0] as string, value: 0 },
      { questionId: q[1] as string, value: 3 },
    ]);
    await eventually(async () => expect(await a.locator(tid('results-respondents')).getAttribute('data-value')).toBe('3'));
    await eventually(async () => expect(await first.first().getAttribute('data-count')).toBe('2'));
    expect(await a.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await shot(a, 'survey-results-02-live-zh');
    expect(author.problems.unexpected()).toEqual([]);

    // in English
    const en = await page(true);
    await signedIn(en.page, 'admin', `/survey/wjlb?id=${id}&view=results`);
    await en.page.locator(tid('survey-results')).waitFor();
    expect(await en.page.locator(`${tid('survey-results')} .sf-card-title`).first().innerText()).toContain(`Results: ${name}`);
    expect((await en.page.locator(tid('results-export')).innerText()).trim()).toBe('Export to Excel');
    await eventually(async () => expect(await en.page.locator(tid('results-chart-0')).getAttribute('data-ready')).toBe('true'));
    await shot(en.page, 'survey-results-03-en');
    expect(en.problems.unexpected()).toEqual([]);
  });
});
