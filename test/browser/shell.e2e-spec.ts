import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ApiPath } from '@schoolflow/contracts';
import { call, DEMO_PASSWORD, login } from '../support/api.js';
import {
  appUrl,
  cookieValue,
  eventually,
  getCookie,
  launchBrowser,
  newTestPage,
  pathOf,
  shot,
  signIn,
  tid,
  waitForPath,
} from '../support/browser.js';

// The console shell of docs/product/shell-and-sign-in.md, driven through the SPA in a real Chromium against the built server.

const STRATEGY_EN = 'The password must be 8-50 characters and contain upper-case and lower-case letters, a digit and a special character';

/** Visible titles of the open tabs, left to right. */
async function tabTitles(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid^="tab-/"]').allInnerTexts()).map((s) => s.trim());
}

async function sidebarText(page: Page): Promise<string> {
  return page.locator(tid('sidebar')).innerText();
}

async function bodyClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.body.classList]);
}

/** Opens a page of a sidebar group: expands the group when its page is not listed yet, then clicks the page. */
async function openFromSidebar(page: Page, group: string, path: string): Promise<void> {
  const item = page.locator(`${tid('sidebar')} ${tid(`menu-item-${path}`)}`);
  if (!(await item.isVisible())) await page.locator(`${tid('sidebar')} ${tid(`menu-item-${group}`)}`).click();
  await item.click();
  await waitForPath(page, path);
}

describe('console shell in the browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('admin: sidebar menus, tabs and "close others", English, red theme kept over a reload, weak password refused, log out', async () => {
    const { page, context, problems, close } = await newTestPage(browser);
    try {
      // Sign in: the dashboard with the sidebar built from the admin's menus.
      await signIn(page, 'admin');
      const sidebar = await sidebarText(page);
      for (const title of ['首页', '个人中心', '系统管理']) expect(sidebar).toContain(title);
      expect(await tabTitles(page)).toEqual(['首页']);
      await shot(page, 'shell-01-admin-dashboard');

      // Two pages opened from the sidebar become tabs next to the home tab.
      await openFromSidebar(page, '/personal', '/qt_app/AccountSecurity');
      await page.locator(tid('account-security')).waitFor();
      await openFromSidebar(page, '/ms', '/ms/logs');
      await page.locator(tid('logs-view')).waitFor();
      const expanded = await sidebarText(page);
      for (const title of ['个人中心', '账号安全', '系统管理', '操作日志']) expect(expanded).toContain(title);
      await eventually(async () => expect(await tabTitles(page)).toEqual(['首页', '账号安全', '操作日志']));
      await shot(page, 'shell-02-admin-two-tabs');

      // Right-click the (inactive) 账号安全 tab → 关闭其他: only home and that tab remain, and that page shows.
      await page.locator(tid('tab-/qt_app/AccountSecurity')).click({ button: 'right' });
      const menu = page.locator(tid('tabs-context-menu'));
      await menu.waitFor();
      expect(await menu.innerText()).toContain('关闭其他');
      await shot(page, 'shell-03-admin-tab-context-menu');
      await page.locator(tid('tabs-context-close-others')).click();
      await eventually(async () => expect(await tabTitles(page)).toEqual(['首页', '账号安全']));
      await waitForPath(page, '/qt_app/AccountSecurity');
      await page.locator(tid('account-security')).waitFor();
      await menu.waitFor({ state: 'detached' });
      await shot(page, 'shell-04-admin-closed-others');

      // Language: 中文 → EN, with the success message in English and the menus and tabs translated.
      const lang = page.locator(tid('lang-switch'));
      expect((await lang.innerText()).trim()).toBe('中文');
      await lang.click();
      const switched = page.locator(tid('toast')).filter({ hasText: 'switch language success' });
      await switched.waitFor();
      expect(await switched.getAttribute('data-kind')).toBe('success');
      await eventually(async () => expect((await lang.innerText()).trim()).toBe('EN'));
      await eventually(async () => {
        const english = await sidebarText(page);
        for (const title of ['Home', 'Personal', 'Account security', 'System', 'Operation log']) expect(english).toContain(title);
        for (const title of ['个人中心', '账号安全', '系统管理', '操作日志']) expect(english).not.toContain(title);
      });
      expect(await tabTitles(page)).toEqual(['Home', 'Account security']);
      expect(await cookieValue(context, 'language')).toBe('en');
      await shot(page, 'shell-05-admin-english');

      // Theme: pick red; the body class and the theme cookie hold it, and so does a reload.
      expect(await bodyClasses(page)).not.toContain('theme-red');
      await page.locator(tid('theme-picker')).click();
      await page.locator(tid('theme-option-red')).click();
      await eventually(async () => expect(await bodyClasses(page)).toContain('theme-red'));
      const themeCookie = await getCookie(context, 'theme');
      expect(themeCookie?.value).toBe('theme-red');
      const days = ((themeCookie?.expires ?? 0) - Date.now() / 1000) / 86_400; // kept for 10 days (docs/product/shell-and-sign-in.md#themes)
      expect(days).toBeGreaterThan(9.9);
      expect(days).toBeLessThanOrEqual(10.01);
      await page.reload();
      await page.locator(tid('account-security')).waitFor();
      expect(pathOf(page)).toBe('/qt_app/AccountSecurity');
      expect(await bodyClasses(page)).toContain('theme-red');
      expect(await page.locator(tid('theme-picker')).getAttribute('data-theme')).toBe('red');
      expect(await cookieValue(context, 'theme')).toBe('theme-red');
      expect((await lang.innerText()).trim()).toBe('EN'); // the language survives the reload too
      await shot(page, 'shell-06-admin-red-after-reload');

      // Change password from the user menu: a weak new password is refused with the server's strategy, in English.
      await page.locator(tid('user-menu')).click();
      await page.locator(tid('user-menu-change-password')).click();
      const modal = page.locator(tid('pwd-modal'));
      await modal.waitFor();
      await eventually(async () => expect(await modal.innerText()).toContain(STRATEGY_EN)); // the policy hint, loaded
      // The account security page behind carries the same form inline: the fields are looked up inside the panel.
      await modal.locator(tid('pwd-old')).fill(DEMO_PASSWORD);
      await modal.locator(tid('pwd-new')).fill('weakpass');
      await modal.locator(tid('pwd-confirm')).fill('weakpass');
      await modal.locator(tid('pwd-submit')).click();
      const refused = modal.locator(tid('pwd-error'));
      await refused.waitFor();
      expect(await refused.innerText()).toContain(STRATEGY_EN);
      expect(await modal.isVisible()).toBe(true); // not closed: nothing was changed
      await shot(page, 'shell-07-admin-weak-password-refused');
      await modal.locator(tid('pwd-cancel')).click();
      await modal.waitFor({ state: 'detached' });
      expect(await login('admin', DEMO_PASSWORD)).toBeTruthy(); // the old password still signs in

      // Log out: back on the sign-in page, and the console is closed to this browser.
      await page.locator(tid('user-menu')).click();
      await page.locator(tid('user-menu-logout')).click();
      await waitForPath(page, '/login');
      await page.locator(tid('login-page')).waitFor();
      await page.goto(appUrl('/dashboard'));
      await waitForPath(page, '/login');
      await page.locator(tid('login-form')).waitFor();
      expect(await page.locator(tid('app-layout')).count()).toBe(0);
      await shot(page, 'shell-08-admin-logged-out');

      expect(problems.unexpected()).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('student: no administration menus; /ms/logs and an unknown path end on /404', async () => {
    const { page, problems, close } = await newTestPage(browser);
    try {
      await signIn(page, 'student');
      const sidebar = await sidebarText(page);
      expect(sidebar).toContain('个人中心'); // the student's own menus are there…
      expect(sidebar).not.toContain('系统管理'); // …the administrator's are not
      expect(sidebar).not.toContain('操作日志');
      expect(await page.locator(`${tid('sidebar')} ${tid('menu-item-/ms')}`).count()).toBe(0);
      expect(await page.locator(`${tid('sidebar')} ${tid('menu-item-/ms/logs')}`).count()).toBe(0);
      await shot(page, 'shell-10-student-dashboard');

      // Typing the address of a page the student was not granted does not open it.
      await page.goto(appUrl('/ms/logs'));
      await waitForPath(page, /^\/(404|no-permission)$/);
      await page.locator(`${tid('not-found-page')}, ${tid('no-permission-page')}`).waitFor();
      expect(await page.locator(tid('logs-view')).count()).toBe(0);
      await shot(page, 'shell-11-student-ms-logs');

      // A made-up address ends on the 404 page.
      await page.goto(appUrl('/no/such/page-here'));
      await waitForPath(page, '/404');
      const notFound = page.locator(tid('not-found-page'));
      await notFound.waitFor();
      expect(await notFound.innerText()).toContain('抱歉，您访问的页面不存在');
      await shot(page, 'shell-12-student-unknown-path');

      expect(problems.unexpected()).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('a session ended elsewhere shows the expiry modal at once, without a click (its socket is ended, hardening)', async () => {
    const { page, problems, close } = await newTestPage(browser);
    try {
      const frames: string[] = [];
      page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
      await signIn(page, '202311026');
      await page.locator(tid('dashboard')).waitFor();
      await eventually(() => expect(frames.some((f) => f.startsWith('40'))).toBe(true)); // socket.io connected
      // The same user signs in elsewhere and signs out every other device.
      const elsewhere = await login('202311026');
      await call(ApiPath.endMyOtherSessions, { token: elsewhere, method: 'POST' });
      const modal = page.locator(tid('expiry-modal'));
      await modal.waitFor({ timeout: 5_000 });
      await shot(page, 'shell-30-session-ended-elsewhere');
      await page.locator(tid('expiry-modal-relogin')).click();
      await waitForPath(page, '/login');
      // The refused calls of the ended session are expected; nothing else may go wrong.
      expect(problems.unexpected({ allow: [/401 /, /status of 401/] })).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it("a page's view state is in its own address: kept over a reload, and while another tab is in front (docs/adr/0069)", async () => {
    const { page, problems, close } = await newTestPage(browser);
    try {
      await signIn(page, 'student');
      await page.goto(appUrl('/apply/leave/mine'));
      const status = page.locator(tid('flow-list-status'));
      await status.waitFor();
      const chosen = (await status.locator('option').nth(2).getAttribute('value')) as string;
      expect(chosen).not.toBe('');
      await status.selectOption(chosen);
      await eventually(async () => expect(new URL(page.url()).searchParams.get('status')).toBe(chosen));

      // a reload shows the same view
      await page.reload();
      await page.locator(tid('flow-list-status')).waitFor();
      expect(await page.locator(tid('flow-list-status')).inputValue()).toBe(chosen);

      // another tab in front: the address is that page's; the list page keeps its own and gets it back
      await page.locator(tid('tab-/dashboard')).click();
      await waitForPath(page, '/dashboard');
      expect(new URL(page.url()).searchParams.get('status')).toBeNull();
      expect(await page.locator(`${tid('view-/apply/leave/mine')} ${tid('flow-list-status')}`).inputValue()).toBe(chosen);
      await page.locator(tid('tab-/apply/leave/mine')).click();
      await waitForPath(page, '/apply/leave/mine');
      expect(new URL(page.url()).searchParams.get('status')).toBe(chosen);
      expect(await page.locator(tid('flow-list-status')).inputValue()).toBe(chosen);

      // back to all: the default is left out of the address
      await page.locator(tid('flow-list-status')).selectOption('');
      await eventually(async () => expect(new URL(page.url()).search).toBe(''));
      expect(problems.unexpected()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('signed in, /login goes to /dashboard; a collapsed sidebar stays collapsed over a reload', async () => {
    const { page, context, problems, close } = await newTestPage(browser);
    try {
      await signIn(page, 'teacher');
      await page.goto(appUrl('/login'));
      await waitForPath(page, '/dashboard');
      await page.locator(tid('dashboard')).waitFor();
      expect(await page.locator(tid('login-page')).count()).toBe(0);

      const sidebar = page.locator(tid('sidebar'));
      const width = async () => (await sidebar.boundingBox())?.width ?? 0;
      expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
      expect(await sidebar.innerText()).toContain('个人中心');
      const openWidth = await width();
      expect(openWidth).toBeGreaterThan(150);

      await page.locator(tid('sidebar-toggle')).click();
      await eventually(async () => expect(await sidebar.getAttribute('data-collapsed')).toBe('true'));
      await eventually(async () => expect(await width()).toBeLessThan(openWidth / 2)); // after the transition
      expect(await sidebar.innerText()).not.toContain('个人中心'); // icons only
      expect(await cookieValue(context, 'sidebarStatus')).toBe('0');
      await shot(page, 'shell-20-sidebar-collapsed');

      await page.reload();
      await page.locator(tid('dashboard')).waitFor();
      expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
      expect(await width()).toBeLessThan(openWidth / 2);
      expect(await sidebar.innerText()).not.toContain('个人中心');
      await shot(page, 'shell-21-sidebar-collapsed-after-reload');

      // And back open, which is kept too.
      await page.locator(tid('sidebar-toggle')).click();
      await eventually(async () => expect(await sidebar.getAttribute('data-collapsed')).toBe('false'));
      expect(await cookieValue(context, 'sidebarStatus')).toBe('1');
      await page.reload();
      await page.locator(tid('dashboard')).waitFor();
      expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
      expect(await sidebar.innerText()).toContain('个人中心');

      // On a phone the sidebar leaves the page: the menu button opens it over the page with its titles, the mask or a
      // followed link closes it, and the desktop's open/collapsed choice is left as it was.
      await page.setViewportSize({ width: 390, height: 844 });
      await eventually(async () => expect(await sidebar.getAttribute('data-drawer')).toBe('closed'));
      await eventually(async () => expect(await sidebar.isVisible()).toBe(false));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      const toggle = page.locator(tid('sidebar-toggle'));
      await toggle.click();
      await eventually(async () => expect(await sidebar.getAttribute('data-drawer')).toBe('open'));
      expect(await sidebar.innerText()).toContain('个人中心');
      await page.locator(tid('sidebar-mask')).click({ position: { x: 360, y: 400 } }); // beside the drawer
      await eventually(async () => expect(await sidebar.getAttribute('data-drawer')).toBe('closed'));
      await toggle.click();
      await openFromSidebar(page, '/personal', '/qt_app/AccountSecurity');
      await eventually(async () => expect(await sidebar.getAttribute('data-drawer')).toBe('closed'));
      await shot(page, 'shell-22-phone-after-navigation');
      expect(await cookieValue(context, 'sidebarStatus')).toBe('1');
      await page.setViewportSize({ width: 1366, height: 800 });
      await eventually(async () => expect(await sidebar.getAttribute('data-drawer')).toBeNull());
      expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
      await eventually(async () => expect(await width()).toBe(openWidth));

      expect(problems.unexpected()).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
