import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserType, ConsoleMessage, Cookie, Download, Page, Request as PageRequest, Response as PageResponse } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, login, randomIp } from './api.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireProgram, SHARED_PAGES_KEY, SHARED_PLAYWRIGHT_KEY, TEST_BROWSER } from './e2e-environment.js';

/**
 * Browser tests drive the SPA served by the built server (E2E_BASE_URL) in Debian's Chromium, its headless shell where
 * installed (TEST_BROWSER). No browser is ever downloaded: playwright-core only talks to the system's.
 */
export { CHROMIUM_PATH };

/**
 * playwright-core as the Jest worker loaded it once for all its files (e2e-test-environment.ts): evaluated again in
 * every file's module registry it cost ~2 CPU s a file, ~60 files a run (docs/adr/0062-suite-per-file-cost.md). A file
 * run outside that environment imports it itself.
 */
const chromium: BrowserType =
  ((globalThis as Record<string, unknown>)[SHARED_PLAYWRIGHT_KEY] as { chromium: BrowserType } | undefined)?.chromium ??
  (await import('playwright-core')).chromium;

/** Where shot() writes its PNGs (test-results/ is git-ignored). */
export const SHOTS_DIR = fileURLToPath(new URL('../../test-results/browser/', import.meta.url));

/** Default wait for an element, a URL or a response; generous because a CI machine can be slow. */
export const UI_TIMEOUT = 20_000;

/**
 * What a Jest worker keeps across its files (e2e-test-environment.ts hands it to each file's global): its connection to
 * the run's Chromium and the contexts its files' finished tests left, emptied, for the next (docs/adr/0077).
 */
interface WorkerPages {
  browser?: Promise<Browser>;
  idle: PooledPage[];
}
const workerPages: WorkerPages | undefined = (globalThis as Record<string, unknown>)[SHARED_PAGES_KEY] as WorkerPages | undefined;

/**
 * Each file view of the worker's connection: the contexts it made or took from the pool (its `close()` closes those not
 * given back), and the `newContext` it was made with, to tell when the file replaced it.
 */
const fileViews = new WeakMap<Browser, { contexts: Set<BrowserContext>; newContext: Browser['newContext'] }>();

/**
 * A file's view of the worker's connection — the two calls the tests make: contexts it makes are its own; `close()`
 * closes them, not the connection.
 */
function fileBrowser(shared: Browser): Browser {
  const mine = new Set<BrowserContext>();
  const view = {
    newContext: async (options?: Parameters<Browser['newContext']>[0]) => {
      const context = await shared.newContext(options);
      mine.add(context);
      return context;
    },
    close: async () => {
      const idle = new Set(workerPages?.idle.map((e) => e.context));
      await Promise.all([...mine].filter((c) => !idle.has(c)).map((c) => c.close().catch(() => undefined)));
      mine.clear();
    },
  } as unknown as Browser;
  fileViews.set(view, { contexts: mine, newContext: view.newContext });
  return view;
}

/**
 * Whether the file replaced its browser's `newContext` to see every context its pages use (a watcher of the wire, say):
 * such a file's pages never come from the pool, which holds contexts other tests made, and are never given back to it,
 * since its listener would hear another file's traffic.
 */
function watchesItsContexts(browser: Browser): boolean {
  const made = fileViews.get(browser)?.newContext ?? (Object.getPrototypeOf(browser) as Browser | null)?.newContext;
  return browser.newContext !== made;
}

/**
 * The run's Chromium (the e2e global setup starts one for all browser files: docs/adr/0047), through the worker's
 * connection, or one of the file's own when there is none. `close()` closes this file's contexts; the pool keeps the
 * emptied ones for the worker's next files.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = requireProgram(TEST_BROWSER.path, TEST_BROWSER.debianPackage);
  const shared = process.env.E2E_CHROMIUM_WS;
  if (!shared) return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  if (!workerPages) return chromium.connect(shared);
  // a connection that failed or dropped (Chromium restarted) is made again, its pool forgotten
  let browser = await workerPages.browser?.catch(() => undefined);
  if (!browser?.isConnected()) {
    workerPages.idle.length = 0;
    workerPages.browser = chromium.connect(shared);
    browser = await workerPages.browser;
  }
  return fileBrowser(browser);
}

/** The app address of a path, e.g. appUrl('/dashboard'). */
export function appUrl(path = '/'): string {
  return `${baseUrl()}${path}`;
}

/** CSS selector of a data-testid (ids may contain slashes, e.g. `menu-item-/ms/logs`). */
export function tid(id: string): string {
  return `[data-testid="${id}"]`;
}

/** What went wrong in a page, as the browser saw it. */
export interface PageProblems {
  /** console.error messages (including the browser's own "Failed to load resource" lines). */
  consoleErrors: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Requests that got no answer (network error, refused, aborted): `METHOD url: error`. */
  failedRequests: string[];
  /** Answers with HTTP status 400 or more: `status METHOD url`. */
  httpErrors: string[];
}

export interface UnexpectedOptions {
  /** Entries matching any of these are expected (e.g. a 401 the test provoked on purpose). */
  allow?: RegExp[];
  /**
   * Aborted requests (net::ERR_ABORTED) are normal in an SPA: a navigation or an unmounted view cancels its
   * calls. They are ignored unless this is false.
   */
  ignoreAborted?: boolean;
}

export interface ProblemWatcher extends PageProblems {
  /** Every problem not allowed, each prefixed with its kind; a test asserts this is empty. */
  unexpected(options?: UnexpectedOptions): string[];
  /** Forget what was collected so far (e.g. after a step that provokes errors on purpose). */
  clear(): void;
}

/** Starts collecting console errors, page errors, failed requests and HTTP error answers of a page. */
export function watchProblems(page: Page): ProblemWatcher {
  return watching(page).watcher;
}

function watching(page: Page): { watcher: ProblemWatcher; stop: () => void } {
  const w: ProblemWatcher = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    httpErrors: [],
    unexpected({ allow = [], ignoreAborted = true } = {}) {
      const all = [
        ...w.consoleErrors.map((m) => `console: ${m}`),
        ...w.pageErrors.map((m) => `pageerror: ${m}`),
        ...w.failedRequests.filter((m) => !(ignoreAborted && m.endsWith('net::ERR_ABORTED'))).map((m) => `requestfailed: ${m}`),
        ...w.httpErrors.map((m) => `http: ${m}`),
      ];
      return all.filter((m) => !allow.some((re) => re.test(m)));
    },
    clear() {
      w.consoleErrors.length = 0;
      w.pageErrors.length = 0;
      w.failedRequests.length = 0;
      w.httpErrors.length = 0;
    },
  };
  const listeners: [string, (arg: never) => void][] = [
    [
      'console',
      (msg: ConsoleMessage) => {
        if (msg.type() !== 'error') return;
        const at = msg.location().url;
        w.consoleErrors.push(at ? `${msg.text()} (${at})` : msg.text());
      },
    ],
    ['pageerror', (err: Error) => w.pageErrors.push(err.stack ?? err.message)],
    ['requestfailed', (req: PageRequest) => w.failedRequests.push(`${req.method()} ${req.url()}: ${req.failure()?.errorText ?? 'failed'}`)],
    [
      'response',
      (res: PageResponse) => {
        if (res.status() >= 400) w.httpErrors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      },
    ],
  ];
  for (const [event, fn] of listeners) page.on(event as 'console', fn as () => void);
  return { watcher: w, stop: () => listeners.forEach(([event, fn]) => page.off(event as 'console', fn as () => void)) };
}

export interface NewPageOptions {
  /** Browser locale (navigator.language, Accept-Language of page loads); the SPA itself starts in zh. */
  locale?: string;
  /** Client address sent as X-Forwarded-For (the server trusts one proxy); random by default. */
  ip?: string;
  viewport?: { width: number; height: number };
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  problems: ProblemWatcher;
  /** The X-Forwarded-For address of this context. */
  ip: string;
  close(): Promise<void>;
}

/** Runs before a page's own scripts: a style sheet that stops every CSS animation and transition. */
const STILL_PAGES = `(() => {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; animation-iteration-count: 1 !important; transition-duration: 0s !important; transition-delay: 0s !important; }';
    document.head.appendChild(style);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
})();`;

/** A context and its one page, kept for a next test page while its test changed nothing a reset cannot undo. */
interface PooledPage {
  context: BrowserContext;
  page: Page;
  /** locale and viewport: what the context was made with and cannot change. */
  key: string;
  /** The size the context was made with: a test that resized its page (a phone's width, say) gets it back at the reset. */
  viewport: { width: number; height: number };
  /** The call of the test that changed the context or page beyond cookies and storage (a route, a timeout…), if any. */
  changed: string | null;
}

/** Playwright's emitters tell their listeners; its own waits add one and take it off again. */
interface Emitter {
  eventNames(): (string | symbol)[];
  listenerCount(event: string | symbol): number;
}

/** How many listeners each event of a page and its context has. */
function listenerCounts(entry: PooledPage): string {
  const count = (e: Emitter) => e.eventNames().map((n) => `${String(n)}:${e.listenerCount(n)}`).sort().join(',');
  return `${count(entry.page as unknown as Emitter)}|${count(entry.context as unknown as Emitter)}`;
}

/** Contexts whose tests are done, ready for the next: the worker's (across its files), else per browser of a file. */
const idle = new WeakMap<Browser, PooledPage[]>();
/** At most this many wait per worker: each keeps a renderer. */
const IDLE_MAX = 6;
function idleOf(browser: Browser): PooledPage[] {
  if (workerPages && fileViews.has(browser)) return workerPages.idle;
  const list = idle.get(browser) ?? [];
  idle.set(browser, list);
  return list;
}

/** Calls that change a context or page in ways the pool does not undo: such a page is closed, never handed on. */
const CONTEXT_CHANGES = ['addInitScript', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'grantPermissions', 'setOffline', 'setGeolocation', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;
const PAGE_CHANGES = [...CONTEXT_CHANGES, 'emulateMedia', 'setExtraHTTPHeaders', 'addLocatorHandler'] as const;

/** Marks `entry` changed when the test calls one of `methods` on `target` (an own property in front of the prototype's). */
function markChanges(entry: PooledPage, target: object, methods: readonly string[]): void {
  const own = target as Record<string, unknown>;
  for (const m of methods) {
    const original = own[m];
    if (typeof original !== 'function') continue;
    own[m] = (...args: unknown[]) => {
      entry.changed ??= m;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

async function freshPage(browser: Browser, key: string, options: NewPageOptions): Promise<PooledPage> {
  const viewport = options.viewport ?? { width: 1366, height: 800 };
  const context = await browser.newContext({
    locale: options.locale ?? 'zh-CN',
    viewport,
    reducedMotion: 'reduce',
  });
  // No animation or transition runs in a test's pages: the run is CPU-bound on 2 cores and every open page with a
  // pulsing step or a spinner repaints for as long as it stays open (docs/adr/0047). What a user sees is unchanged.
  await context.addInitScript(STILL_PAGES);
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT * 2);
  const page = await context.newPage();
  const entry: PooledPage = { context, page, key, viewport, changed: null };
  markChanges(entry, context, CONTEXT_CHANGES);
  markChanges(entry, page, PAGE_CHANGES);
  return entry;
}

/** Why a finished test's context cannot serve another, or null when it can. */
function keptBack(entry: PooledPage, listeners: string): string | null {
  if (entry.changed) return `called ${entry.changed}`;
  if (entry.page.isClosed()) return 'page closed';
  if (entry.context.pages().length !== 1) return `${entry.context.pages().length} pages`;
  const now = listenerCounts(entry);
  return now === listeners ? null : `listeners ${listeners} -> ${now}`;
}

/** The name of the test running, for the pool's log (Jest's `expect` on the global; absent outside Jest). */
function testName(): string {
  return (globalThis as { expect?: { getState(): { currentTestName?: string } } }).expect?.getState().currentTestName ?? '?';
}

/** How long a reset may take before its context is closed instead (a hung renderer must not hang the test's close). */
const RESET_MS = 5_000;

/**
 * Empties a finished test's context for the next one, or says why it cannot serve another (its test changed more than
 * a reset undoes, left the app's origin, or the reset failed or hung). The SPA is stopped first (`about:blank`), so
 * that nothing writes its storage while it is emptied. Then both storages of the app's origin are emptied on an answer
 * of that origin that runs no script; they include the tab's own `sessionStorage`. Then the page goes back to
 * `about:blank` and the cookies are cleared.
 */
async function reset(entry: PooledPage, listeners: string): Promise<string | null> {
  const kept = keptBack(entry, listeners);
  if (kept) return kept;
  const { context, page } = entry;
  const app = new URL(baseUrl()).origin;
  const at = page.url();
  if (at !== 'about:blank' && new URL(at).origin !== app) return `ended on ${new URL(at).origin}`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('reset took too long'), RESET_MS)));
  const emptied = (async () => {
    await page.goto('about:blank');
    await page.goto(`${app}/server/health`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('about:blank');
    await context.clearCookies();
    // a page's size is undone by setting it back (five tests turn theirs into a phone's): not a reason to close
    const size = page.viewportSize();
    if (size?.width !== entry.viewport.width || size.height !== entry.viewport.height) await page.setViewportSize(entry.viewport);
    return null;
  })().catch((err: unknown) => `reset failed: ${String(err).split('\n')[0]}`);
  try {
    return await Promise.race([emptied, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A page in a context of its own (own cookies and storage) with its own client address, so that each has its own
 * sign-in rate limit, watched for problems. The context is one a finished test of the worker's files left, emptied,
 * when one with the same locale and viewport waits (docs/adr/0077). A new context starts a new renderer that downloads,
 * parses and compiles the SPA again: ~5× the CPU of loading it again in an emptied page that has run it.
 */
export async function newTestPage(browser: Browser, options: NewPageOptions = {}): Promise<TestPage> {
  const ip = options.ip ?? randomIp();
  const key = JSON.stringify([options.locale ?? 'zh-CN', options.viewport ?? null]);
  const waiting = idleOf(browser);
  const watched = watchesItsContexts(browser);
  const at = watched ? -1 : waiting.findIndex((e) => e.key === key && !e.context.pages()[0]?.isClosed());
  const entry = at >= 0 ? (waiting.splice(at, 1)[0] as PooledPage) : await freshPage(browser, key, options);
  const opener = testName();
  // a context another file left is this file's now: its browser's close() closes it unless given back
  fileViews.get(browser)?.contexts.add(entry.context);
  const { context, page } = entry;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  // a listener the test leaves on the page or context would hear the next test's page: such a context is closed
  const listeners = listenerCounts(entry);
  const { watcher, stop } = watching(page);
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    stop();
    const why = watched ? 'its file watches its contexts' : waiting.length < IDLE_MAX ? await reset(entry, listeners) : 'pool full';
    // E2E_PAGE_POOL_LOG=1: each hand-over, and why a context was closed instead (what keeps the pool from serving more)
    if (process.env.E2E_PAGE_POOL_LOG) process.stderr.write(`page pool: ${at >= 0 ? 'reused' : 'new context'} by ${opener}: ${why ?? 'given back'}\n`);
    if (why === null) waiting.push(entry);
    else await context.close().catch(() => undefined);
  };
  return { context, page, problems: watcher, ip, close };
}

/** Waits until the address bar shows this path (query and hash ignored). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = UI_TIMEOUT): Promise<void> {
  await page.waitForURL((u) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname)), { timeout });
}

/** The path of the address bar. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Signs in through the sign-in form (opening /login first unless the page already shows it) and waits for the
 * dashboard. Pass `expectPath` when the sign-in page carries a redirect target elsewhere.
 */
export async function signIn(page: Page, account: string, password = DEMO_PASSWORD, expectPath = '/dashboard'): Promise<void> {
  if (!(await page.locator(tid('login-page')).isVisible())) await page.goto(appUrl('/login'));
  await page.locator(tid('login-username')).fill(account);
  await page.locator(tid('login-password')).fill(password);
  await page.locator(tid('login-submit')).click();
  await waitForPath(page, expectPath);
  await page.locator(tid('app-layout')).waitFor({ state: 'visible' });
  if (expectPath === '/dashboard') await page.locator(tid('dashboard')).waitFor({ state: 'visible' });
}

/**
 * Signs in without the form: a session made through the API (as the form would), handed to the SPA in the address
 * (`?token=`, the way single sign-on hands it over) of the page to open — the dashboard unless `path` names another,
 * so a test lands on its own page in one load. For tests whose subject is not the sign-in itself — the form is driven
 * by the shell and leave tests (`signIn`); this saves every other file its seconds.
 */
export async function signedIn(page: Page, account: string, path = '/dashboard', password = DEMO_PASSWORD): Promise<void> {
  // the session is recorded under the browser's user agent, as when it signs in itself
  const userAgent = await page.evaluate(() => navigator.userAgent).catch(() => 'chromium');
  const token = await login(account, password, randomIp(), { 'User-Agent': userAgent });
  const target = new URL(path, 'http://app');
  target.searchParams.set('token', token);
  await page.goto(appUrl(`${target.pathname}${target.search}${target.hash}`));
  await waitForPath(page, target.pathname);
  await page.locator(tid('app-layout')).waitFor({ state: 'visible' });
  if (target.pathname === '/dashboard') await page.locator(tid('dashboard')).waitFor({ state: 'visible' });
}

/** Saves a full-window PNG as test-results/browser/<name>.png and returns its path. */
export async function shot(page: Page, name: string): Promise<string> {
  const file = `${SHOTS_DIR}${name.replace(/[^\w.-]+/g, '-')}.png`;
  // `npm test` takes none (E2E_SHOTS=0): ~190 PNGs are CPU the gate does not need; a run of a few files takes them
  if (process.env.E2E_SHOTS === '0') return file;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** Where the reviewers look for screenshots. */
const NOTES_SHOTS = '/work/notes/shots';

/** A screenshot kept in the reviewers' folder, as <name>.png (taken in every run, `npm test` too). */
export async function keepShot(page: Page, name: string): Promise<void> {
  mkdirSync(NOTES_SHOTS, { recursive: true });
  await page.screenshot({ path: `${NOTES_SHOTS}/${name}.png`, animations: 'disabled' });
}

/**
 * A download's bytes: read over Playwright's connection, so it works with the run's shared Chromium too (a connected
 * browser keeps its downloads on its own side: `download.path()` is not available remotely).
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A cookie the context would send to the app address (with its expiry, in seconds since 1970; -1 for a session cookie). */
export async function getCookie(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  const cookies = await context.cookies(baseUrl());
  return cookies.find((c) => c.name === name);
}

/** Value of a cookie of the context for the app address, or undefined. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await getCookie(context, name))?.value;
}

/**
 * Retries `check` (typically a few Jest expectations on what the page shows now) until it passes, and fails with
 * its last error when the time is up. The waiting counterpart of an assertion: no fixed sleeps.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeout = UI_TIMEOUT, interval = 100): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}

/** One moment of a progress bar: its state, its count and the words it showed. */
export interface BarMoment {
  state: string;
  done: number;
  total: number;
  text: string;
}

/**
 * Starts recording every moment the progress bar `testId` shows, from before it appears: a short job is over before
 * a polling check looks, so "it was seen running" is asked of the record, not of the page at one instant.
 * Read it back with `barMoments`.
 */
export async function recordBar(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const seen: { state: string; done: number; total: number; text: string }[] = [];
    (window as unknown as { __bars: Record<string, unknown> }).__bars ??= {};
    (window as unknown as { __bars: Record<string, unknown> }).__bars[id] = seen;
    const note = () => {
      const bar = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (!bar) return;
      const moment = {
        state: bar.getAttribute('data-state') ?? '',
        done: Number(bar.getAttribute('data-done') ?? ''),
        total: Number(bar.getAttribute('data-total') ?? ''),
        text: bar.innerText,
      };
      const last = seen[seen.length - 1];
      if (!last || last.state !== moment.state || last.done !== moment.done || last.text !== moment.text) seen.push(moment);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state', 'data-done'] });
  }, testId);
}

/** What `recordBar` has seen of the bar `testId` so far, in order. */
export function barMoments(page: Page, testId: string): Promise<BarMoment[]> {
  return page.evaluate((id) => ((window as unknown as { __bars?: Record<string, BarMoment[]> }).__bars?.[id] ?? []), testId);
}
