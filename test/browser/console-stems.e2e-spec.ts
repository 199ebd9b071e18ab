import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ApiPath, type MenuNode, type PermissionInfo } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';
import { appUrl, launchBrowser, newTestPage, signedIn, tid, UI_TIMEOUT, type TestPage } from '../support/browser.js';
import { CONSOLE_STEMS } from '../support/console-stems.js';

// Issue 30's walk: every view stem of the legacy console opens a working page here, as `admin`, in Chinese and in
// English — no page error, no failed request, no answer ≥ 400, no error boundary, never /404
// (docs/adr/0057-console-stems.md). Stems not built yet are named in the ADR's table with the area that builds them,
// and the first test checks that no menu reaches them.

const ADR = 'docs/adr/0057-console-stems.md';
const signedInRoutes = [...new Set(CONSOLE_STEMS.filter((s) => s.routes && !s.public).flatMap((s) => s.routes ?? []))];
const publicRoutes = [...new Set(CONSOLE_STEMS.filter((s) => s.public).flatMap((s) => s.routes ?? []))];

function menuPaths(menus: MenuNode[], into = new Set<string>()): Set<string> {
  for (const m of menus) {
    into.add(m.menuurl);
    menuPaths(m.menus ?? [], into);
  }
  return into;
}

/** Requests the page has in flight (socket.io's long poll excepted), to tell when a page has finished loading. */
function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  const counted = (url: string) => !url.includes('/socket.io/');
  page.on('request', (r) => void (counted(r.url()) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
  return () => open.size;
}

async function quiet(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT;
  let calmSince = 0;
  while (Date.now() < deadline) {
    if (inFlight() === 0) {
      calmSince ||= Date.now();
      if (Date.now() - calmSince >= 150) return;
    } else calmSince = 0;
    await page.waitForTimeout(25);
  }
  throw new Error(`requests still in flight after ${UI_TIMEOUT} ms on ${page.url()}`);
}

/** Opens a console page the way the sidebar does (the router's history, no reload) and waits until it has loaded. */
async function openInApp(page: Page, route: string, inFlight: () => number): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.locator(tid(`view-${route}`)).waitFor({ state: 'visible' });
  await page.locator(`${tid(`view-${route}`)} ${tid('page-loader')}`).waitFor({ state: 'detached' });
  await quiet(page, inFlight);
}

describe('every view stem of the console opens a working page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the list agrees with the ADR table and with the menus: built stems reach admin by a menu, stems not built by none', async () => {
    const table = readFileSync(ADR, 'utf8');
    for (const s of CONSOLE_STEMS) expect(table).toContain(`| \`${s.stem}\` |`);
    const token = await login('admin');
    const info = (await call<PermissionInfo>(ApiPath.getPermission, { token })).body.data as PermissionInfo;
    const menus = menuPaths(info.menus);
    expect(signedInRoutes.filter((r) => r !== '/dashboard' && !menus.has(r))).toEqual([]);
    expect(CONSOLE_STEMS.filter((s) => s.notBuilt && menus.has(`/${s.stem}`)).map((s) => s.stem)).toEqual([]);
  });

  it('admin opens every built stem\'s pages in Chinese, then in English; the public ones open signed out in both', async () => {
    const t: TestPage = await newTestPage(browser);
    const { page, context, problems } = t;
    const failures: string[] = [];
    const check = async (route: string, label = route) => {
      if (new URL(page.url()).pathname === '/404') failures.push(`${label}: /404`);
      if (await page.locator(`${tid(`view-${route}`)} ${tid('view-error')}`).isVisible()) failures.push(`${label}: error boundary`);
      failures.push(...problems.unexpected().map((p) => `${label}: ${p}`));
      problems.clear();
    };
    try {
      const inFlight = trackRequests(page);
      for (const lang of ['en', 'zh']) {
        await context.addCookies([{ name: 'language', value: lang, url: appUrl('/') }]);
        for (const route of publicRoutes) {
          await page.goto(appUrl(route));
          await quiet(page, inFlight);
          await check(route, `${route} (signed out)`);
        }
      }

      // Signed in (in Chinese), each page opened as the sidebar opens it; then the language switched in the shell and
      // every page opened again: the same pages, their data mostly cached, every text in English.
      await signedIn(page, 'admin');
      for (const lang of ['zh', 'en'] as const) {
        if (lang === 'en') {
          await page.locator(tid('lang-switch')).click();
          await page.waitForFunction(() => document.documentElement.lang === 'en');
        }
        expect(await page.locator('html').getAttribute('lang')).toMatch(lang === 'zh' ? /^zh/ : /^en/);
        let previous: string | null = null;
        for (const route of signedInRoutes.filter((r) => r !== '/dashboard')) {
          try {
            await openInApp(page, route, inFlight);
          } catch (err) {
            failures.push(`${route} (${lang}): ${(err as Error).message.split('\n')[0]}`);
          }
          await check(route, `${route} (${lang})`);
          // Every open tab stays mounted (keep-alive): the one before is closed so the walk does not carry 40 pages.
          if (previous) await page.locator(tid(`tab-close-${previous}`)).click();
          previous = route;
        }
        if (previous) await page.locator(tid(`tab-close-${previous}`)).click();
      }
      expect(failures).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);

});
