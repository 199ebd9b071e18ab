import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { AdminPath, type ChartData, type CustomPage, type CustomPageSummary, type CustomPageVersion, resources } from '@schoolflow/contracts';
import { call, type CallOptions, login, withDb } from '../support/api.js';
import { appUrl, eventually, launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';

/**
 * 自定义页面 end to end (docs/product/office.md#custom-pages, docs/adr/0056-custom-pages.md) on the shared test server:
 * bad input answers the envelope in the caller's language and writes nothing; only editors build pages (403, logged);
 * a save sanitises text, keeps the replaced layout to restore and refuses a stale one; a page is seen only through a
 * menu of one's roles that carries it, once published. In Chromium an administrator builds a page by dragging three
 * cards from the palette onto the grid, moves and resizes them with the mouse, saves it, attaches it (菜单管理's API) to
 * a menu flagged custom for teachers and publishes it; the teacher opens the menu's route and sees the three cards —
 * in zh, then a glance in en. What it makes is removed at its end.
 */
const zh = resources.zh.pages;
const en = resources.en.pages;
const tokens = {} as Record<'admin' | 'teacher' | 'student', string>;
const madePages: string[] = [];
const madeMenus: string[] = [];
let browser: Browser | undefined;

const count = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM custom_page`)).rows[0]?.n));
const api = <T>(who: keyof typeof tokens, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}) => call<T>(`/api/pages${path}`, { token: tokens[who], ...o });
const failures = (account: string, action: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = $1 AND result = 'failure' AND account = $2`, [action, account])).rows[0]?.n));
const card = (over: Record<string, unknown>) => ({ x: 0, y: 0, w: 4, h: 3, title: '', ...over });

/** A menu flagged custom carrying `pageId`, saved through 菜单管理's API, granted to the teacher role. */
async function attach(pageId: string, name: string): Promise<string> {
  const saved = await call<{ id: string }>(AdminPath.menuSave, { token: tokens.admin, json: { parentId: null, name, nameEn: `${name} EN`, url: '/customPages/page_view', permission: `menu:cp_${Date.now()}`, icon: 'home', sort: 7, custom: true, customParam: pageId } });
  expect(saved.body).toMatchObject({ result: true });
  const id = saved.body.data?.id as string;
  madeMenus.push(id);
  await withDb((c) => c.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role WHERE code = 'teacher'`, [id]));
  return id;
}

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.student] = (await Promise.all(['admin', 'teacher', 'student'].map((a) => login(a)))) as [string, string, string];
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb(async (c) => {
    await c.query(`DELETE FROM sys_menu WHERE id = ANY($1::uuid[])`, [madeMenus]);
    await c.query(`DELETE FROM sys_file_link WHERE ref_type = 'custom-page' AND ref_id = ANY($1::uuid[])`, [madePages]);
    await c.query(`DELETE FROM custom_page WHERE id = ANY($1::uuid[])`, [madePages]);
  });
});

describe('custom pages', () => {
  it('bad input answers the envelope in zh and en and writes nothing; only editors build pages', async () => {
    const before = await count();
    for (const [json, key] of [
      [{ name: '  ' }, 'nameRequired'],
      [{ name: '页'.repeat(31) }, 'nameTooLong'],
    ] as const) {
      for (const [lang, msg] of [['zh', zh.validation[key]], ['en', en.validation[key]]] as const) {
        const res = await api('admin', '', { json, lang });
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    const teacherBefore = await failures('teacher', 'page.create');
    const refused = await api('teacher', '', { json: { name: '教师页面' }, lang: 'en' });
    expect([refused.status, refused.body.result, refused.body.msg]).toEqual([403, false, en.errors.forbidden]);
    expect(await failures('teacher', 'page.create')).toBe(teacherBefore + 1);
    expect((await api('teacher', '')).status).toBe(403);
    expect((await api('admin', '/not-a-page')).body.msg).toBe(zh.errors.notFound);
    expect(await count()).toBe(before);
  });

  it('a save sanitises text, keeps the replaced layout to restore, refuses overlap, bad links and a stale version; a page shows only through a menu of one’s roles, once published', async () => {
    const created = await api<CustomPageSummary>('admin', '', { json: { name: '接口测试页' } });
    expect([created.status, created.body.msg]).toEqual([200, zh.results.created]);
    const id = (created.body.data as CustomPageSummary).id;
    madePages.push(id);
    expect(created.body.data).toMatchObject({ published: false, version: 1, cards: 0, menus: [] });

    const before = await withDb(async (c) => (await c.query(`SELECT version, layout FROM custom_page WHERE id = $1`, [id])).rows[0] as unknown);
    for (const [cards, msg] of [
      [[card({ i: 'a', kind: 'calendar' }), card({ i: 'b', kind: 'calendar', x: 2, y: 1 })], zh.validation.cardsOverlap],
      [[card({ i: 'a', kind: 'links', items: [{ label: 'x', url: 'javascript:alert(1)' }] })], zh.validation.urlInvalid],
      [[card({ i: 'a', kind: 'text', x: 10 })], zh.validation.gridInvalid],
    ] as const) {
      const res = await api('admin', `/${id}/layout`, { method: 'PUT', json: { layout: { cards }, baseVersion: 1 } });
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    expect(await withDb(async (c) => (await c.query(`SELECT version, layout FROM custom_page WHERE id = $1`, [id])).rows[0] as unknown)).toEqual(before);

    const first = [card({ i: 'hello', kind: 'text', html: '<p onclick="steal()">你好<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' })];
    const saved = await api<CustomPage>('admin', `/${id}/layout`, { method: 'PUT', json: { layout: { cards: first }, baseVersion: 1 } });
    expect([saved.status, saved.body.msg, saved.body.data?.version]).toEqual([200, zh.results.saved, 2]);
    const html = (saved.body.data as CustomPage).layout.cards[0]?.kind === 'text' ? ((saved.body.data as CustomPage).layout.cards[0] as { html: string }).html : '';
    expect(html).toContain('你好');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|alert/);
    const second = [card({ i: 'cal', kind: 'calendar', w: 6, h: 6 }), card({ i: 'chart', kind: 'chart', x: 6, w: 6, h: 5 })];
    expect((await api<CustomPage>('admin', `/${id}/layout`, { method: 'PUT', json: { layout: { cards: second }, baseVersion: 2 } })).body.data?.version).toBe(3);
    const stale = await api('admin', `/${id}/layout`, { method: 'PUT', json: { layout: { cards: first }, baseVersion: 2 }, lang: 'en' });
    expect([stale.status, stale.body.msg]).toEqual([409, en.errors.staleVersion]);
    const versions = await api<CustomPageVersion[]>('admin', `/${id}/versions`);
    expect((versions.body.data ?? []).map((v) => [v.version, v.cards])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    const reverted = await api<CustomPage>('admin', `/${id}/versions/2/revert`, { method: 'POST', json: {} });
    expect([reverted.body.data?.version, reverted.body.data?.layout.cards.map((c) => c.i)]).toEqual([4, ['hello']]);
    expect((await api('admin', `/${id}/versions/99/revert`, { method: 'POST', json: {} })).body.msg).toBe(zh.errors.versionNotFound);

    // nobody but editors sees a page no menu carries; a carried one once published, to the menu's roles only
    const readBefore = await failures('teacher', 'page.read');
    expect((await api('teacher', `/${id}`)).status).toBe(404);
    expect(await failures('teacher', 'page.read')).toBe(readBefore + 1);
    await attach(id, '接口测试菜单');
    expect((await api('teacher', `/${id}`)).status).toBe(404); // not published yet
    expect((await api<CustomPageSummary>('admin', `/${id}/publish`, { method: 'PUT', json: { published: true } })).body.data).toMatchObject({ published: true, menus: [{ name: '接口测试菜单', home: false }] });
    const shown = await api<CustomPage>('teacher', `/${id}`);
    expect([shown.status, shown.body.data?.editable, shown.body.data?.layout.cards.length]).toEqual([200, false, 1]);
    expect((await api('student', `/${id}`)).status).toBe(404);
    expect((await api('teacher', `/${id}/layout`, { method: 'PUT', json: { layout: { cards: [] }, baseVersion: 4 } })).status).toBe(403);

    // the chart's named source: this week's leave applications, one count a day
    const chart = await api<ChartData>('teacher', '/sources/leave-week');
    expect([chart.body.data?.labels.length, chart.body.data?.values.every((n) => Number.isInteger(n) && n >= 0)]).toEqual([7, true]);
    expect((await api('teacher', '/sources/nothing')).status).toBe(404);

    const deleted = await api('admin', `/${id}`, { method: 'DELETE' });
    expect([deleted.status, deleted.body.msg]).toEqual([200, zh.results.deleted]);
    expect((await api('teacher', `/${id}`)).status).toBe(404);
  });

  it('in Chromium an administrator drags three cards onto a page, saves and attaches it; a teacher opens its menu and sees them (zh, then en)', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'admin', '/customPages/pageMangger');
    await page.locator(tid('cp-new')).click();
    const name = `拖拽页面${Date.now() % 100000}`;
    await page.locator(tid('cp-create-name')).fill(name);
    await page.locator(tid('cp-create-save')).click();
    const row = page.locator(`${tid('cp-page-row')}[data-name="${name}"]`);
    await row.waitFor();
    const id = (await row.getAttribute('data-id')) as string;
    madePages.push(id);
    await row.locator(tid('cp-design')).click();
    await waitForPath(page, `/customPages/drag_layout/${id}`);
    await page.locator(tid('cp-canvas')).waitFor();

    // three cards dragged from the palette onto the grid: mouse down on the palette item, moves over the canvas, up
    const canvas = page.locator(tid('cp-canvas'));
    for (const [kind, at] of [
      ['text', { x: 40, y: 30 }],
      ['links', { x: 500, y: 30 }],
      ['calendar', { x: 40, y: 260 }],
    ] as const) {
      await page.locator(tid(`cp-palette-${kind}`)).dragTo(canvas, { targetPosition: at });
      await page.locator(`${tid('cp-canvas')} ${tid(`cp-card-${kind}`)}`).waitFor();
    }
    expect(await page.locator(`${tid('cp-canvas')} .sf-cp-card`).count()).toBe(3);

    // move the links card by its title with the mouse, then resize the text card by its corner
    const links = page.locator(`${tid('cp-canvas')} ${tid('cp-card-links')}`);
    const xBefore = Number(await links.getAttribute('data-x'));
    const head = (await links.locator('.sf-cp-card-head').boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(head.x + 20, head.y + head.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(head.x + 20 + step * 25, head.y + head.height / 2, { steps: 2 });
    await page.mouse.up();
    await eventually(async () => expect(Number(await links.getAttribute('data-x'))).toBeGreaterThan(xBefore));
    const text = page.locator(`${tid('cp-canvas')} ${tid('cp-card-text')}`);
    const wBefore = Number(await text.getAttribute('data-w'));
    const corner = (await text.locator('.react-resizable-handle-se').boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 6; step++) await page.mouse.move(corner.x + step * 25, corner.y + step * 6, { steps: 2 });
    await page.mouse.up();
    await eventually(async () => expect(Number(await text.getAttribute('data-w'))).toBeGreaterThan(wBefore));

    // the text card's settings: a title and HTML with a script in it
    await text.locator('.sf-cp-card-body').click();
    await page.locator(tid('cp-set-title')).fill('欢迎');
    await page.locator(tid('cp-set-html')).fill('<p><b>欢迎老师们</b></p><script>window.__pwned = 1</script>');
    await page.locator(tid('cp-set-apply')).click();
    await page.locator(tid('cp-links') + ', ' + tid('cp-links-empty')).first().waitFor();
    await page.locator(`${tid('cp-canvas')} ${tid('cp-card-links')}`).locator('.sf-cp-card-body').click();
    // the links' example is in the page's language: no Chinese on the English page
    expect(await page.locator(tid('cp-set-links')).getAttribute('placeholder')).toBe(zh.fields.linksPlaceholder);
    await page.locator(tid('lang-switch')).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.locator(tid('cp-set-links')).getAttribute('placeholder')).toBe('Home|/dashboard');
    await page.locator(tid('lang-switch')).click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.locator(tid('cp-set-links')).fill('我的待办|/dbgl\n学校网站|https://school.example');
    await page.locator(tid('cp-set-apply')).click();
    await page.locator(tid('cp-unsaved')).waitFor();
    await shot(page, 'custom-pages-designer-zh');
    await page.locator(tid('cp-save')).click();
    await eventually(async () => expect(await page.locator(tid('cp-designer')).getAttribute('data-version')).toBe('2'));
    expect(await page.locator(tid('cp-designer')).getAttribute('data-dirty')).toBe('false');
    const stored = await api<CustomPage>('admin', `/${id}`);
    expect((stored.body.data?.layout.cards ?? []).map((c) => c.kind).sort()).toEqual(['calendar', 'links', 'text']);

    // attach it to a menu flagged custom for teachers, and publish it from the manager
    const menuName = `教师主页${Date.now() % 100000}`;
    await attach(id, menuName);
    await page.locator(tid('cp-back')).click();
    await waitForPath(page, '/customPages/pageMangger');
    await row.locator(tid('cp-publish')).click();
    await eventually(async () => expect(await row.locator(tid('cp-page-state')).innerText()).toBe(zh.manager.published));
    await expect(row.locator(tid('cp-page-menu')).innerText()).resolves.toContain(menuName);
    await close();
    expect(problems.unexpected()).toEqual([]);

    // the teacher: the menu is in the sidebar, its route {menuurl}/{param} shows the three cards, the text sanitised
    const teacher = await newTestPage(browser);
    await signedIn(teacher.page, 'teacher');
    await teacher.page.locator(tid('menu-item-/customPages/page_view')).filter({ hasText: menuName }).click();
    await waitForPath(teacher.page, `/customPages/page_view/${id}`);
    const view = teacher.page.locator(tid('cp-view'));
    await view.waitFor();
    await expect(teacher.page.locator(`${tid('cp-grid')} .sf-cp-card`).count()).resolves.toBe(3);
    await expect(teacher.page.locator(tid('cp-text')).innerText()).resolves.toContain('欢迎老师们');
    expect(await teacher.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await teacher.page.locator(`${tid('cp-links')} a[href="/dbgl"]`).waitFor();
    await teacher.page.locator(tid('cp-calendar')).waitFor();
    await shot(teacher.page, 'custom-pages-view-zh');
    // a glance in en
    await teacher.context.addCookies([{ name: 'language', value: 'en', url: appUrl('/') }]);
    await teacher.page.reload();
    await teacher.page.locator(tid('cp-view')).waitFor();
    await expect(teacher.page.locator(tid('cp-calendar-month')).innerText()).resolves.toMatch(/[A-Z][a-z]+ \d{4}/);
    await shot(teacher.page, 'custom-pages-view-en');
    // the demo page 教工之家 at phone width: its cards stacked, the chart drawn from this week's leave
    await teacher.page.setViewportSize({ width: 390, height: 844 });
    await teacher.page.goto(appUrl('/dashboard'));
    await teacher.page.locator(tid('sidebar-toggle')).click();
    await teacher.page.locator(tid('menu-item-/customPages/page_view')).filter({ hasText: 'Staff corner' }).click();
    await teacher.page.locator(`${tid('cp-chart')}[data-ready="true"]`).waitFor();
    await expect(teacher.page.locator(`${tid('cp-grid')} .sf-cp-card`).count()).resolves.toBe(5);
    await shot(teacher.page, 'custom-pages-demo-phone-en');
    await teacher.close();
    expect(teacher.problems.unexpected()).toEqual([]);
  }, 120_000);
});
