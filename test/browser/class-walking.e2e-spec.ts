import { describe, expect, it } from '@jest/globals';
import { type ZoubanTeachingClass, zoubanPath } from '@schoolflow/contracts';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';

// Issue 27's "done when" for class-walking, in Chromium: the office opens a window for 高一 (1 of physics/history + 2 of
// the four); three students of 高一(1)班 choose on the page (the rule checked as they tick), the rest of the class by API;
// the head teacher's 班级进度 follows live; once the window ended the office generates the teaching classes on its page;
// a student's 课表查询 shows their teaching class's lesson.

const data = <T>(r: CallResult<T>): T => r.body.data as T;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('class-walking in Chromium', () => {
  const { page } = browserPages();

  it('a class chooses, the head teacher watches, the office generates, the timetable inquiry shows the class', async () => {
    const office = await login('office');
    const courses = Object.fromEntries(
      await withDb(async (c) => (await c.query(`SELECT code, id FROM course WHERE code = ANY($1)`, [['PHY', 'HIS', 'CHEM', 'BIO', 'POL', 'GEO']])).rows.map((r: { code: string; id: string }) => [r.code, r.id])),
    ) as Record<string, string>;
    const semesterId = await withDb(async (c) => (await c.query(`SELECT id FROM semester WHERE is_current`)).rows[0].id as string);
    const name = `走班选科-${Date.now().toString(36)}`;
    const start = iso(-60_000);
    const body = (end: string) => ({
      name,
      semesterId,
      grade: 10,
      start,
      end,
      groups: [
        { name: '首选', courseIds: [courses.PHY, courses.HIS], choose: 1 },
        { name: '再选', courseIds: [courses.CHEM, courses.BIO, courses.POL, courses.GEO], choose: 2 },
      ],
      capacity: 16,
      weeklyPeriods: 1,
    });
    const windowId = data(await call<{ id: string }>(zoubanPath.windows, { token: office, json: body(iso(3_600_000)) })).id;
    const classmates = await withDb(
      async (c) =>
        (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id JOIN admin_class a ON a.id = s.class_id JOIN sys_user h ON h.id = a.head_teacher_id WHERE h.account = 'headteacher' AND s.status = 'enrolled' ORDER BY s.student_no`)).rows.map(
          (r: { account: string }) => r.account,
        ) as string[],
    );

    // the head teacher's page first: it must follow the choices without a reload
    const head = await page();
    await signedIn(head.page, 'headteacher', '/zouban/zbgl');
    const summary = head.page.locator(`${tid('zouban-progress-window')}[data-id="${windowId}"] ${tid('zouban-progress-summary')}`);
    await summary.waitFor();
    expect(await summary.getAttribute('data-chosen')).toBe('0');

    const picks: string[][] = [
      ['PHY', 'CHEM', 'BIO'],
      ['HIS', 'POL', 'GEO'],
      ['PHY', 'CHEM', 'GEO'],
    ];
    for (const [i, account] of classmates.slice(0, 3).entries()) {
      const p = await page();
      await signedIn(p.page, account, '/zouban/zbgl');
      const card = p.page.locator(`${tid('zouban-choose-window')}[data-id="${windowId}"]`);
      await card.waitFor();
      const codes = picks[i] as string[];
      // one too few: the rule says so and submit stays off
      await card.locator(tid(`zouban-course-${codes[0]}`)).click();
      await card.locator(tid(`zouban-course-${codes[1]}`)).click();
      expect(await card.locator(tid('zouban-submit')).isDisabled()).toBe(true);
      await card.locator(tid(`zouban-course-${codes[2]}`)).click();
      await card.locator(tid('zouban-submit')).click();
      await eventually(async () => expect(await card.locator(tid('zouban-mine')).textContent()).toContain('+'));
      if (i === 0) await shot(p.page, 'class-walking-student-choice');
      await p.close();
    }
    await eventually(async () => expect(await summary.getAttribute('data-chosen')).toBe('3'));
    // the rest of the class by API, all at once
    const rest = await Promise.all(classmates.slice(3).map(async (a, i) => call(zoubanPath.myChoice(windowId), { token: await login(a), method: 'PUT', json: { courseIds: (picks[i % 3] as string[]).map((c) => courses[c]) } })));
    expect(rest.every((r) => r.status === 200)).toBe(true);
    await eventually(async () => expect(await summary.getAttribute('data-chosen')).toBe(String(classmates.length)));
    await shot(head.page, 'class-walking-head-teacher-progress');

    // the window ends (its end moved to a moment from now); the office generates on its page
    expect((await call(zoubanPath.window(windowId), { token: office, method: 'PUT', json: body(iso(1_500)) })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_800));
    const o = await page();
    await signedIn(o.page, 'office', '/zouban/zbgl');
    const win = o.page.locator(`${tid('zouban-window')}[data-id="${windowId}"]`);
    await eventually(async () => expect(await win.getAttribute('data-state')).toBe('ended'));
    // the grade as the school says it (the base data's list), not 高10
    expect(await win.textContent()).toContain('高一 ·');
    await win.locator(tid('zouban-generate')).click();
    await win.locator(tid('zouban-classes')).waitFor();
    expect(await win.locator(tid('zouban-class')).count()).toBeGreaterThan(0);
    await shot(o.page, 'class-walking-office-generated');

    // a student of a class whose lesson was placed: their own timetable shows it
    const classes = data(await call<ZoubanTeachingClass[]>(zoubanPath.classes(windowId), { token: office }));
    const placed = classes.find((c) => c.lessons > 0) as ZoubanTeachingClass;
    expect(placed).toBeDefined();
    const member = await withDb(async (c) => (await c.query(`SELECT u.account FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id JOIN sys_user u ON u.id = s.user_id WHERE ts.teaching_class_id = $1 LIMIT 1`, [placed.id])).rows[0].account as string);
    const s = await page();
    await signedIn(s.page, member, '/timetable/inquiry');
    await s.page.locator(tid('tt-grids')).waitFor();
    await eventually(async () => expect(await s.page.locator(tid('tt-grids')).textContent()).toContain(placed.name));
    await shot(s.page, 'class-walking-timetable-inquiry');
  }, 360_000);

  it('a switch of language reads the page again: the courses the server names take their English names at once', async () => {
    const office = await login('office');
    const [physics, chemistry] = await withDb(async (c) => (await c.query(`SELECT id, name, name_en FROM course WHERE code = ANY($1) ORDER BY code DESC`, [['PHY', 'CHEM']])).rows as { id: string; name: string; name_en: string }[]);
    const semesterId = await withDb(async (c) => (await c.query(`SELECT id FROM semester WHERE is_current`)).rows[0].id as string);
    const json = { name: `走班-语言-${Date.now().toString(36)}`, semesterId, grade: 10, start: iso(-60_000), end: iso(3_600_000), groups: [{ name: '首选', courseIds: [physics?.id, chemistry?.id], choose: 1 }], capacity: 16, weeklyPeriods: 1 };
    const windowId = data(await call<{ id: string }>(zoubanPath.windows, { token: office, json })).id;
    const student = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id JOIN admin_class a ON a.id = s.class_id WHERE a.grade = 10 AND s.status = 'enrolled' ORDER BY s.student_no LIMIT 1`)).rows[0].account as string);
    const p = await page();
    await signedIn(p.page, student, '/zouban/zbgl');
    const course = p.page.locator(`${tid('zouban-choose-window')}[data-id="${windowId}"] ${tid('zouban-course-PHY')}`);
    await eventually(async () => expect((await course.textContent())?.trim()).toBe(physics?.name));
    await p.page.locator(tid('lang-switch')).click();
    await p.page.waitForFunction(() => document.documentElement.lang === 'en');
    await eventually(async () => expect((await course.textContent())?.trim()).toBe(physics?.name_en));
    await shot(p.page, 'class-walking-student-english');
  }, 120_000);
});
