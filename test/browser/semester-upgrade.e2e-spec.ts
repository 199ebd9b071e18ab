import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { withDb } from '../support/api.js';
import { appUrl, barMoments, eventually, launchBrowser, newTestPage, recordBar, shot, signedIn, tid, type TestPage } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { type Instance, isolatedDatabase, startInstance, stopInstance } from '../support/instances.js';
import { type DemoSemesters, startInFirstSemester } from '../support/demo-semesters.js';

// Issue 11 in the browser, on a database and server of its own (an upgrade changes the demo school every other file
// reads): the administrator chooses the next school year's first semester on 学期升级, sees what will happen, confirms
// twice — each dialog naming it — and watches the bar; a second administrator with the page open in English sees the
// same bar move; both see the upgrade completed, and its history page shows what it moved.

const shared = { base: process.env.E2E_BASE_URL, db: process.env.E2E_DATABASE_URL };
const PAGE = '/academic/semester_upgrade';
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let app: Instance | undefined;
let browser: Browser;
let zh: TestPage;
let en: TestPage;
let S: DemoSemesters;

beforeAll(async () => {
  db = await isolatedDatabase();
  // a pause per class, so the bar is seen moving
  app = await startInstance(db.url, db.name, { UPGRADE_CLASS_DELAY_MS: '1000' });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATABASE_URL = db.url;
  // the demo is dated from today: whichever semester that is, the test starts in the first of the school year
  S = await startInFirstSemester();
  // a second administrator: the principal is given the role
  await withDb((c) => c.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.account = 'principal' AND r.code = 'admin' ON CONFLICT DO NOTHING`));
  browser = await launchBrowser();
  zh = await newTestPage(browser);
  en = await englishPage(browser);
}, 180_000);

afterAll(async () => {
  await zh?.close();
  await en?.close();
  await browser?.close();
  process.env.E2E_BASE_URL = shared.base;
  process.env.E2E_DATABASE_URL = shared.db;
  await stopInstance(app);
  await db?.drop();
}, 60_000);

describe('semester upgrade in the browser', () => {
  it('chooses a later semester, confirms twice naming what will happen, and both administrators watch the same bar to the end', async () => {
    const { page } = zh;
    await signedIn(page, 'admin');
    await signedIn(en.page, 'principal');
    await page.goto(appUrl(PAGE));
    await en.page.goto(appUrl(PAGE));
    await page.locator(tid('semester-upgrade')).waitFor();
    await eventually(async () => expect(await page.locator(tid('upgrade-current')).innerText()).toBe(S.name.c1.zh));
    await eventually(async () => expect(await en.page.locator(tid('upgrade-current')).innerText()).toBe(S.name.c1.en));

    // only later semesters are offered, each with its kind; the chosen one's plan is shown before anything happens
    const offered = await page.locator(`${tid('upgrade-semester')} option`).allInnerTexts();
    expect(offered.slice(1)).toEqual([`${S.name.c2.zh} · 同一学年`, `${S.name.n1.zh} · 进入新学年`, `${S.name.n2.zh} · 进入新学年`]);
    await page.locator(tid('upgrade-semester')).selectOption({ label: `${S.name.n1.zh} · 进入新学年` });
    expect(await page.locator(tid('upgrade-preview-main')).innerText()).toBe(
      `当前学期将由“${S.name.c1.zh}”变为“${S.name.n1.zh}”，进入新学年：4 个班级升一个年级，2 个班级的 60 名学生毕业离校。`,
    );

    // the first confirmation names it; 稍后再确认 leaves it waiting, and it is taken up again from the page
    await page.locator(tid('upgrade-start')).click();
    const dialog = page.locator(tid('upgrade-confirm'));
    await page.locator(`${tid('upgrade-confirm')}[data-step="1"]`).waitFor();
    expect(await dialog.locator(tid('upgrade-confirm-plan-main')).innerText()).toContain('4 个班级升一个年级，2 个班级的 60 名学生毕业离校');
    expect(await dialog.innerText()).toContain('此操作不可撤销。');
    await shot(page, 'semester-upgrade-confirm-1');
    await page.locator(tid('upgrade-later')).click();
    await page.locator(tid('upgrade-pending')).waitFor();
    // the other administrator's page learns of it too (it asks every few seconds)
    await en.page.locator(tid('upgrade-pending')).waitFor({ timeout: 15_000 });
    expect(await en.page.locator(tid('upgrade-pending')).innerText()).toContain('A semester upgrade is waiting for its confirmations (Awaiting first confirmation)');
    await page.locator(tid('upgrade-continue')).click();
    await page.locator(`${tid('upgrade-confirm')}[data-step="1"]`).waitFor();
    await page.locator(tid('upgrade-confirm-ok')).click();

    // the second names it again and says it starts at once
    await page.locator(`${tid('upgrade-confirm')}[data-step="2"]`).waitFor();
    expect(await dialog.innerText()).toContain('第二次确认：确认后立即开始，不能撤回、不能撤销');
    expect(await dialog.locator(tid('upgrade-confirm-plan-main')).innerText()).toContain('60 名学生毕业离校');
    await shot(page, 'semester-upgrade-confirm-2');
    // both pages record every moment of the bar from here: six classes a second apart are over before a slow
    // machine's polling check would look at the English page
    await recordBar(page, 'upgrade-progress');
    await recordBar(en.page, 'upgrade-progress');
    await page.locator(tid('upgrade-confirm-ok')).click();

    // the bar moves on both pages (the English one only ever saw pushes and polls), then both say it completed
    const bar = (p: TestPage) => p.page.locator(tid('upgrade-progress'));
    await eventually(async () => expect(Number(await bar(zh).getAttribute('data-done'))).toBeGreaterThanOrEqual(1));
    await shot(zh.page, 'semester-upgrade-running');
    await eventually(async () => expect(await bar(zh).getAttribute('data-state')).toBe('completed'), 30_000);
    await eventually(async () => expect(await bar(en).getAttribute('data-state')).toBe('completed'), 30_000);
    const running = async (p: TestPage) => (await barMoments(p.page, 'upgrade-progress')).filter((m) => m.state === 'running' && m.done >= 1);
    expect((await running(zh)).map((m) => m.text)).toContainEqual(expect.stringMatching(/学期升级进行中\s*已处理 \d \/ 6 个班级/));
    expect((await running(en)).map((m) => m.text)).toContainEqual(expect.stringMatching(/Semester upgrade running\s*\d of 6 classes done/));
    expect(await bar(zh).innerText()).toContain(`学期升级已完成：当前学期为“${S.name.n1.zh}”`);
    expect(await bar(en).innerText()).toContain(`Semester upgrade completed: the current semester is "${S.name.n1.en}"`);
    await eventually(async () => expect(await page.locator(tid('upgrade-current')).innerText()).toBe(S.name.n1.zh));

    // the history: the row's result, and its page with what it moved
    await eventually(async () => expect(await page.locator(tid('upgrade-history-result')).first().innerText()).toBe('4 个班级升级，60 名学生毕业'), 15_000);
    await page.locator(tid('upgrade-history-open')).first().click();
    await page.locator(tid('semester-upgrade-detail')).waitFor();
    expect(await page.locator(tid('semester-upgrade-moved')).innerText()).toBe('处理 6 个班级：4 个升一个年级，2 个班级的 60 名学生毕业');
    const history = await page.locator(tid('history-action')).allInnerTexts();
    expect(history).toEqual(['选择学期，发起升级', '确认', '确认', '开始升级', '升级完成']);
    await shot(page, 'semester-upgrade-history');

    expect(zh.problems.unexpected()).toEqual([]);
    expect(en.problems.unexpected()).toEqual([]);
  }, 180_000);
});
