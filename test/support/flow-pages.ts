import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, call as plainCall, type CallOptions, type CallResult } from './api.js';
import { eventually, launchBrowser, newTestPage, type TestPage, tid, waitForPath } from './browser.js';

// What the browser tests of every flow do alike: school-time inputs, "no reload" marks, the sidebar, the review queue.

/**
 * A `datetime-local` value `days` days from now at hh:mm school time (Asia/Shanghai, UTC+8 all year): the form
 * reads its inputs as school wall-clock time whatever the browser's zone.
 */
export function schoolInput(days: number, hh: number, mm = 0): string {
  const wall = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000);
  return `${wall.toISOString().slice(0, 10)}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

/** How the app shows a school time: 'YYYY-MM-DD HH:mm'. */
export const shown = (input: string) => input.replace('T', ' ');

/**
 * Marks the document of a page. A reload or a full navigation starts a new document and loses the mark; client-side
 * routing and live updates keep it. Read back with sameDocument().
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: string }).__e2eNoReload = 'still here';
  });
}

export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eNoReload?: string }).__e2eNoReload === 'still here');
}

/** Opens a page of a sidebar group: expands the group when its page is not listed yet, then clicks the page. */
export async function openFromSidebar(page: Page, group: string, path: string): Promise<void> {
  const item = page.locator(`${tid('sidebar')} ${tid(`menu-item-${path}`)}`);
  if (!(await item.isVisible())) await page.locator(`${tid('sidebar')} ${tid(`menu-item-${group}`)}`).click();
  await item.click();
  await waitForPath(page, path);
}

/**
 * Opens the review queue and shows 100 rows a page. The queue is oldest first and the e2e run shares one database:
 * applications other test files left waiting could otherwise push a new one onto page 2.
 */
export async function openReviewQueue(page: Page): Promise<void> {
  await openFromSidebar(page, '/apply', '/apply/tasks');
  await page.locator(tid('task-list')).waitFor();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/tasks') && new URL(r.url()).searchParams.get('size') === '100' && r.ok()),
    page.locator(tid('task-pager-size')).selectOption('100'),
  ]);
  await page.locator(`${tid('tasks-view')} .ui.segment.loading`).waitFor({ state: 'detached' });
}

export function taskRow(page: Page, id: string) {
  return page.locator(`${tid('task-row')}[data-id="${id}"]`);
}

/** A new context whose SPA starts in English (the `language` cookie the language switch writes). */
export async function englishPage(browser: Browser): Promise<TestPage> {
  const t = await newTestPage(browser, { locale: 'en-US' });
  await t.context.addCookies([{ name: 'language', value: 'en', url: baseUrl() }]);
  return t;
}


/** The unread count the bell shows. */
export async function bellCount(page: Page): Promise<number> {
  const text = (await page.locator(tid('message-bell-count')).innerText()).trim();
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

/**
 * The unread count of the page's account as the server has it, asked with the page's own session token — through
 * `call` (plain by default; a run with request encryption passes its encrypted call).
 */
export async function serverUnread(t: TestPage, call: <T>(path: string, o: CallOptions) => Promise<CallResult<T>> = plainCall): Promise<number> {
  const token = await t.page.evaluate(() => localStorage.getItem('sf_token'));
  const res = await call<{ count: { UNREAD: number } }>('/api/message/info/getInfoByRecipient', { token: token ?? '', ip: t.ip, json: { page: 1, size: 10, status: '0' } });
  const unread = res.body.data?.count.UNREAD;
  if (typeof unread !== 'number') throw new Error(`unread count not read: ${res.status} ${res.body.msg}`);
  return unread;
}

/**
 * The bell's count once it has settled on the server's number: the bell loads it when the console starts, so a count
 * read at once may still be the store's 0. Read this before waiting for the bell to rise.
 */
export async function settledBellCount(t: TestPage, call: <T>(path: string, o: CallOptions) => Promise<CallResult<T>> = plainCall): Promise<number> {
  return eventually(async () => {
    const count = await bellCount(t.page);
    expect(count).toBe(await serverUnread(t, call));
    return count;
  });
}

/**
 * A describe block's browser and its pages: launched before its tests, every page it opened closed after them.
 * `page(true)` opens one in English.
 */
export function browserPages(): { page: (english?: boolean) => Promise<TestPage> } {
  let browser: Browser | undefined;
  const opened: TestPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const p of opened) await p.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    page: async (english = false) => {
      if (!browser) throw new Error('browserPages: no browser yet (call page() inside a test)');
      const p = english ? await englishPage(browser) : await newTestPage(browser);
      opened.push(p);
      return p;
    },
  };
}
