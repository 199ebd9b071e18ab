import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { type KnowledgeArticle, type KnowledgeArticlePage, type KnowledgeCategory, type KnowledgeVersion, type KnowledgeVersionSummary, resources } from '@schoolflow/contracts';
import { upload } from '../support/admin.js';
import { baseUrl, call, type CallOptions, login, randomIp, withDb } from '../support/api.js';
import { launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';

/**
 * 知识库 end to end (docs/product/office.md#knowledge-base, docs/adr/0060-knowledge-base.md) on the shared test server:
 * bad input answers the envelope in zh and en and writes nothing; categories, articles and their changes; a restricted
 * category (head teachers only) does not exist to a teacher outside it — not in the tree, not listed, not read, not
 * found, its attachment not downloaded — and each reach is logged; a named editor writes, a reader may not; every save
 * keeps the version before it, one is viewed and restored as a new version; the Chinese search finds a word inside a
 * sentence and not characters merely present apart, nor an unrelated word. In Chromium a student searches in Chinese,
 * reads the article, and switches to English. What it makes is removed at its end.
 */
const zh = resources.zh.knowledge;
const en = resources.en.knowledge;
const tag = `${Date.now() % 1_000_000}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
type Who = 'admin' | 'teacher' | 'headteacher' | 'student';
const tokens = {} as Record<Who, string>;
const made = { categories: [] as string[], articles: [] as string[] };
let browser: Browser | undefined;

const api = <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}) => call<T>(`/api/knowledge${path}`, { token: tokens[who], ...o });
const ok = async <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}): Promise<T> => {
  const res = await api<T>(who, path, o);
  expect([path, res.status, res.body.result, res.body.msg]).toEqual([path, 200, true, res.body.msg]);
  return res.body.data as T;
};
const search = async (who: Who, q: string) => (await ok<KnowledgeArticlePage>(who, `/articles?q=${encodeURIComponent(q)}&size=50`)).list;
const failures = (account: string, target: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE target = $1 AND result = 'failure' AND account = $2`, [target, account])).rows[0]?.n));
const tagged = () =>
  withDb(async (c) => {
    const { rows } = await c.query(`SELECT (SELECT count(*) FROM knowledge_category WHERE name LIKE $1)::int + (SELECT count(*) FROM knowledge_article WHERE title LIKE $1)::int AS n`, [`%坏${tag}%`]);
    return Number(rows[0]?.n);
  });
const download = (who: Who, resId: string) => fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens[who], 'X-Forwarded-For': randomIp() } });
const idOf = async (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0]?.id as string);

/** Made by the file: a category everyone reads with the teacher as its editor, and the head teachers' own under it. */
const place = { open: '', heads: '', spare: '' };

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.headteacher, tokens.student] = (await Promise.all(['admin', 'teacher', 'headteacher', 'student'].map((a) => login(a)))) as [string, string, string, string];
  const open = await ok<KnowledgeCategory>('admin', '/categories', { json: { name: `校园服务${tag}`, nameEn: `Campus services ${tag}`, editorIds: [await idOf('teacher')] } });
  place.open = open.id;
  made.categories.push(open.id);
  const heads = await ok<KnowledgeCategory>('admin', '/categories', { json: { name: `班主任专区${tag}`, nameEn: `Head teachers ${tag}`, parentId: open.id, everyone: false, roles: ['headteacher'] } });
  place.heads = heads.id;
  made.categories.push(heads.id);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb(async (c) => {
    await c.query(`DELETE FROM sys_file_link WHERE ref_type = 'knowledge' AND ref_id = ANY($1::uuid[])`, [made.articles]);
    await c.query(`DELETE FROM knowledge_article WHERE id = ANY($1::uuid[]) OR category_id = ANY($2::uuid[])`, [made.articles, made.categories]);
    for (const id of [...made.categories].reverse()) await c.query(`DELETE FROM knowledge_category WHERE id = $1`, [id]);
  });
});

describe('knowledge base', () => {
  it('bad input answers the envelope in zh and en and writes nothing', async () => {
    const before = await tagged();
    const someoneElses = (await upload<{ resId: string }[]>('/file/upload?types=.pdf', tokens.headteacher, PDF, 'other.pdf')).body.data?.[0]?.resId as string;
    const body = '<p>正文</p>';
    const cases: [string, unknown, string, string][] = [
      ['/categories', { name: '  ' }, zh.validation.nameRequired, en.validation.nameRequired],
      ['/categories', { name: '类'.repeat(31) }, zh.validation.nameTooLong, en.validation.nameTooLong],
      ['/categories', { name: `坏${tag}`, everyone: false }, zh.validation.readersRequired, en.validation.readersRequired],
      ['/categories', { name: `坏${tag}`, everyone: false, roles: ['no_such_role'] }, zh.errors.roleUnknown, en.errors.roleUnknown],
      ['/categories', { name: `坏${tag}`, parentId: '00000000-0000-4000-8000-000000000000' }, zh.errors.parentNotFound, en.errors.parentNotFound],
      ['/articles', { categoryId: place.open, title: ' ', body }, zh.validation.titleRequired, en.validation.titleRequired],
      ['/articles', { categoryId: '', title: `坏${tag}`, body }, zh.validation.categoryRequired, en.validation.categoryRequired],
      ['/articles', { categoryId: place.open, title: `坏${tag}`, body: '<p> </p><script>alert(1)</script>' }, zh.errors.bodyEmpty, en.errors.bodyEmpty],
      ['/articles', { categoryId: place.open, title: `坏${tag}`, body, attachments: [someoneElses] }, zh.errors.attachmentNotYours, en.errors.attachmentNotYours],
    ];
    for (const [path, json, zhMsg, enMsg] of cases) {
      const [a, b] = [await api('admin', path, { json, lang: 'zh' }), await api('admin', path, { json, lang: 'en' })];
      expect([path, a.status, a.body.code, a.body.result, a.body.msg]).toEqual([path, 400, 400, false, zhMsg]);
      expect([path, b.status, b.body.msg]).toEqual([path, 400, enMsg]);
    }
    // a sibling's name again, a move under itself
    const dup = await api('admin', '/categories', { json: { name: `校园服务${tag}` }, lang: 'en' });
    expect([dup.status, dup.body.msg]).toEqual([409, en.errors.nameTaken]);
    const loop = await api('admin', `/categories/${place.open}`, { method: 'PUT', json: { name: `校园服务${tag}`, parentId: place.heads } });
    expect([loop.status, loop.body.msg]).toEqual([400, zh.errors.parentLoop]);
    expect(await tagged()).toBe(before);
    expect((await ok<KnowledgeCategory[]>('admin', '/categories')).find((c) => c.id === place.open)?.parentId).toBeNull();
  });

  it('categories and articles: a named editor writes, a reader may not, a manager manages; a stale save and a full category are refused', async () => {
    // the teacher, named editor of the open category, writes with an attachment of their own
    const pdf = (await upload<{ resId: string }[]>('/file/upload?types=.pdf', tokens.teacher, PDF, '一卡通.pdf')).body.data?.[0]?.resId as string;
    const created = await api<KnowledgeArticle>('teacher', '/articles', {
      json: { categoryId: place.open, title: `校园一卡通使用说明${tag}`, body: '<p onclick="x()">学生在食堂、图书馆和超市使用校园一卡通消费，丢失后请立即到信息中心挂失。</p><script>alert(1)</script>', attachments: [pdf] },
    });
    expect([created.status, created.body.msg]).toEqual([200, zh.results.articleCreated]);
    const card = created.body.data as KnowledgeArticle;
    made.articles.push(card.id);
    expect(card).toMatchObject({ version: 1, canEdit: true, attachments: [{ resId: pdf, resName: '一卡通', resSuffix: '.pdf' }] });
    expect(card.body).toBe('<p>学生在食堂、图书馆和超市使用校园一卡通消费，丢失后请立即到信息中心挂失。</p>');

    // a reader (the student) reads it and its attachment, but writes nothing here (403, logged)
    expect((await ok<KnowledgeArticle>('student', `/articles/${card.id}`)).canEdit).toBe(false);
    expect((await download('student', pdf)).status).toBe(200);
    const refusedBefore = await failures('student', card.id);
    const refused = await api('student', `/articles/${card.id}`, { method: 'PUT', json: { categoryId: place.open, title: 'x', body: '<p>x</p>', baseVersion: 1 }, lang: 'en' });
    expect([refused.status, refused.body.msg]).toEqual([403, en.errors.notEditor]);
    expect((await api('student', '/categories', { json: { name: `学生分类${tag}` } })).status).toBe(403);
    expect(await failures('student', card.id)).toBe(refusedBefore + 1);

    // a change is the next version; a save from the old version is refused and changes nothing
    const changed = await ok<KnowledgeArticle>('teacher', `/articles/${card.id}`, {
      method: 'PUT',
      json: { categoryId: place.open, title: `校园一卡通使用说明${tag}`, body: '<p>校园一卡通可在食堂、图书馆和超市消费；补办需交工本费二十元。</p>', attachments: [pdf], baseVersion: 1 },
    });
    expect(changed.version).toBe(2);
    const stale = await api('teacher', `/articles/${card.id}`, { method: 'PUT', json: { categoryId: place.open, title: '旧的', body: '<p>旧</p>', baseVersion: 1 }, lang: 'en' });
    expect([stale.status, stale.body.msg]).toEqual([409, en.errors.staleVersion]);
    expect((await ok<KnowledgeArticle>('teacher', `/articles/${card.id}`)).version).toBe(2);

    // a manager renames a category and deletes an empty one; a category holding something is kept
    const spare = await ok<KnowledgeCategory>('admin', '/categories', { json: { name: `临时${tag}`, parentId: place.open } });
    made.categories.push(spare.id);
    expect((await ok<KnowledgeCategory>('admin', `/categories/${spare.id}`, { method: 'PUT', json: { name: `临时改名${tag}`, parentId: place.open, sort: 5 } })).name).toBe(`临时改名${tag}`);
    const full = await api('admin', `/categories/${place.open}`, { method: 'DELETE', lang: 'en' });
    expect([full.status, full.body.msg]).toEqual([409, en.errors.notEmpty]);
    expect((await api('admin', `/categories/${spare.id}`, { method: 'DELETE' })).body).toMatchObject({ result: true, msg: zh.results.categoryDeleted });

    // an article deleted goes with its versions
    const gone = await ok<KnowledgeArticle>('teacher', '/articles', { json: { categoryId: place.open, title: `待删除${tag}`, body: '<p>很快删除</p>' } });
    made.articles.push(gone.id);
    expect((await api('teacher', `/articles/${gone.id}`, { method: 'DELETE' })).body.msg).toBe(zh.results.articleDeleted);
    expect((await api('teacher', `/articles/${gone.id}`)).status).toBe(404);
  });

  it('a restricted category does not exist to someone outside it — tree, list, article, search, attachment — and each reach is logged', async () => {
    const pdf = (await upload<{ resId: string }[]>('/file/upload?types=.pdf', tokens.admin, PDF, '家访.pdf')).body.data?.[0]?.resId as string;
    const secret = await ok<KnowledgeArticle>('admin', '/articles', { json: { categoryId: place.heads, title: `家访记录表填写说明${tag}`, body: '<p>每次家访后三天内填写家访记录表，交年级组存档。</p>', attachments: [pdf] } });
    made.articles.push(secret.id);

    // a head teacher reads it
    expect((await ok<KnowledgeCategory[]>('headteacher', '/categories')).map((c) => c.id)).toContain(place.heads);
    expect((await search('headteacher', '家访记录表')).map((a) => a.id)).toContain(secret.id);
    expect((await download('headteacher', pdf)).status).toBe(200);

    // the teacher (no head teacher, though editor of the category above) sees none of it
    expect((await ok<KnowledgeCategory[]>('teacher', '/categories')).map((c) => c.id)).toEqual(expect.not.arrayContaining([place.heads]));
    expect((await ok<KnowledgeArticlePage>('teacher', `/articles?categoryId=${place.open}&size=50`)).list.map((a) => a.id)).not.toContain(secret.id);
    expect((await search('teacher', '家访记录表')).map((a) => a.id)).not.toContain(secret.id);
    const [listed, read, versions, written] = [
      await api('teacher', `/articles?categoryId=${place.heads}`, { lang: 'en' }),
      await api('teacher', `/articles/${secret.id}`),
      await api('teacher', `/articles/${secret.id}/versions`),
      await api('teacher', '/articles', { json: { categoryId: place.heads, title: '闯入', body: '<p>x</p>' } }),
    ];
    expect([listed.status, listed.body.msg]).toEqual([404, en.errors.categoryNotFound]);
    expect([read.status, read.body.msg, versions.status]).toEqual([404, zh.errors.articleNotFound, 404]);
    expect([written.status, written.body.msg]).toEqual([404, zh.errors.categoryNotFound]);
    expect((await download('teacher', pdf)).status).toBe(404);
    expect(await failures('teacher', secret.id)).toBe(2); // the read and the versions
    expect(await failures('teacher', place.heads)).toBe(2); // the list and the write
  });

  it('every save keeps the version before it; one is viewed, and restoring it is a new version', async () => {
    const a = await ok<KnowledgeArticle>('admin', '/articles', { json: { categoryId: place.open, title: `图书馆开放时间${tag}`, body: '<p>周一至周五 7:30–21:00。</p>' } });
    made.articles.push(a.id);
    await ok('admin', `/articles/${a.id}`, { method: 'PUT', json: { categoryId: place.open, title: `图书馆开放时间（暑期）${tag}`, body: '<p>暑期每周二、四 9:00–16:00。</p>', baseVersion: 1 } });
    const before = await ok<KnowledgeVersionSummary[]>('student', `/articles/${a.id}/versions`);
    expect(before.map((v) => [v.version, v.current, v.restoredFrom])).toEqual([
      [2, true, null],
      [1, false, null],
    ]);
    const first = await ok<KnowledgeVersion>('student', `/articles/${a.id}/versions/1`);
    expect([first.title, first.body]).toEqual([`图书馆开放时间${tag}`, '<p>周一至周五 7:30–21:00。</p>']);

    expect((await api('student', `/articles/${a.id}/versions/1/restore`, { method: 'POST', json: {} })).status).toBe(403);
    const missing = await api('admin', `/articles/${a.id}/versions/99/restore`, { method: 'POST', json: {}, lang: 'en' });
    expect([missing.status, missing.body.msg]).toEqual([404, en.errors.versionNotFound]);
    const restored = await api<KnowledgeArticle>('admin', `/articles/${a.id}/versions/1/restore`, { method: 'POST', json: {} });
    expect([restored.body.msg, restored.body.data?.version, restored.body.data?.title, restored.body.data?.body]).toEqual([zh.results.restored, 3, `图书馆开放时间${tag}`, '<p>周一至周五 7:30–21:00。</p>']);
    expect((await ok<KnowledgeVersionSummary[]>('admin', `/articles/${a.id}/versions`)).map((v) => [v.version, v.current, v.restoredFrom])).toEqual([
      [3, true, 1],
      [2, false, null],
      [1, false, null],
    ]);
    // the search follows the current version
    expect((await search('admin', '暑期')).map((x) => x.id)).not.toContain(a.id);
    expect((await search('admin', '周一至周五')).map((x) => x.id)).toContain(a.id);
  });

  it('the Chinese search finds a word inside a sentence and not characters apart nor an unrelated word; English and mixed queries too', async () => {
    const a = await ok<KnowledgeArticle>('admin', '/articles', {
      json: { categoryId: place.open, title: `宿舍报修指南${tag}`, body: '<p>宿舍的水龙头漏水或灯管损坏时，请在报修管理中提交申请，维修师傅一般在两个工作日内上门。Please report broken lights online.</p>' },
    });
    made.articles.push(a.id);
    const ids = async (q: string) => (await search('student', q)).map((x) => x.id);
    expect(await ids('水龙头')).toContain(a.id); // three characters inside a sentence
    expect(await ids('漏水')).toContain(a.id);
    expect(await ids('上门')).toContain(a.id);
    expect(await ids('工作日 灯管')).toContain(a.id); // two words, both present
    expect(await ids('漏')).toContain(a.id); // one character
    expect(await ids('BROKEN light')).toContain(a.id); // English, any case, a word's start
    expect(await ids('水漏')).not.toContain(a.id); // both characters are there, never side by side
    expect(await ids('龙水头')).not.toContain(a.id);
    expect(await ids('寒假作业')).not.toContain(a.id); // unrelated
    expect(await ids('工作日 寒假')).not.toContain(a.id); // all terms must be found
    expect(await search('student', '，。！')).toEqual([]);
    // the match marked in the title and in the passage
    const [hit] = (await search('student', `报修指南${tag}`)).filter((x) => x.id === a.id);
    expect(hit?.titleParts.filter((p) => p.hit).map((p) => p.text)).toEqual([`报修指南${tag}`]);
    const [inBody] = (await search('student', '水龙头')).filter((x) => x.id === a.id);
    expect(inBody?.excerpt.filter((p) => p.hit).map((p) => p.text)).toEqual(['水龙头']);
    const long = await api('student', `/articles?q=${'查'.repeat(51)}`, { lang: 'en' });
    expect([long.status, long.body.msg]).toEqual([400, en.validation.queryTooLong]);
  });

  it('in Chromium a student searches in Chinese, reads the article, and switches to English', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'student', '/zskgl');
    await page.locator(tid('kb-tree')).waitFor();
    expect(await page.locator(`${tid('kb-category')}[data-id="${place.heads}"]`).count()).toBe(0);
    // a word inside a sentence of the card's current version: the passage around it, the word marked
    await page.locator(tid('kb-search-input')).fill('工本费');
    await page.locator(tid('kb-search-submit')).click();
    const item = page.locator(`${tid('kb-list')}[data-q="工本费"] ${tid('kb-article-item')}`).filter({ hasText: `校园一卡通使用说明${tag}` });
    await item.waitFor();
    await expect(item.locator('mark.sf-kb-hit').allInnerTexts()).resolves.toEqual(['工本费']);
    await shot(page, 'knowledge-search-zh');
    await item.locator(tid('kb-article-open')).click();
    await page.locator(tid('kb-article-body')).waitFor();
    await expect(page.locator(tid('kb-article-title')).innerText()).resolves.toBe(`校园一卡通使用说明${tag}`);
    await expect(page.locator(tid('kb-attachment')).innerText()).resolves.toContain('一卡通.pdf');
    expect(await page.locator(tid('kb-article-edit')).count()).toBe(0);
    await shot(page, 'knowledge-article-zh');
    await page.locator(tid('lang-switch')).click();
    await expect(page.locator(tid('kb-article-back')).innerText()).resolves.toBe(en.article.back);
    await expect(page.locator(tid('kb-article-meta')).innerText()).resolves.toContain(`Campus services ${tag}`);
    await page.locator(tid('kb-article-back')).click();
    await expect(page.locator(tid('kb-list')).locator('.sf-card-title').innerText()).resolves.toContain(en.list.results.replace('{{q}}', '工本费'));
    await shot(page, 'knowledge-search-en');
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
