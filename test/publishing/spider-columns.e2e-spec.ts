import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { type PostDetail, type PostPage, resources, type SpiderColumn, type SpiderColumnDetail, type SpiderItem, type SpiderItemPage, type SpiderPreview, type SpiderRunStarted } from '@schoolflow/contracts';
import { call, type CallOptions, login, withDb } from '../support/api.js';
import { schoolDate } from '../support/workflow.js';
import { launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';

/**
 * 栏目采集 end to end (docs/product/publishing.md#columns-from-other-sites, docs/adr/0067-spider-columns.md) on the
 * shared test server: this file serves a GBK-encoded list page and two article pages from a local HTTP server of its
 * own (the test environment allows 127.0.0.1 only: SPIDER_ALLOWED_HOSTS). The dry run reads 2 items and saves nothing;
 * a run in review mode keeps 2, a second adds 0; publishing one makes a post its audience sees, its source link kept
 * and its scripts gone; a scheduled column in automatic mode is collected and published by the sweep. Refusals in zh
 * and en: a bad address, an internal one (10.x, 169.254.169.254 — refused before any connection), a non-HTML answer,
 * a selector finding nothing or not CSS, an unknown column, a teacher without spider:manage (logged). In Chromium the
 * administrator fills the form, tries the selectors, saves, runs and publishes an item, then glances at English.
 */
const zh = resources.zh.publishing.columns;
const en = resources.en.publishing.columns;
const tag = `${Date.now() % 1_000_000}`;
type Who = 'admin' | 'teacher';
const tokens = {} as Record<Who, string>;
const made = { columns: [] as string[] };
let browser: Browser | undefined;
let server: Server;
let site = '';
let teacherId = '';

/** GBK bytes of a text: the reverse of TextDecoder('gbk') over every two-byte code (Node has no GBK encoder). */
const GBK = (() => {
  const map = new Map<string, number[]>();
  const decoder = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = decoder.decode(Uint8Array.from([hi, lo]));
      if (ch.length === 1 && !map.has(ch)) map.set(ch, [hi, lo]);
    }
  }
  return (text: string): Buffer => Buffer.from([...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (map.get(ch) ?? [0x3f]))));
})();

/** The notices' dates on the other site: a week and nine days ago, whatever day the test runs. */
const DATES = [schoolDate(-7), schoolDate(-9)] as const;
const TITLES = [`关于做好冬季校园安全工作的通知${tag}`, `教师寒假培训安排${tag}`];
const PAGES: Record<string, { type: string; body: Buffer }> = {
  // no charset in the header: the page's own <meta charset> says GBK
  '/list.html': {
    type: 'text/html',
    body: GBK(`<html><head><meta charset="gbk"><title>通知公告</title></head><body><ul class="news">
      <li><a href="articles/a1.html">${TITLES[0]}</a><span class="date">${DATES[0]}</span></li>
      <li><a href="/articles/a2.html">${TITLES[1]}</a><span class="date">${DATES[1]}</span></li>
      </ul></body></html>`),
  },
  '/articles/a1.html': { type: 'text/html; charset=GBK', body: GBK(`<html><body><div class="content"><p>请各单位做好冬季安全工作${tag}。<a href="../files/f.pdf">附件</a></p><script>alert(1)</script><img src="p.png" onerror="x()"></div></body></html>`) },
  '/articles/a2.html': { type: 'text/html; charset=GBK', body: GBK(`<html><body><div class="content"><p>寒假培训于下周开始${tag}。</p></div></body></html>`) },
  '/data.json': { type: 'application/json', body: Buffer.from('{"a":1}') },
};

const api = <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}) => call<T>(`/api/spider-columns${path}`, { token: tokens[who], ...o });
const ok = async <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}): Promise<T> => {
  const res = await api<T>(who, path, o);
  expect([path, res.status, res.body.result, res.body.msg]).toEqual([path, 200, true, res.body.msg]);
  return res.body.data as T;
};
const selectors = { listSelector: 'ul.news > li', titleSelector: 'a', linkSelector: 'a', dateSelector: '.date', contentSelector: 'div.content' };
const column = (name: string, extra: Record<string, unknown> = {}) => ({ name, sourceUrl: `${site}/list.html`, ...selectors, kind: 'notice', audience: { userIds: [teacherId] }, mode: 'review', intervalHours: null, enabled: true, ...extra });
const columnCount = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM spider_column WHERE name LIKE $1`, [`%${tag}%`])).rows[0]?.n));
const waitForRun = async (id: string, runId: string): Promise<SpiderColumnDetail['runs'][number]> => {
  for (let i = 0; i < 100; i++) {
    const run = (await ok<SpiderColumnDetail>('admin', `/${id}`)).runs.find((r) => r.id === runId);
    if (run && run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${runId} did not end`);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    // a redirect to the cloud's metadata address (checked again before it is followed), and one that never ends
    if (path === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) return void res.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}` }).end();
    const page = PAGES[path];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>404</p>');
    res.writeHead(200, { 'content-type': page.type, 'content-length': page.body.length }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [tokens.admin, tokens.teacher] = (await Promise.all(['admin', 'teacher'].map((a) => login(a)))) as [string, string];
  teacherId = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0]?.id as string);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb(async (c) => {
    const posts = (await c.query(`SELECT post_id FROM spider_item WHERE post_id IS NOT NULL AND column_id IN (SELECT id FROM spider_column WHERE name LIKE $1)`, [`%${tag}%`])).rows.map((r: { post_id: string }) => r.post_id);
    await c.query(`DELETE FROM spider_column WHERE name LIKE $1`, [`%${tag}%`]);
    for (const id of posts) await call(`/api/posts/${id}`, { method: 'DELETE', token: tokens.admin });
  });
  await new Promise((resolve) => server?.close(resolve));
});

describe('columns from other sites', () => {
  it('the dry run reads the GBK list — 2 items, their dates and the first articles’ content, links absolute, scripts gone — and saves nothing', async () => {
    const before = await columnCount();
    const preview = await ok<SpiderPreview>('admin', '/try', { json: { sourceUrl: `${site}/list.html`, ...selectors } });
    expect(preview.charset).toBe('gbk');
    expect(preview.found).toBe(2);
    expect(preview.items.map((i) => [i.title, i.url, i.date])).toEqual([
      [TITLES[0], `${site}/articles/a1.html`, DATES[0]],
      [TITLES[1], `${site}/articles/a2.html`, DATES[1]],
    ]);
    expect(preview.items[0]?.content).toContain(`<a href="${site}/files/f.pdf"`);
    expect(preview.items[0]?.content).toContain(`<img src="${site}/articles/p.png" />`);
    expect(preview.items[0]?.content).not.toMatch(/script|onerror/);
    expect(preview.problems).toEqual([]);
    expect(await columnCount()).toBe(before);
  });

  it('refuses, in zh and en, a bad address, internal addresses (a redirect to one too), endless redirects, a non-HTML answer, a selector finding nothing or not CSS — nothing written', async () => {
    const before = await columnCount();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ sourceUrl: 'ftp://example.org/x' }, 400, zh.validation.urlInvalid, en.validation.urlInvalid],
      [{ sourceUrl: 'http://10.0.0.1/notices/' }, 422, zh.fetch.internalAddress.replace('{{host}}', '10.0.0.1').replace('{{address}}', '10.0.0.1'), en.fetch.internalAddress.replace('{{host}}', '10.0.0.1').replace('{{address}}', '10.0.0.1')],
      [{ sourceUrl: 'http://169.254.169.254/latest/meta-data/' }, 422, zh.fetch.internalAddress.replace('{{host}}', '169.254.169.254').replace('{{address}}', '169.254.169.254'), en.fetch.internalAddress.replace('{{host}}', '169.254.169.254').replace('{{address}}', '169.254.169.254')],
      [{ sourceUrl: `${site}/to-metadata` }, 422, zh.fetch.internalAddress.replace('{{host}}', '169.254.169.254').replace('{{address}}', '169.254.169.254'), en.fetch.internalAddress.replace('{{host}}', '169.254.169.254').replace('{{address}}', '169.254.169.254')],
      [{ sourceUrl: `${site}/hop/1` }, 422, zh.fetch.tooManyRedirects, en.fetch.tooManyRedirects],
      [{ sourceUrl: `${site}/data.json` }, 422, zh.fetch.notHtml.replace('{{type}}', 'application/json'), en.fetch.notHtml.replace('{{type}}', 'application/json')],
      [{ listSelector: 'table.none tr' }, 422, zh.errors.nothingFound.replace('{{selector}}', 'table.none tr'), en.errors.nothingFound.replace('{{selector}}', 'table.none tr')],
      [{ linkSelector: 'a[href' }, 400, zh.errors.selectorInvalid.replace('{{field}}', zh.form.linkSelector), en.errors.selectorInvalid.replace('{{field}}', en.form.linkSelector)],
    ];
    for (const [change, status, zhMsg, enMsg] of cases) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await api('admin', '/try', { json: { sourceUrl: `${site}/list.html`, ...selectors, ...change }, lang });
        expect([change, lang, res.status, res.body.result, res.body.msg]).toEqual([change, lang, status, false, msg]);
      }
    }
    // saving checks the selectors too; an internal address is refused when fetched, and a column is only an address
    const saved = await api('admin', '', { json: column(`坏${tag}`, { titleSelector: 'a::' }), lang: 'en' });
    expect([saved.status, saved.body.msg]).toEqual([400, en.errors.selectorInvalid.replace('{{field}}', en.form.titleSelector)]);
    expect(await columnCount()).toBe(before);
  });

  it('an unknown column is 404; a teacher without spider:manage is refused 403, logged', async () => {
    for (const [lang, msg] of [['zh', zh.errors.notFound], ['en', en.errors.notFound]] as const) {
      for (const path of ['/00000000-0000-4000-8000-000000000000', '/not-a-column', '/00000000-0000-4000-8000-000000000000/items']) {
        const res = await api('admin', path, { lang });
        expect([path, res.status, res.body.msg]).toEqual([path, 404, msg]);
      }
    }
    const logged = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE account = 'teacher' AND action = 'spider.list' AND result = 'failure'`)).rows[0]?.n));
    const before = await logged();
    for (const [lang, msg] of [['zh', zh.errors.forbidden], ['en', en.errors.forbidden]] as const) {
      const res = await api('teacher', '', { lang });
      expect([res.status, res.body.msg]).toEqual([403, msg]);
    }
    const tried = await api('teacher', '/try', { json: { sourceUrl: `${site}/list.html`, ...selectors } });
    expect(tried.status).toBe(403);
    expect(await logged()).toBe(before + 2);
  });

  it('a run in review mode keeps 2 items, a second adds 0; publishing one makes a post the audience reads, its source link kept and scripts stripped', async () => {
    const col = await ok<SpiderColumn>('admin', '', { json: column(`教育局通知${tag}`) });
    made.columns.push(col.id);
    expect(col.nextRunAt).toBeNull();
    const first = await ok<SpiderRunStarted>('admin', `/${col.id}/run`, { method: 'POST' });
    expect(await waitForRun(col.id, first.runId)).toMatchObject({ state: 'completed', found: 2, added: 2, published: 0, problems: [], failure: null });
    const second = await ok<SpiderRunStarted>('admin', `/${col.id}/run`, { method: 'POST' });
    expect(await waitForRun(col.id, second.runId)).toMatchObject({ state: 'completed', found: 2, added: 0 });
    const job = await call<{ state: string; result: { added: number } }>(`/api/jobs/${second.jobId}`, { token: tokens.admin });
    expect([job.body.data?.state, job.body.data?.result.added]).toEqual(['completed', 0]);
    const pending = await ok<SpiderItemPage>('admin', `/${col.id}/items`);
    expect(pending.list.map((i) => i.title).sort()).toEqual([...TITLES].sort());
    const item = pending.list.find((i) => i.title === TITLES[0]);
    expect(item?.content).not.toContain('<script');

    const published = await ok<SpiderItem>('admin', `/items/${item?.id}/publish`, { method: 'POST' });
    expect(published.state).toBe('published');
    const again = await api('admin', `/items/${item?.id}/publish`, { method: 'POST', lang: 'en' });
    expect([again.status, again.body.msg]).toEqual([409, en.errors.itemDecided]);
    const inbox = (await call<PostPage>('/api/posts?kind=notice&box=inbox&size=50', { token: tokens.teacher })).body.data;
    expect(inbox?.list.some((p) => p.id === published.postId && p.title === TITLES[0])).toBe(true);
    const post = (await call<PostDetail>(`/api/posts/${published.postId}`, { token: tokens.teacher })).body.data as PostDetail;
    expect(post.body).toContain(`请各单位做好冬季安全工作${tag}`);
    expect(post.body).toContain(`<a href="${site}/articles/a1.html"`);
    expect(post.body).not.toMatch(/<script|onerror/);

    const other = pending.list.find((i) => i.title === TITLES[1]);
    await ok('admin', `/items/${other?.id}/ignore`, { method: 'POST' });
    expect((await ok<SpiderItemPage>('admin', `/${col.id}/items?state=all`)).list.map((i) => i.state).sort()).toEqual(['ignored', 'published']);
    expect((await ok<SpiderColumn[]>('admin', '')).find((c) => c.id === col.id)?.pending).toBe(0);
  });

  it('a scheduled column in automatic mode is collected by the sweep and its items published as they come', async () => {
    const col = await ok<SpiderColumn>('admin', '', { json: column(`自动栏目${tag}`, { mode: 'auto', intervalHours: 24, contentSelector: null }) });
    made.columns.push(col.id);
    expect(col.nextRunAt).not.toBeNull();
    let detail = await ok<SpiderColumnDetail>('admin', `/${col.id}`);
    for (let i = 0; i < 100 && !detail.runs.some((r) => r.state === 'completed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = await ok<SpiderColumnDetail>('admin', `/${col.id}`);
    }
    expect(detail.runs[0]).toMatchObject({ trigger: 'schedule', state: 'completed', found: 2, added: 2, published: 2 });
    expect(Date.parse(detail.nextRunAt ?? '') - Date.now()).toBeGreaterThan(23 * 3600_000);
    const items = await ok<SpiderItemPage>('admin', `/${col.id}/items?state=published`);
    expect(items.total).toBe(2);
    const post = (await call<PostDetail>(`/api/posts/${items.list[0]?.postId}`, { token: tokens.teacher })).body.data as PostDetail;
    expect(post.body).toContain(`<a href="${items.list[0]?.url}"`);
  });

  it('in Chromium the administrator fills the form, tries the selectors, saves, runs and publishes an item; English at a glance', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'admin', '/spiderColumn');
    await page.locator(tid('spider-create')).click();
    const name = `浏览器栏目${tag}`;
    await page.locator(tid('spider-name')).fill(name);
    await page.locator(tid('spider-sourceUrl')).fill(`${site}/list.html`);
    await page.locator(tid('spider-listSelector')).fill(selectors.listSelector);
    await page.locator(tid('spider-dateSelector')).fill(selectors.dateSelector);
    await page.locator(tid('spider-contentSelector')).fill(selectors.contentSelector);
    await page.locator(tid('spider-try')).click();
    await page.locator(tid('spider-preview')).waitFor();
    await expect(page.locator(tid('spider-preview-item')).count()).resolves.toBe(2);
    await expect(page.locator(tid('spider-preview')).innerText()).resolves.toContain(TITLES[1]);
    await shot(page, 'spider-preview-zh');
    await page.locator(tid('spider-form-save')).click();
    await page.locator(tid('spider-form')).waitFor({ state: 'detached' });
    const row = page.locator(tid('spider-column')).filter({ hasText: name });
    await row.locator(tid('spider-open')).click();
    await page.locator(tid('spider-run')).click();
    await page.locator(tid('spider-run-done')).waitFor();
    // the items are read again after the job's last push: they may arrive a moment after the run shows done
    await page.locator(tid('spider-item')).nth(1).waitFor();
    await expect(page.locator(tid('spider-item')).count()).resolves.toBe(2);
    await page.locator(tid('spider-item')).filter({ hasText: TITLES[0] }).locator(tid('spider-item-publish')).click();
    await page.locator(tid('spider-item')).nth(1).waitFor({ state: 'detached' });
    await shot(page, 'spider-detail-zh');
    await page.locator(tid('lang-switch')).click();
    await expect(page.locator(tid('spider-run')).innerText()).resolves.toBe(en.detail.run);
    await page.locator(tid('spider-back')).click();
    await expect(page.locator(tid('spider-create')).innerText()).resolves.toBe(en.list.create);
    await shot(page, 'spider-list-en');
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
