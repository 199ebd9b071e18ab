import { expect, it } from '@jest/globals';
import { isEncryptedBody, isPlainPath, SIGN_HEADER } from '@schoolflow/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encryptedCall } from '../support/encrypted-api.js';
import { appUrl, eventually, launchBrowser, newTestPage, signIn, tid, waitForPath } from '../support/browser.js';
import { openFromSidebar, schoolInput } from '../support/flow-pages.js';
import { leaveWorkflowScenario } from './leave-workflow.scenario.js';

// The leave workflow's browser scenario, unchanged, on an app with REQUEST_ENCRYPT on (docs/adr/0036-request-encryption.md):
// while it runs, every request and answer body of the API outside the plain paths is recorded as it crossed the wire,
// and afterwards each must be ciphertext — `{data}` and nothing else — and each request must carry a sign.

interface Seen {
  what: string;
  sign: boolean;
  requestBody: string | null;
  contentType: string;
  responseBody: Promise<string | null>;
}

const seen: Seen[] = [];

/** An API path outside the plain ones (relative to /server), or null. */
function encryptedPath(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/server/')) return null;
  const rel = pathname.slice('/server'.length);
  return isPlainPath(rel) ? null : rel;
}

function watch(context: BrowserContext): void {
  context.on('response', (res) => {
    const req = res.request();
    const path = encryptedPath(req.url());
    if (!path) return;
    seen.push({
      what: `${req.method()} ${path} ${res.status()}`,
      sign: Boolean(req.headers()[SIGN_HEADER]),
      requestBody: req.postData(),
      contentType: res.headers()['content-type'] ?? '',
      // read at once: the scenario closes its contexts when it ends
      responseBody: res.text().catch(() => null),
    });
  });
}

/** The browser, with every context it opens watched. */
let browser: Browser | undefined;

async function watchedBrowser(): Promise<Browser> {
  browser = await launchBrowser();
  const open = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await open(...args);
    watch(context);
    return context;
  };
  return browser;
}

/** The switch's state as the system configuration page shows it ('1' on, '0' off). */
async function switchShows(page: Page): Promise<string | null> {
  return page.locator(tid('request-encryption-state')).getAttribute('data-enabled');
}

function ciphertext(text: string | null): boolean {
  if (text === null) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return isEncryptedBody(parsed) && /^[A-Za-z0-9+/]+={0,2}$/.test(parsed.data);
  } catch {
    return false;
  }
}

leaveWorkflowScenario({
  title: 'leave workflow in the browser with request encryption on',
  env: { REQUEST_ENCRYPT: 'true' },
  call: encryptedCall,
  launch: watchedBrowser,
  englishRejection: false,
  more: () => {
    it('every API request and answer body outside the plain paths crossed the wire as ciphertext, every request signed', async () => {
      const calls = await Promise.all(seen.map(async (s) => ({ ...s, responseBody: await s.responseBody })));
      // the scenario's traffic: sign-ins, permission reads, the form, the submission, decisions, the bell, messages
      expect(calls.length).toBeGreaterThan(40);
      for (const path of ['POST /api/login/v3', 'GET /ms/getPermission', 'POST /api/workflows/leave']) {
        expect(calls.some((c) => c.what.startsWith(path))).toBe(true);
      }
      const problems: string[] = [];
      for (const c of calls) {
        if (!c.sign) problems.push(`${c.what}: no sign`);
        if (c.requestBody !== null && c.requestBody !== '' && !ciphertext(c.requestBody)) problems.push(`${c.what}: plain request body ${c.requestBody.slice(0, 80)}`);
        // every answer of these paths in this scenario is JSON (no downloads): each must be sealed. An answer whose body
        // the browser no longer holds (a re-read cancelled by the page moving on: text() fails) was not seen, so it
        // proves nothing either way; it is counted below instead of being read as plain.
        if (c.responseBody !== null && !ciphertext(c.responseBody)) problems.push(`${c.what}: plain answer (${c.contentType}) ${c.responseBody.slice(0, 80)}`);
      }
      expect(problems).toEqual([]);
      const unseen = calls.filter((c) => c.responseBody === null);
      expect(unseen.length).toBeLessThanOrEqual(Math.floor(calls.length / 20));
      // and the sealed bodies do not carry what the scenario typed
      expect(calls.filter((c) => `${c.requestBody}${c.responseBody}`.includes('情况属实'))).toEqual([]);
    });

    it('an administrator switches encryption off and back on; a page opened meanwhile follows without a reload', async () => {
      if (!browser) throw new Error('no browser');
      const admin = await newTestPage(browser);
      const student = await newTestPage(browser);
      try {
        const a = admin.page;
        await signIn(a, 'admin');
        await a.goto(appUrl('/ms/systemConfig'));
        await a.locator(tid('request-encryption')).waitFor();
        await eventually(async () => expect(await switchShows(a)).toBe('1'));
        await a.locator(`${tid('request-encryption-off')} label`).click();
        await eventually(async () => expect(await switchShows(a)).toBe('0'));

        // a page that starts now reads "off" and talks plain
        const s = student.page;
        const answers: { what: string; sign: boolean; status: number }[] = [];
        student.context.on('response', (res) => {
          const path = encryptedPath(res.url());
          if (path) answers.push({ what: `${res.request().method()} ${path}`, sign: Boolean(res.request().headers()[SIGN_HEADER]), status: res.status() });
        });
        await signIn(s, 'student');
        expect(answers.find((x) => x.what === 'POST /api/login/v3')).toEqual({ what: 'POST /api/login/v3', sign: false, status: 200 });

        // the student opens the leave form while it is still off
        await openFromSidebar(s, '/apply', '/apply/leave/new');
        await s.locator(tid('leave-form')).waitFor();
        await s.waitForLoadState('networkidle');

        // back to the deployment's default (on): the student's submission is refused for want of a sign, the page
        // reads its configuration again and sends it once more, signed — and it goes through, once
        await a.locator(`${tid('request-encryption-default')} label`).click();
        await eventually(async () => expect(await switchShows(a)).toBe('1'));
        await s.locator(tid('leave-type')).selectOption('personal');
        await s.locator(tid('leave-start')).fill(schoolInput(20, 8));
        await s.locator(tid('leave-end')).fill(schoolInput(20, 12));
        await s.locator(tid('leave-reason')).fill(`switch test ${Date.now().toString(36)}`);
        await s.locator(tid('leave-submit')).click();
        await waitForPath(s, '/apply/leave/detail');
        await s.locator(tid('leave-detail')).waitFor();
        const submissions = answers.filter((x) => x.what === 'POST /api/workflows/leave');
        expect(submissions).toEqual([
          { what: 'POST /api/workflows/leave', sign: false, status: 400 },
          { what: 'POST /api/workflows/leave', sign: true, status: 200 },
        ]);
      } finally {
        await admin.close();
        await student.close();
      }
    }, 120_000);
  },
});
