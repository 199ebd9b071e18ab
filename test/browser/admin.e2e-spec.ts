import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { callAt, type Instance, isolatedApp, loginAt } from '../support/instances.js';
import { appUrl, eventually, pathOf, launchBrowser, newTestPage, shot, signIn, tid, type TestPage, waitForPath } from '../support/browser.js';

// System administration in the browser (docs/product/administration.md): `admin` creates a role, a menu group with a page under
// it, grants the menus to the role and the role to `teacher`; `teacher`, signed in all along in a browser of their
// own, refreshes their permissions from the user menu and finds the new menu in the sidebar without signing in again.

const RUN = Date.now().toString(36).slice(-5);
const ROLE = { name: `教研组长${RUN}`, code: `E2E_RESEARCH_${RUN}` };
/**
 * A new top-level group, and under it a page whose address is an existing view (the operation log, which the teacher
 * does not have): menu addresses need not be unique. A menu's permission is granted with the menu.
 */
const GROUP = { name: `教研工具${RUN}`, url: `/e2eTools${RUN}`, permission: 'e2e:tools' };
const CHILD = { name: `教研日志${RUN}`, url: '/ms/logs', permission: 'ms:logs:list' };

/** Marks the document; sameDocument() tells later whether the page was reloaded (or navigated away) meanwhile. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: string }).__e2eNoReload = 'still here';
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eNoReload?: string }).__e2eNoReload === 'still here');
}

/** Opens an administration page by its address and waits for its view. */
async function openAdmin(page: Page, path: string, view: string): Promise<void> {
  await page.goto(appUrl(path));
  await waitForPath(page, path);
  await page.locator(tid(view)).waitFor();
}

/** Waits for the success toast of a save, and for its modal to close. */
async function savedWith(page: Page, modal: string): Promise<void> {
  await page.locator(`${tid('toast')}[data-kind="success"]`).last().waitFor();
  await page.locator(tid(modal)).waitFor({ state: 'detached' });
}

function sidebarText(page: Page): Promise<string> {
  return page.locator(tid('sidebar')).innerText();
}

describe('system administration in the browser: a new role and menu reach a signed-in teacher', () => {
  let browser: Browser;
  const isolated = isolatedApp();
  let app: Instance | undefined;
  let admin: TestPage;
  let teacher: TestPage;

  beforeAll(async () => {
    app = await isolated.start();
    browser = await launchBrowser();
    [admin, teacher] = await Promise.all([newTestPage(browser), newTestPage(browser)]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await isolated.stop();
  }, 60_000);

  it('teacher is signed in first and does not have the menu yet', async () => {
    await signIn(teacher.page, 'teacher');
    await teacher.page.locator(tid('sidebar')).waitFor();
    const text = await sidebarText(teacher.page);
    expect(text).not.toContain(GROUP.name);
    expect(text).not.toContain(CHILD.name);
    expect(await teacher.page.locator(tid(`menu-item-${GROUP.url}`)).count()).toBe(0);
    await shot(teacher.page, 'admin-01-teacher-before');
  });

  it('admin creates an ordinary role on the roles page', async () => {
    const page = admin.page;
    await signIn(page, 'admin');
    await openAdmin(page, '/ms/role', 'role-view');
    await page.locator(tid('role-create')).click();
    const form = page.locator(tid('role-form'));
    await form.waitFor();
    await form.locator(tid('role-form-name')).fill(ROLE.name);
    await form.locator(tid('role-form-code')).fill(ROLE.code);
    // options read '<type> · <kind>'; the seeded '系统角色' type is an ordinary one
    const type = form.locator(tid('role-form-type'));
    const typeId = await type.locator('option', { hasText: '系统角色' }).getAttribute('value');
    await type.selectOption(typeId ?? '');
    await shot(page, 'admin-02-role-form');
    await form.locator(tid('role-form-save')).click();
    await savedWith(page, 'role-form');
    const row = page.locator(`${tid('role-row')}[data-code="${ROLE.code}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-kind')).toBe('ordinary');
    expect(await row.innerText()).toContain(ROLE.name);
  });

  it('admin creates a menu group and a page under it on the menus page', async () => {
    const page = admin.page;
    await openAdmin(page, '/ms/menus', 'menu-view');
    await page.locator(tid('menu-add')).click();
    let form = page.locator(tid('menu-form'));
    await form.waitFor();
    await form.locator(tid('menu-form-name')).fill(GROUP.name);
    await form.locator(tid('menu-form-url')).fill(GROUP.url);
    await form.locator(tid('menu-form-permission')).fill(GROUP.permission);
    await form.locator(tid('menu-form-icon')).fill('lab');
    await form.locator(tid('menu-form-sort')).fill('80');
    await form.locator(tid('menu-form-save')).click();
    await savedWith(page, 'menu-form');
    const groupRow = page.locator(`${tid('menu-row')}[data-url="${GROUP.url}"]`);
    await groupRow.waitFor();
    expect(await groupRow.getAttribute('data-depth')).toBe('0');

    await groupRow.locator(tid('menu-add-child')).click();
    form = page.locator(tid('menu-form'));
    await form.waitFor();
    // the parent is preset to the group
    expect(await form.locator(`${tid('menu-form-parent')} option:checked`).innerText()).toContain(GROUP.name);
    await form.locator(tid('menu-form-name')).fill(CHILD.name);
    await form.locator(tid('menu-form-url')).fill(CHILD.url);
    await form.locator(tid('menu-form-permission')).fill(CHILD.permission);
    await shot(page, 'admin-03-menu-child-form');
    await form.locator(tid('menu-form-save')).click();
    await savedWith(page, 'menu-form');
    const childRow = page.locator(`${tid('menu-row')}[data-depth="1"]`, { hasText: CHILD.name });
    await childRow.waitFor();
    expect(await childRow.getAttribute('data-url')).toBe(CHILD.url);
    await shot(page, 'admin-04-menus');
  });

  it('admin grants the menus to the role', async () => {
    const page = admin.page;
    await openAdmin(page, '/ms/role', 'role-view');
    const row = page.locator(`${tid('role-row')}[data-code="${ROLE.code}"]`);
    await row.locator(tid('role-grant')).click();
    const form = page.locator(tid('role-grant-form'));
    await form.locator(tid('grant-menu-tree')).waitFor();
    const group = form.locator(`${tid('grant-menu')}[data-url="${GROUP.url}"]`);
    expect(await group.getAttribute('data-checked')).toBe('0');
    // checking the group checks its page too
    await group.locator(tid('grant-menu-check')).click();
    await eventually(async () => expect(await group.getAttribute('data-checked')).toBe('1'));
    const child = form.locator(tid('grant-menu'), { hasText: CHILD.name });
    expect(await child.getAttribute('data-checked')).toBe('1');
    // the page's own permission (the one the operation log asks for) comes with the menu: nothing else to grant
    expect(await form.locator(tid('role-grant-permissions')).inputValue()).toBe('');
    await shot(page, 'admin-05-grant');
    await form.locator(tid('role-grant-form-save')).click();
    await savedWith(page, 'role-grant-form');
  });

  it('admin gives the role to teacher with the people picker', async () => {
    const page = admin.page;
    const row = page.locator(`${tid('role-row')}[data-code="${ROLE.code}"]`);
    await row.locator(tid('role-users')).click();
    const form = page.locator(tid('role-users-form'));
    await form.locator(tid('people-picker')).waitFor();
    expect(await form.locator(tid('people-picker-selected')).getAttribute('data-count')).toBe('0');
    await form.locator(tid('people-picker-search')).fill('teacher');
    await form.locator(tid('people-picker-search')).press('Enter');
    const pick = form.locator(`${tid('people-picker-row')}[data-account="teacher"]`);
    await pick.click();
    await form.locator(`${tid('people-picker-tag')}[data-account="teacher"]`).waitFor();
    expect(await form.locator(tid('people-picker-selected')).getAttribute('data-count')).toBe('1');
    await shot(page, 'admin-06-members');
    await form.locator(tid('role-users-form-save')).click();
    await savedWith(page, 'role-users-form');

    // the server has it: the role's members are exactly the teacher
    const token = await page.evaluate(() => localStorage.getItem('sf_token'));
    const roles = await callAt<{ list: { id: string; code: string }[] }>(app?.url as string, '/ms/role/list', { token: token ?? '', json: { current: 1, size: 100, query: { keyword: ROLE.code } } });
    const roleId = roles.body.data?.list.find((r) => r.code === ROLE.code)?.id as string;
    expect(roleId).toBeTruthy();
    const members = await callAt<{ account: string }[]>(app?.url as string, '/ms/role/users', { token: token ?? '', json: { roleId } });
    expect(members.body.data?.map((m) => m.account)).toEqual(['teacher']);
  });

  it("teacher refreshes permissions from the user menu and sees the new menu, without signing in again", async () => {
    const page = teacher.page;
    // nothing changed on its own
    expect(await sidebarText(page)).not.toContain(GROUP.name);
    const tokenBefore = await page.evaluate(() => localStorage.getItem('sf_token'));
    await page.locator(tid('user-menu')).click();
    // the app reloads itself once the server has refreshed the session's permissions
    await Promise.all([page.waitForEvent('load'), page.locator(tid('user-menu-refresh')).click()]);
    await page.locator(tid('app-layout')).waitFor();
    await eventually(async () => expect(await sidebarText(page)).toContain(GROUP.name));
    // the same session: no new sign-in happened
    expect(pathOf(page)).not.toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('sf_token'))).toBe(tokenBefore);
    await markDocument(page);
    await shot(page, 'admin-07-teacher-refreshed');

    const child = page.locator(`${tid('sidebar')} ${tid(`menu-item-${CHILD.url}`)}`);
    if (!(await child.isVisible())) await page.locator(`${tid('sidebar')} ${tid(`menu-item-${GROUP.url}`)}`).click();
    await child.waitFor();
    expect(await child.innerText()).toContain(CHILD.name);
    await child.click();
    await waitForPath(page, CHILD.url);
    // the page opens and, with the granted permission, shows the log (the admin's changes among it)
    await page.locator(tid('logs-view')).waitFor();
    await eventually(async () => expect(await page.locator(tid('logs-row')).count()).toBeGreaterThan(0));
    expect(await sameDocument(page)).toBe(true);
    await shot(page, 'admin-08-teacher-opens-menu');
    expect(teacher.problems.unexpected()).toEqual([]);
    expect(admin.problems.unexpected()).toEqual([]);
  });

  it('the operation log shows the administration changes', async () => {
    const base = app?.url as string;
    const token = await loginAt(base, 'admin');
    const actions = async (action: string) => {
      const res = await callAt<{ list: { account: string; action: string; target: string; result: string }[] }>(base, '/ms/logs/list', { token, json: { current: 1, size: 50, query: { action } } });
      expect(res.body.result).toBe(true);
      return (res.body.data?.list ?? []).filter((r) => r.account === 'admin');
    };
    expect((await actions('role.create')).map((r) => r.target)).toContain(ROLE.code);
    expect((await actions('menu.create')).map((r) => r.target)).toEqual(expect.arrayContaining([GROUP.url, CHILD.url]));
    expect(await actions('role.grant')).toHaveLength(1);
    expect((await actions('role.setUsers')).map((r) => r.target)).toEqual([ROLE.code]);
    for (const a of ['role.create', 'menu.create', 'role.grant', 'role.setUsers']) for (const r of await actions(a)) expect(r.result).toBe('success');
  });

  it('admin saves a role and a menu the platform ships, unchanged (issue 22: their names keep the rule)', async () => {
    const page = admin.page;
    await openAdmin(page, '/ms/role', 'role-view');
    await page.locator(`${tid('role-row')}[data-code="admin"]`).locator(tid('role-grant')).click();
    const form = page.locator(tid('role-grant-form'));
    await form.locator(tid('grant-menu-tree')).waitFor();
    await form.locator(tid('role-grant-form-save')).click();
    await savedWith(page, 'role-grant-form');

    await openAdmin(page, '/ms/menus', 'menu-view');
    const group = page.locator(`${tid('menu-row')}[data-url="/academic/group/classes"]`).locator(tid('menu-expand'));
    if ((await group.getAttribute('data-open')) !== '1') await group.click();
    const row = page.locator(`${tid('menu-row')}[data-url="/academic/teaching_classes"]`);
    await row.locator(tid('menu-edit')).click();
    const menuForm = page.locator(tid('menu-form'));
    await menuForm.waitFor();
    expect(await menuForm.locator(tid('menu-form-url')).inputValue()).toBe('/academic/teaching_classes');
    await shot(page, 'admin-08-shipped-menu-edit');
    await menuForm.locator(tid('menu-form-save')).click();
    await savedWith(page, 'menu-form');
    expect(admin.problems.unexpected()).toEqual([]);
  });
});
