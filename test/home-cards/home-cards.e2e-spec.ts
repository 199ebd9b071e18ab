import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type HomeCardKey, resources, type RoleHomeCards } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';

/**
 * 首页卡片管理 end to end (docs/product/administration.md#home-cards, docs/adr/0066-pictures-and-home-cards.md#home-cards)
 * on the shared test server: a role's cards read as the defaults, saved in a new order with one hidden, restored;
 * bad input answers the envelope in zh and en and writes nothing; a teacher may not read or change a role's cards; a
 * user sees the union of their roles' cards. In Chromium the admin moves the teacher role's 待办事项 to the end and
 * saves: `teacher`'s home page shows the new order. The file only changes the `teacher` and `doctor` roles'
 * layouts (all cards kept shown, so other files' dashboard checks still find theirs) and restores both at its end.
 */
const zh = resources.zh.pictures.cards;
const en = resources.en.pictures.cards;
const tokens = {} as Record<'admin' | 'teacher' | 'headteacher', string>;
let browser: Browser | null = null;

const role = (code: string, who: keyof typeof tokens = 'admin', method: 'GET' | 'PUT' | 'DELETE' = 'GET', json?: unknown, lang: 'zh' | 'en' = 'zh') =>
  call<RoleHomeCards>(`/api/home-cards/roles/${code}`, { token: tokens[who], method, ...(json !== undefined ? { json } : {}), lang });
const mine = async (who: keyof typeof tokens) => (await call<HomeCardKey[]>('/api/home-cards/mine', { token: tokens[who] })).body.data;
const saved = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM home_card`)).rows[0]?.n));

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.headteacher] = (await Promise.all(['admin', 'teacher', 'headteacher'].map((a) => login(a)))) as [string, string, string];
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb((c) => c.query(`DELETE FROM home_card WHERE role_code IN ('teacher', 'doctor')`));
});

describe('home page cards', () => {
  it('a role has the defaults until saved; saved in a new order with one hidden; restored; a user sees the union of their roles\' cards', async () => {
    const defaults = await role('teacher');
    expect(defaults.body.data).toEqual({ role: 'teacher', custom: false, cards: [
      { card: 'backlog', enabled: true }, { card: 'todos', enabled: true }, { card: 'otherWork', enabled: true }, { card: 'pictures', enabled: true }, { card: 'posts', enabled: false },
    ] });
    expect(await mine('teacher')).toEqual(['backlog', 'todos', 'otherWork', 'pictures']);

    const res = await role('doctor', 'admin', 'PUT', { cards: [{ card: 'pictures', enabled: true }, { card: 'todos', enabled: true }, { card: 'backlog', enabled: false }] });
    expect([res.status, res.body.msg]).toEqual([200, zh.saved]);
    expect(res.body.data).toMatchObject({ custom: true, cards: [{ card: 'pictures', enabled: true }, { card: 'todos', enabled: true }, { card: 'backlog', enabled: false }, { card: 'otherWork', enabled: false }, { card: 'posts', enabled: false }] });
    const logged = await withDb(async (c) => (await c.query(`SELECT account FROM sys_operation_log WHERE action = 'homeCards.save' AND target = 'doctor' ORDER BY id DESC LIMIT 1`)).rows[0]?.account);
    expect(logged).toBe('admin');
    // the head teacher (roles headteacher and teacher): the union, each card at its best place
    await role('teacher', 'admin', 'PUT', { cards: ['pictures', 'posts', 'backlog', 'todos', 'otherWork'].map((card) => ({ card, enabled: true })) });
    expect(await mine('teacher')).toEqual(['pictures', 'posts', 'backlog', 'todos', 'otherWork']);
    expect(await mine('headteacher')).toEqual(['backlog', 'pictures', 'todos', 'posts', 'otherWork']);

    const restored = await role('teacher', 'admin', 'DELETE', undefined, 'en');
    expect([restored.status, restored.body.msg, restored.body.data?.custom]).toEqual([200, en.restored, false]);
    expect(await mine('teacher')).toEqual(['backlog', 'todos', 'otherWork', 'pictures']);
    await role('doctor', 'admin', 'DELETE');
  });

  it('bad input answers the envelope in zh and en and writes nothing; a teacher may not read or change a role\'s cards', async () => {
    const before = await saved();
    const bad = [
      [{ cards: [{ card: 'weather', enabled: true }] }, resources.zh.pictures.validation.cardUnknown, resources.en.pictures.validation.cardUnknown],
      [{ cards: [{ card: 'todos', enabled: true }, { card: 'todos', enabled: false }] }, resources.zh.pictures.validation.cardTwice, resources.en.pictures.validation.cardTwice],
      [{ cards: [] }, resources.zh.pictures.validation.cardsRequired, resources.en.pictures.validation.cardsRequired],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await role('teacher', 'admin', 'PUT', json, lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    const unknown = await role('nobody', 'admin', 'PUT', { cards: [{ card: 'todos', enabled: true }] }, 'en');
    expect([unknown.status, unknown.body.msg]).toEqual([404, en.errors.roleUnknown]);
    expect((await role('teacher', 'teacher')).status).toBe(403);
    expect((await role('teacher', 'teacher', 'PUT', { cards: [{ card: 'todos', enabled: true }] })).status).toBe(403);
    expect((await role('teacher', 'teacher', 'DELETE')).status).toBe(403);
    expect(await saved()).toBe(before);
  });

  it('in Chromium: admin moves the teacher role\'s backlog to the end and saves; teacher\'s home page shows the new order (and en)', async () => {
    browser = await launchBrowser();
    const admin = await newTestPage(browser);
    const teacher = await englishPage(browser);
    try {
      const a = admin.page;
      await signedIn(a, 'admin', '/ms/homeCards');
      await a.locator(tid('home-cards-role-teacher')).click();
      await eventually(async () => expect(await a.locator(tid('home-card-row')).first().getAttribute('data-card')).toBe('backlog'));
      for (let i = 0; i < 3; i++) await a.locator(tid('home-card-down-backlog')).click();
      const order = await a.locator(tid('home-card-row')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-card')));
      expect(order).toEqual(['todos', 'otherWork', 'pictures', 'backlog', 'posts']);
      await a.locator(tid('home-cards-save')).click();
      await eventually(async () => expect(await a.locator(tid('home-cards-custom')).innerText()).toBe(zh.custom));
      await shot(a, 'home-cards-01-teacher-role');

      const t = teacher.page;
      await signedIn(t, 'teacher', '/dashboard');
      await eventually(async () => expect(await t.locator(tid('dashboard-cards')).getAttribute('data-cards')).toBe('todos,otherWork,pictures,backlog'));
      const shown = await t.locator(`${tid('dashboard-cards')} > [data-testid]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(shown.filter((s) => s !== 'dashboard-pictures')).toEqual(['dashboard-todos', 'dashboard-other-work', 'dashboard-backlog']);
      expect(await t.locator(tid('dashboard-backlog')).innerText()).toContain('Backlog');
      await shot(t, 'home-cards-02-teacher-dashboard-en');
      for (const p of [admin, teacher]) expect(p.problems.unexpected()).toEqual([]);
    } finally {
      await admin.close();
      await teacher.close();
    }
  });
});
