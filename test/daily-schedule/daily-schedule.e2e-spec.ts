import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { resources } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { schoolDate } from '../support/workflow.js';
import { launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { path } from '../resources/resource-support.js';

/**
 * 作息时间 end to end (docs/product/base-data.md#daily-schedule, docs/adr/0065-interface-languages.md) on the shared
 * test server: a moment ending before it starts is refused in zh and en and nothing is written; a student reads the
 * schedules but may not change them (403); in Chromium a student's 作息时间管理 shows today's schedule — the demo's
 * winter one, in force since twenty days before it was seeded — its moments by time, lights out for boarders, and
 * reads in English. It makes nothing to remove.
 */
const zh = resources.zh.resource['daily-schedules'];
const en = resources.en.resource['daily-schedules'];
const tokens = {} as Record<'office' | 'student', string>;
let browser: Browser | undefined;
const schedules = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM daily_schedule`)).rows[0]?.n));

beforeAll(async () => {
  [tokens.office, tokens.student] = (await Promise.all(['office', 'student'].map((a) => login(a)))) as [string, string];
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('daily schedule', () => {
  it('a moment ending before it starts is refused in zh and en; a student reads but may not write', async () => {
    const before = await schedules();
    const json = { name: '坏作息', season: 'summer', effectiveFrom: schoolDate(150), items: [{ kind: 'lunch', name: '午餐', start: '12:30', end: '12:00' }] };
    for (const [lang, msg] of [['zh', resources.zh.validation.endBeforeStart], ['en', resources.en.validation.endBeforeStart]] as const) {
      const res = await call(path('daily-schedules'), { token: tokens.office, json, lang });
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    const read = await call<{ total: number }>(`${path('daily-schedules')}?enabled=true`, { token: tokens.student });
    expect([read.status, (read.body.data?.total ?? 0) >= 2]).toEqual([200, true]);
    const write = await call(path('daily-schedules'), { token: tokens.student, json: { ...json, items: [] } });
    expect(write.status).toBe(403);
    expect(await schedules()).toBe(before);
  });

  it('in Chromium a student sees today\'s schedule by time, lights out for boarders, and in English', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'student', '/zxqgl');
    const items = page.locator(tid('daily-schedule-item'));
    await items.first().waitFor();
    await expect(page.locator(tid('daily-schedule-name')).innerText()).resolves.toContain('冬季作息');
    const kinds = await items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds[0]).toBe('arrival');
    expect(kinds.at(-1)).toBe('lightsOut');
    await expect(items.last().innerText()).resolves.toContain(zh.today.boarders);
    expect(await page.locator(tid('resource-new')).count()).toBe(0);
    await shot(page, 'daily-schedule-zh');
    await page.locator(tid('lang-switch')).click();
    await expect(page.locator(tid('daily-schedule-today')).locator('h3').innerText()).resolves.toContain(en.today.title);
    await shot(page, 'daily-schedule-en');
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);

  it('in the office\'s form a moment\'s "boarders only" is a checkbox, not a text box of true/false', async () => {
    browser ??= await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'office', '/zxqgl');
    await page.locator(tid('resource-new')).click();
    await page.locator(tid('resource-form')).waitFor();
    await page.locator(tid('field-items-add')).click();
    const boarders = page.locator(tid('field-items-0-boardersOnly'));
    expect(await boarders.getAttribute('type')).toBe('checkbox');
    expect(await boarders.isChecked()).toBe(false);
    await boarders.check();
    expect(await boarders.isChecked()).toBe(true);
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
