import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flowPage, resourcePage } from '@schoolflow/contracts';
import type { Browser, Page } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { downloadBytes, eventually, launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { englishPage, openFromSidebar } from '../support/flow-pages.js';
import { flowCalls, schoolDate } from '../support/workflow.js';
import { readSheet, runTag } from '../resources/resource-support.js';

// 奖项申报 and 奖励管理 in the browser: the student reports a city-level award on the kit's form with its certificate;
// the head teacher and the office pass it; the office finds it in reward management (the kit's list page, filtered by
// state and level) and exports it; the same page in English.

const T = runTag();
// a contest some weeks ago, counted from today (the tests run any day); the award is dated its last day
const CONTEST_START = schoolDate(-49);
const CONTEST_END = schoolDate(-48);
const dir = mkdtempSync(join(tmpdir(), 'awards-'));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function openAwards(page: Page): Promise<void> {
  await openFromSidebar(page, '/academic/group/rewards', resourcePage('awards'));
  await page.locator(tid('resource-awards')).waitFor();
}

describe('awards in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a student reports an award; once head teacher and office pass it, reward management lists and exports it (zh, en)', async () => {
    const office = await login('office');
    const contest = await call<{ id: string }>('/api/awards/contests', { token: office, json: { name: `市中学生物理竞赛${T}`, level: 'city', startDate: CONTEST_START, endDate: CONTEST_END } });
    expect(contest.status).toBe(200);
    const student = await newTestPage(browser);
    const officePage = await newTestPage(browser);
    const english = await englishPage(browser);
    try {
      const s = student.page;
      await signedIn(s, 'student');
      await openFromSidebar(s, '/apply', flowPage('award-review', 'new'));
      await s.locator(tid('award-review-form')).waitFor();
      await s.locator(tid('award-review-submit')).click();
      await eventually(async () => expect(await s.locator(tid('award-review-prize-error')).innerText()).toBe('请填写获奖等级'));
      await s.locator(tid('award-review-kind')).selectOption('contest');
      await eventually(async () => expect(await s.locator(`${tid('award-review-contestId')} option[value="${contest.body.data?.id}"]`).count()).toBe(1));
      await s.locator(tid('award-review-contestId')).selectOption(contest.body.data?.id as string);
      await s.locator(tid('award-review-level')).selectOption('city');
      await s.locator(tid('award-review-prize')).fill(`一等奖${T}`);
      await s.locator(tid('award-review-awardedOn')).fill(CONTEST_END);
      const file = join(dir, 'certificate.png');
      writeFileSync(file, PNG);
      await s.locator(tid('award-review-certificates-input')).setInputFiles(file);
      await eventually(async () => expect(await s.locator(tid('award-review-certificates-item')).count()).toBe(1));
      await shot(s, 'awards-01-report');
      await s.locator(tid('award-review-submit')).click();

      await waitForPath(s, flowPage('award-review', 'detail'));
      const detail = s.locator(tid('award-review-detail'));
      await detail.waitFor();
      const id = (await detail.getAttribute('data-id')) ?? '';
      expect(await s.locator(tid('award-review-level-value')).innerText()).toBe('市级');
      expect(await s.locator(tid('flow-step-headTeacherReview')).getAttribute('data-state')).toBe('current');

      const { act } = flowCalls('award-review');
      expect((await act(await login('headteacher'), id, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');
      expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
      await eventually(async () => expect(await s.locator(tid('flow-step-approved')).getAttribute('data-state')).toBe('current'));
      await shot(s, 'awards-02-passed');

      // reward management: the office's list, filtered as the spec's page does (state, level), then exported
      const o = officePage.page;
      await signedIn(o, 'office');
      await openAwards(o);
      const page = o.locator(tid('resource-awards'));
      await page.locator(tid('filter-state')).selectOption('passed');
      await page.locator(tid('filter-level')).selectOption('city');
      await page.locator(tid('resource-search')).fill(T);
      // The award is written by the flow's effect after the office's pass (a subscription, a moment later), and an empty
      // list's placeholder is a row too: search again until the award is listed, then it is the one row.
      try {
        await eventually(async () => {
          await page.locator(tid('resource-search-submit')).click();
          expect(await page.locator(`${tid('resource-table')} tbody`).innerText()).toContain(`一等奖${T}`);
        });
      } catch (err) {
        // Seen twice in full runs (2026-11-29), never alone: say whether the effect wrote the award and where the
        // effects subscription stood (a bad event of another file retried ahead of it?)
        const facts = await withDb(async (c) => ({
          award: (await c.query(`SELECT state, level, prize, awarded_on, created_at FROM award WHERE instance_id = $1`, [id])).rows,
          checkpoints: (await c.query(`SELECT name, position::text, updated_at FROM subscription_checkpoints ORDER BY name`)).rows,
          parked: (await c.query(`SELECT count(*)::int AS n FROM subscription_parked_events`)).rows,
          now: new Date().toISOString(),
        }));
        throw new Error(`${(err as Error).message}\n${JSON.stringify(facts)}`, { cause: err });
      }
      await eventually(async () => expect(await page.locator(`${tid('resource-table')} tbody tr`).count()).toBe(1));
      const row = await page.locator(`${tid('resource-table')} tbody`).innerText();
      for (const text of [`一等奖${T}`, '市级', '审核通过', `市中学生物理竞赛${T}`, '学生']) expect(row).toContain(text);
      await shot(o, 'awards-03-reward-management');
      const [download] = await Promise.all([o.waitForEvent('download'), page.locator(tid('resource-export')).click()]);
      expect(download.suggestedFilename()).toBe('获奖记录.xlsx');
      const { rows } = readSheet(await downloadBytes(download));
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining([`一等奖${T}`, '市级', '审核通过']));

      // the contest setting beside it
      await openFromSidebar(o, '/academic/group/rewards', resourcePage('contests'));
      await o.locator(tid('resource-contests')).waitFor();
      await o.locator(tid('resource-contests')).locator(tid('resource-search')).fill(T);
      await o.locator(tid('resource-contests')).locator(tid('resource-search-submit')).click();
      await eventually(async () => expect(await o.locator(tid('resource-contests')).locator(`${tid('resource-table')} tbody`).innerText()).toContain(`市中学生物理竞赛${T}`));
      await shot(o, 'awards-04-contests');

      // in English: the titles and labels from the locale files
      const e = english.page;
      await signedIn(e, 'office');
      await openAwards(e);
      await e.locator(tid('resource-awards')).locator(tid('resource-search')).fill(T);
      await e.locator(tid('resource-awards')).locator(tid('resource-search-submit')).click();
      await eventually(async () => expect(await e.locator(tid('resource-awards')).locator(`${tid('resource-table')} tbody`).innerText()).toContain('Review passed'));
      expect(await e.locator(tid('resource-title')).innerText()).toContain('Awards');
      await shot(e, 'awards-05-reward-management-en');

      for (const t of [student, officePage, english]) expect(t.problems.unexpected()).toEqual([]);
    } finally {
      await student.close();
      await officePage.close();
      await english.close();
    }
  });
});
