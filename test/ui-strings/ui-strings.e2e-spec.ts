import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { resources, type UiStringBundle, type UiStringPage, type UiStringRow, type UiStringsExport, type UiStringsImportResult } from '@schoolflow/contracts';
import { call, type CallOptions, login, withDb } from '../support/api.js';
import { launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { schoolDate, until } from '../support/workflow.js';

/**
 * 界面语言 end to end (docs/product/administration.md#interface-languages, docs/adr/0065-interface-languages.md) on the
 * shared test server: bad input and a placeholder-dropping override are refused in zh and en and write nothing; a
 * teacher may not read the strings (403, logged); a server message overridden by the administrator is answered in the
 * overridden words in that language only, and in the shipped words again once reset — also when written by hand in the
 * database (the announcement reloads the server's overrides); export → import brings the
 * overrides back (an import with one bad item writes nothing); in Chromium the administrator overrides a shell string
 * in zh and the shell shows it at once, en untouched. Every override it makes is removed at its end.
 */
const zh = resources.zh.languages;
const en = resources.en.languages;
type Who = 'admin' | 'teacher';
const tokens = {} as Record<Who, string>;
let browser: Browser | undefined;
/** The keys this file overrides (namespace, key): removed in afterAll, whatever happened. */
const TOUCHED: [string, string][] = [
  ['languages', 'errors.forbidden'],
  ['languages', 'page.overriddenCount'],
  ['languages', 'page.none'],
  ['web', 'navbar.fullscreen'],
];

const api = <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}) => call<T>(`/api/ui-strings${path}`, { token: tokens[who], ...o });
const ok = async <T>(who: Who, path: string, o: Pick<CallOptions, 'method' | 'json' | 'lang'> = {}): Promise<T> => {
  const res = await api<T>(who, path, o);
  expect([path, res.status, res.body.result]).toEqual([path, 200, true]);
  return res.body.data as T;
};
const stored = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM ui_string_override`)).rows[0]?.n));
const failures = (account: string, action: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = $1 AND result = 'failure' AND account = $2`, [action, account])).rows[0]?.n));
const removeMine = () =>
  withDb(async (c) => {
    for (const [ns, key] of TOUCHED) await c.query(`DELETE FROM ui_string_override WHERE namespace = $1 AND key = $2`, [ns, key]);
  });

beforeAll(async () => {
  [tokens.admin, tokens.teacher] = (await Promise.all(['admin', 'teacher'].map((a) => login(a)))) as [string, string];
  await removeMine();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await removeMine();
});

describe('interface languages', () => {
  it('bad input and a placeholder-dropping override are refused in zh and en; nothing written', async () => {
    const before = await stored();
    const bad = [
      [{ lang: 'fr', namespace: 'web', key: 'app.name', value: 'x' }, zh.validation.languageInvalid, en.validation.languageInvalid],
      [{ lang: 'zh', namespace: 'nowhere', key: 'app.name', value: 'x' }, zh.validation.namespaceInvalid, en.validation.namespaceInvalid],
      [{ lang: 'zh', namespace: 'web', key: 'app.name', value: '   ' }, zh.validation.valueRequired, en.validation.valueRequired],
      [{ lang: 'zh', namespace: 'web', key: 'app.nothingHere', value: 'x' }, zh.errors.unknownKey.replace('{{namespace}}', 'web').replace('{{key}}', 'app.nothingHere'), en.errors.unknownKey.replace('{{namespace}}', 'web').replace('{{key}}', 'app.nothingHere')],
      // the shipped words have {{count}}: words without it are refused
      [{ lang: 'zh', namespace: 'languages', key: 'page.overriddenCount', value: '已覆盖若干条' }, zh.errors.placeholdersDropped.replace('{{missing}}', 'count'), en.errors.placeholdersDropped.replace('{{missing}}', 'count')],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await api('admin', '/override', { json, lang });
        expect([JSON.stringify(json), res.status, res.body.code, res.body.result, res.body.msg]).toEqual([JSON.stringify(json), 400, 400, false, msg]);
      }
    }
    // kept placeholders, even moved: saved
    const moved = await ok<UiStringRow>('admin', '/override', { json: { lang: 'zh', namespace: 'languages', key: 'page.overriddenCount', value: '共 {{count}} 条已改' } });
    expect(moved).toMatchObject({ override: '共 {{count}} 条已改', shipped: zh.page.overriddenCount });
    expect(await stored()).toBe(before + 1);
  });

  it('a teacher neither lists the strings nor overrides one (403, logged); anyone signed in reads a language\'s overrides', async () => {
    const before = await failures('teacher', 'ui-strings.list');
    const list = await api('teacher', '?lang=zh&namespace=web');
    expect([list.status, list.body.result, list.body.msg]).toEqual([403, false, zh.errors.forbidden]);
    const save = await api('teacher', '/override', { json: { lang: 'en', namespace: 'web', key: 'app.name', value: 'Mine' }, lang: 'en' });
    expect([save.status, save.body.msg]).toEqual([403, en.errors.forbidden]);
    await until(() => failures('teacher', 'ui-strings.list'), (n) => n > before);
    const bundle = await ok<UiStringBundle>('teacher', '/bundle?lang=zh');
    expect(bundle.overrides.languages?.['page.overriddenCount']).toBe('共 {{count}} 条已改');
    expect((await ok<UiStringBundle>('teacher', '/bundle?lang=en')).overrides.languages?.['page.overriddenCount']).toBeUndefined();
  });

  it('a server message overridden is answered in the overridden words, in that language only, and shipped again once reset', async () => {
    const words = '只有管理员才能维护界面文字';
    await ok('admin', '/override', { json: { lang: 'zh', namespace: 'languages', key: 'errors.forbidden', value: words } });
    const refusal = async (lang: 'zh' | 'en') => (await api('teacher', '?lang=zh&namespace=web', { lang })).body.msg;
    expect(await refusal('zh')).toBe(words);
    expect(await refusal('en')).toBe(en.errors.forbidden);
    // listed as overridden, searchable by its words
    const page = await ok<UiStringPage>('admin', `?lang=zh&namespace=languages&overridden=true&q=${encodeURIComponent('管理员才能')}`);
    expect(page.list.map((r) => [r.key, r.override, r.shipped])).toEqual([['errors.forbidden', words, zh.errors.forbidden]]);
    const logged = await withDb(async (c) => (await c.query(`SELECT detail FROM sys_operation_log WHERE action = 'ui-strings.override' AND target = 'zh:languages:errors.forbidden' AND result = 'success' ORDER BY id DESC LIMIT 1`)).rows[0]?.detail);
    expect(logged).toMatchObject({ value: words, before: null });
    const reset = await ok<UiStringRow>('admin', '/reset', { json: { lang: 'zh', namespace: 'languages', key: 'errors.forbidden' } });
    expect(reset.override).toBeNull();
    expect(await refusal('zh')).toBe(zh.errors.forbidden);
    // written by hand, not through this server: the database's announcement makes every instance read it (and its removal)
    await withDb((c) => c.query(`INSERT INTO ui_string_override (lang, namespace, key, value) VALUES ('en', 'languages', 'errors.forbidden', 'Administrators only')`));
    await until(() => refusal('en'), (m) => m === 'Administrators only');
    await withDb((c) => c.query(`DELETE FROM ui_string_override WHERE lang = 'en' AND namespace = 'languages' AND key = 'errors.forbidden'`));
    await until(() => refusal('en'), (m) => m === en.errors.forbidden);
  });

  it('export → import brings the overrides back; an import with one bad item writes nothing', async () => {
    await ok('admin', '/override', { json: { lang: 'en', namespace: 'languages', key: 'page.none', value: 'Nothing here' } });
    const file = await ok<UiStringsExport>('admin', '/export');
    expect(file.format).toBe('schoolflow-ui-strings');
    const mine = file.overrides.filter((o) => TOUCHED.some(([ns, key]) => o.namespace === ns && o.key === key));
    expect(mine.map((o) => [o.lang, o.namespace, o.key, o.value]).sort()).toEqual([
      ['en', 'languages', 'page.none', 'Nothing here'],
      ['zh', 'languages', 'page.overriddenCount', '共 {{count}} 条已改'],
    ]);
    await removeMine();
    const before = await stored();
    const badImport = await api('admin', '/import', { json: { overrides: [...mine, { lang: 'en', namespace: 'languages', key: 'page.overriddenCount', value: 'no number' }] }, lang: 'en' });
    expect([badImport.status, badImport.body.msg, badImport.body.data]).toEqual([400, en.errors.placeholdersDropped.replace('{{missing}}', 'count'), { row: 3, lang: 'en', namespace: 'languages', key: 'page.overriddenCount' }]);
    expect(await stored()).toBe(before);
    const imported = await ok<UiStringsImportResult>('admin', '/import', { json: { overrides: mine } });
    expect(imported).toEqual({ imported: 2, unchanged: 0 });
    expect((await ok<UiStringBundle>('teacher', '/bundle?lang=en')).overrides.languages?.['page.none']).toBe('Nothing here');
    expect(await ok<UiStringsImportResult>('admin', '/import', { json: { overrides: mine } })).toEqual({ imported: 0, unchanged: 2 });
  });

  it('in Chromium the administrator overrides a shell string in zh: the shell shows it at once, en untouched', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'admin', '/internationalLanguage');
    const toggle = page.locator(tid('fullscreen-toggle'));
    expect(await toggle.getAttribute('title')).toBe(resources.zh.web.navbar.fullscreen);
    await page.locator(tid('ui-strings-q')).fill('navbar.fullscreen');
    await page.locator(tid('ui-strings-filters-submit')).click();
    await page.locator(tid('ui-string-edit-navbar.fullscreen')).click();
    await page.locator(tid('ui-string-value')).fill('全屏显示页面');
    await shot(page, 'ui-strings-edit-zh');
    await page.locator(tid('ui-string-save')).click();
    await page.locator(tid('ui-string-override-navbar.fullscreen')).waitFor();
    await expect(toggle.getAttribute('title')).resolves.toBe('全屏显示页面');
    // "changed" is the school's date: changed at 00:30 school time today (yesterday in UTC) reads today
    await withDb((c) => c.query(`UPDATE ui_string_override SET updated_at = ($1::timestamp AT TIME ZONE 'Asia/Shanghai') WHERE lang = 'zh' AND key = 'navbar.fullscreen'`, [`${schoolDate(0)} 00:30`]));
    await page.reload();
    await page.locator(tid('ui-strings-q')).fill('navbar.fullscreen');
    await page.locator(tid('ui-strings-filters-submit')).click();
    await expect(page.locator(tid('ui-string-updated-navbar.fullscreen')).innerText()).resolves.toBe(schoolDate(0));
    await shot(page, 'ui-strings-zh');
    await page.locator(tid('lang-switch')).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect(toggle.getAttribute('title')).resolves.toBe(resources.en.web.navbar.fullscreen);
    await page.locator(tid('ui-strings-view')).getByText(en.page.hint).waitFor();
    await shot(page, 'ui-strings-en');
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
