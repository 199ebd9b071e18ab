import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { datesOfWeek, formatSchoolTime, type Lesson, type TimetableAnswer, type TimetableVersion, weekdayOf, weekOfDate } from '@schoolflow/contracts';
import type { Browser, Page } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { appUrl, barMoments, downloadBytes, eventually, launchBrowser, newTestPage, recordBar, shot, signedIn, tid, type TestPage } from '../support/browser.js';
import { englishPage, openFromSidebar } from '../support/flow-pages.js';
import { isolatedApp } from '../support/instances.js';

// Issue 9's timetable pages in the browser, on an app and database of their own (scheduling publishes a new timetable,
// which every other file's demo school would otherwise read): the administrator runs 自动排课 and watches its bar to
// the preview, and publishes it; copies the published timetable to a draft and, in the grid editor, places a lesson
// where its teacher already teaches — red before saving, refused with 上课时间冲突 when saved anyway — then saves a
// change that holds; a student (in Chinese and English), a parent and a teacher read their weeks in 课表查询; the
// export downloads a workbook and the print shows the grid alone; a Saturday make-up class shows as a column of its own
// on the week a link names (`?week=N`), a link to its application for staff only.

const SCHEDULING = '/timetable/scheduling';
const INQUIRY = '/timetable/inquiry';
const GROUP = '/academic/group/timetable';
/** The demo class of the demo student (and the class whose maths the demo teacher teaches). */
const CLASS = '高一(1)班';

/** The school's date today (Asia/Shanghai), as the pages mark it. */
const today = (): string => formatSchoolTime(Date.now()).slice(0, 10);

async function timetableOf(token: string, query: Record<string, string>): Promise<TimetableAnswer> {
  const res = await call<TimetableAnswer>(`/api/timetable?${new URLSearchParams(query).toString()}`, { token });
  if (!res.body.data) throw new Error(`timetable not read: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

async function versionsOf(token: string): Promise<TimetableVersion[]> {
  const res = await call<TimetableVersion[]>('/api/timetable/versions', { token });
  if (!res.body.data) throw new Error(`versions not read: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

/** The lessons of a class as `weekday:period course` lines, for comparing a week before and after. */
const weekOf = (lessons: readonly Lesson[], classId: string): string[] =>
  lessons
    .filter((l) => l.classId === classId)
    .map((l) => `${l.weekday}:${l.period} ${l.courseId} ${l.teacherId} ${l.classroomId ?? ''}`)
    .sort();

describe('the timetable pages in the browser', () => {
  let browser: Browser;
  const isolated = isolatedApp();
  const opened: TestPage[] = [];
  const page = async (english = false): Promise<TestPage> => {
    const p = english ? await englishPage(browser) : await newTestPage(browser);
    opened.push(p);
    return p;
  };
  let admin: TestPage;
  let adminToken = '';

  beforeAll(async () => {
    await isolated.start();
    browser = await launchBrowser();
    adminToken = await login('admin');
    admin = await page();
    await signedIn(admin.page, 'admin');
  }, 180_000);

  afterAll(async () => {
    for (const p of opened) await p.close().catch(() => undefined);
    await browser?.close();
    await isolated.stop();
  }, 60_000);

  it('runs the automatic scheduler: the check, the live bar, the preview (score, nothing left out), publishing it archives the one before', async () => {
    const a = admin.page;
    const before = await versionsOf(adminToken);
    const old = before.find((v) => v.state === 'published');
    expect(old?.lessons).toBe(180);

    await openFromSidebar(a, GROUP, SCHEDULING);
    await a.locator(tid('tt-scheduling')).waitFor();
    const oldRow = a.locator(`${tid('tt-versions-row')}[data-id="${old?.id}"]`);
    await eventually(async () => expect(await oldRow.getAttribute('data-state')).toBe('published'));
    expect(await oldRow.locator(tid('tt-version-lessons')).innerText()).toBe('180');
    await shot(a, 'tt-01-scheduling-zh');

    // with one school day a week nothing fits: the check names why, and nothing can be started
    expect(await a.locator(tid('tt-days')).inputValue()).toBe('5');
    await a.locator(tid('tt-days')).fill('8');
    await a.locator(tid('tt-days-save')).click();
    expect(await a.locator(tid('tt-days-error')).innerText()).toBe('每周上课天数应为 1 到 7');
    await a.locator(tid('tt-days')).fill('1');
    await Promise.all([a.waitForResponse((r) => r.url().endsWith('/api/timetable/settings') && r.request().method() === 'PUT' && r.ok()), a.locator(tid('tt-days-save')).click()]);
    await a.locator(tid('tt-auto')).click();
    await a.locator(`${tid('tt-schedule-dialog')}[data-state="impossible"]`).waitFor();
    expect(await a.locator(tid('tt-check-problem')).allInnerTexts()).toContain(`${CLASS}：每周需要 30 节课，一周只有 8 节`);
    expect(await a.locator(tid('tt-schedule-start')).count()).toBe(0);
    await shot(a, 'tt-02a-schedule-impossible-zh');
    await a.locator(tid('tt-schedule-cancel')).click();
    await a.locator(tid('tt-schedule-dialog')).waitFor({ state: 'detached' });
    await a.locator(tid('tt-days')).fill('5');
    await Promise.all([a.waitForResponse((r) => r.url().endsWith('/api/timetable/settings') && r.request().method() === 'PUT' && r.ok()), a.locator(tid('tt-days-save')).click()]);

    // the check first: what will be placed, and how long to improve it
    await a.locator(tid('tt-auto')).click();
    await a.locator(`${tid('tt-schedule-dialog')}[data-state="ready"]`).waitFor();
    expect(await a.locator(tid('tt-check-lessons')).getAttribute('data-value')).toBe('180');
    expect(await a.locator(tid('tt-check-sections')).getAttribute('data-value')).toBe('6');
    expect(await a.locator(tid('tt-schedule-summary')).innerText()).toContain('每周 180 节课');
    expect(await a.locator(tid('tt-schedule-seconds')).inputValue()).toBe('10');
    // out of range is refused where it is typed, with the contract's message
    await a.locator(tid('tt-schedule-seconds')).fill('121');
    await a.locator(tid('tt-schedule-start')).click();
    expect(await a.locator(tid('tt-schedule-seconds-error')).innerText()).toBe('优化时间应为 1 到 120 秒');
    await a.locator(tid('tt-schedule-seconds')).fill('2');
    await shot(a, 'tt-02-schedule-dialog-zh');

    await recordBar(a, 'tt-run-progress');
    await a.locator(tid('tt-schedule-start')).click();
    const run = a.locator(tid('tt-run'));
    await run.waitFor();
    const preview = a.locator(tid('tt-preview'));
    await preview.waitFor({ timeout: 60_000 });
    const bar = a.locator(tid('tt-run-progress'));
    expect(await bar.getAttribute('data-state')).toBe('completed');
    expect(await bar.getAttribute('data-done')).toBe('180');
    expect(await bar.getAttribute('data-total')).toBe('180');
    // the bar was seen running before it completed
    const seen = await barMoments(a, 'tt-run-progress');
    expect(seen.some((m) => m.state === 'running' || m.state === 'queued')).toBe(true);
    expect(seen.map((m) => `${m.state}:${m.done}/${m.total}`).pop()).toBe('completed:180/180');
    expect(await a.locator(tid('tt-run-label')).innerText()).toMatch(/^已排 180 \/ 180 节 · 扣分 \d+ · 用时 [\d.]+ 秒$/);

    // the preview: the score and its four parts, nothing left out, a grid per class
    expect(await preview.getAttribute('data-unplaced')).toBe('0');
    const total = Number(await a.locator(tid('tt-score-total')).getAttribute('data-value'));
    const parts = await Promise.all(['spread', 'crowded', 'afternoonMain', 'longRuns'].map(async (r) => Number(await a.locator(tid(`tt-score-${r}`)).getAttribute('data-value'))));
    expect(parts.reduce((x, y) => x + y, 0)).toBe(total);
    // the score shown is the one the run stored with its draft, part by part, and the bar's label says the same
    const made = await run.getAttribute('data-timetable');
    const stored = (await versionsOf(adminToken)).find((v) => v.id === made);
    expect(stored?.source).toBe('auto');
    expect(stored?.score).toEqual({ total, spread: parts[0], crowded: parts[1], afternoonMain: parts[2], longRuns: parts[3] });
    expect(await a.locator(tid('tt-run-label')).innerText()).toMatch(new RegExp(`^已排 180 / 180 节 · 扣分 ${total} · 用时 [\\d.]+ 秒$`));
    expect(await a.locator(tid('tt-score-afternoonMain')).innerText()).toContain('主科排在下午');
    await a.locator(tid('tt-unplaced-none')).waitFor();
    await eventually(async () => expect(await a.locator(tid('tt-preview-grid')).count()).toBe(6));
    await run.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(a, 'tt-03-preview-zh');

    // publish it: the confirmation names it; the old one is archived
    await a.locator(tid('tt-preview-publish')).click();
    await a.locator(tid('confirm-dialog')).waitFor();
    expect(await a.locator(tid('confirm-message')).innerText()).toContain('原已发布的课表将被归档');
    await a.locator(tid('confirm-ok')).click();
    await eventually(async () => expect(await a.locator(tid('tt-preview-state')).getAttribute('data-state')).toBe('published'));
    await eventually(async () => expect(await oldRow.getAttribute('data-state')).toBe('archived'));
    await eventually(async () => expect(await a.locator(`${tid('tt-versions-row')}[data-id="${made}"]`).getAttribute('data-state')).toBe('published'));
    const after = await versionsOf(adminToken);
    expect(after.find((v) => v.id === made)?.state).toBe('published');
    expect(after.find((v) => v.id === old?.id)?.state).toBe('archived');
    await a.locator(tid('tt-versions-table')).scrollIntoViewIfNeeded();
    await shot(a, 'tt-04-published-zh');
    expect(admin.problems.unexpected()).toEqual([]);
  }, 180_000);

  it('copies the published timetable to a draft; a lesson where its teacher already teaches is red before saving, refused when saved, and a valid change saves', async () => {
    const a = admin.page;
    const published = (await versionsOf(adminToken)).find((v) => v.state === 'published');
    if (!published) throw new Error('no published timetable');
    await a.locator(`${tid('tt-versions-row')}[data-id="${published.id}"] ${tid('tt-version-copy')}`).click();
    // the copy opens in the editor
    const editor = a.locator(`${tid('tt-editor')}[data-state="draft"]`);
    await editor.waitFor();
    const draftId = (await editor.getAttribute('data-timetable')) ?? '';
    const draft = (await versionsOf(adminToken)).find((v) => v.id === draftId);
    expect(draft?.name).toBe(`${published.name}（副本）`);
    expect(draft?.lessons).toBe(180);

    await a.locator(tid('tt-editor-class')).selectOption({ label: CLASS });
    const section = a.locator(tid('tt-section-editor'));
    await section.waitFor();
    await eventually(async () => expect(await a.locator(tid('tt-counter')).getAttribute('data-placed')).toBe('30'));

    // a lesson of the class whose teacher teaches another class at a period the class has another course
    const all = (await timetableOf(adminToken, { timetableId: draftId })).lessons;
    const classId = all.find((l) => l.className === CLASS)?.classId ?? '';
    const mine = all.filter((l) => l.classId === classId);
    // courses taught in the class's own room (the most used): placed again they go there, so only the teacher clashes
    const uses = new Map<string, number>();
    for (const l of mine) if (l.classroomId) uses.set(l.classroomId, (uses.get(l.classroomId) ?? 0) + 1);
    const home = [...uses].sort((x, y) => y[1] - x[1])[0]?.[0];
    const courses = [...new Map(mine.filter((l) => l.classroomId === home).map((l) => [l.courseId, l])).values()];
    const target = courses
      .flatMap((c) => all.filter((o) => o.teacherId === c.teacherId && o.classId !== classId).map((o) => ({ course: c, busy: o })))
      .find(({ course, busy }) => mine.some((l) => l.weekday === busy.weekday && l.period === busy.period && l.courseId !== course.courseId));
    if (!target) throw new Error('no period where a teacher of the class teaches another class');
    const { course, busy } = target;
    const before = weekOf(all, classId);
    const cell = a.locator(`${tid('tt-edit-cell')}[data-weekday="${busy.weekday}"][data-period="${busy.period}"]`);
    expect(await cell.getAttribute('data-clash')).toBe('');

    await cell.click();
    await a.locator(tid('tt-edit-popup')).waitFor();
    await a.locator(tid('tt-edit-course')).selectOption(course.courseId);
    expect(await a.locator(tid('tt-edit-teacher')).innerText()).toBe(course.teacherName);
    await eventually(async () => expect(await cell.getAttribute('data-clash')).toBe('teacher'));
    expect(await cell.getAttribute('title')).toContain(`教师已有课（${busy.className} ${busy.courseName} ${busy.teacherName}）`);
    expect(await a.locator(tid('tt-edit-clashes')).innerText()).toContain('教师已有课');
    expect(await section.getAttribute('data-dirty')).toBe('true');
    await shot(a, 'tt-05-editor-clash-zh');
    await a.locator(tid('tt-edit-close')).click();
    await a.locator(tid('tt-edit-popup')).waitFor({ state: 'detached' });

    // the change survives switching tabs (the shell keeps the page alive)
    await openFromSidebar(a, GROUP, INQUIRY);
    await a.locator(tid(`tab-${SCHEDULING}`)).click();
    await eventually(async () => expect(await cell.getAttribute('data-clash')).toBe('teacher'));
    expect(await section.getAttribute('data-dirty')).toBe('true');

    // saved anyway: refused with 上课时间冲突, the cell marked with the server's words, nothing changed
    admin.problems.clear();
    await Promise.all([a.waitForResponse((r) => r.url().includes('/api/timetable/lessons') && r.status() === 409), a.locator(tid('tt-editor-save')).click()]);
    const refused = a.locator(tid('tt-editor-refused'));
    await refused.waitFor();
    expect(await refused.innerText()).toContain('上课时间冲突');
    expect(await refused.innerText()).toContain(`教师已有课（${busy.className} ${busy.courseName} ${busy.teacherName}）`);
    expect(await cell.getAttribute('data-refused')).toBe('true');
    expect(weekOf((await timetableOf(adminToken, { timetableId: draftId })).lessons, classId)).toEqual(before);
    await refused.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(a, 'tt-06-editor-refused-zh');
    expect(admin.problems.unexpected({ allow: [/409 PUT .*\/api\/timetable\/lessons/, /status of 409/] })).toEqual([]);
    admin.problems.clear();

    // a change that holds: the period left free — saved, the grid clean, the counter one short
    await cell.click();
    await a.locator(tid('tt-edit-course')).selectOption('');
    await eventually(async () => expect(await cell.getAttribute('data-course')).toBe(''));
    expect(await cell.getAttribute('data-clash')).toBe('');
    await a.locator(tid('tt-edit-close')).click();
    await a.locator(tid('tt-editor-save')).click();
    await eventually(async () => expect(await section.getAttribute('data-dirty')).toBe('false'));
    await a.locator(tid('tt-editor-clean')).waitFor();
    const saved = weekOf((await timetableOf(adminToken, { timetableId: draftId })).lessons, classId);
    expect(saved).toHaveLength(29);
    expect(saved.some((l) => l.startsWith(`${busy.weekday}:${busy.period} `))).toBe(false);
    expect(await a.locator(tid('tt-counter')).getAttribute('data-placed')).toBe('29');
    await eventually(async () => expect(await a.locator(`${tid('tt-versions-row')}[data-id="${draftId}"] ${tid('tt-version-lessons')}`).innerText()).toBe('179'));
    await section.scrollIntoViewIfNeeded();
    await shot(a, 'tt-07-editor-saved-zh');

    // a published timetable opens read-only, offering a copy
    await a.locator(`${tid('tt-versions-row')}[data-id="${published.id}"] ${tid('tt-version-open')}`).click();
    await a.locator(`${tid('tt-editor')}[data-state="published"]`).waitFor();
    await a.locator(tid('tt-editor-read-only')).waitFor();
    await a.locator(tid('tt-editor-class')).selectOption({ label: CLASS });
    await eventually(async () => expect(await a.locator(`${tid('tt-editor-grid')} ${tid('tt-lesson')}`).count()).toBe(30));
    expect(await a.locator(tid('tt-edit-cell')).count()).toBe(0);
    expect(admin.problems.unexpected()).toEqual([]);
  }, 180_000);

  it('shows a student their class’s week with its dates and today (in Chinese and English), a parent their child’s, a teacher only their own', async () => {
    const studentToken = await login('student');
    const scope = (await call<{ students: { name: string; classId: string; className: string }[] }>('/api/timetable/scope', { token: studentToken })).body.data;
    const me = scope?.students[0];
    if (!me) throw new Error('the student has no record');
    const template = await timetableOf(studentToken, {});
    const { teachingStart, teachingEnd } = template.semester;
    const now = today();
    const inTeaching = now >= teachingStart && now <= teachingEnd;
    const week = inTeaching ? weekOfDate(teachingStart, now) : 1;
    const dates = datesOfWeek(teachingStart, week, template.days);
    const todayShown = inTeaching && weekdayOf(now) <= template.days;
    const teaching = dates.filter((d) => d >= teachingStart && d <= teachingEnd);
    const expected = template.lessons.filter((l) => teaching.some((d) => weekdayOf(d) === l.weekday)).length;

    const check = async (p: Page, english: boolean) => {
      await p.goto(appUrl(INQUIRY));
      const view = p.locator(`${tid('tt-inquiry')}[data-kind="student"]`);
      await view.waitFor();
      if (!inTeaching) await p.locator(tid('tt-mode-week')).click();
      await eventually(async () => expect(await view.getAttribute('data-week')).toBe(String(week)));
      await eventually(async () => expect(await p.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(expected));
      expect(await p.locator(tid('tt-day')).evaluateAll((els) => els.map((e) => e.getAttribute('data-date')))).toEqual(dates);
      expect(await p.locator(`${tid('tt-day')}[data-today="true"]`).count()).toBe(todayShown ? 1 : 0);
      if (todayShown) expect(await p.locator(`${tid('tt-day')}[data-today="true"]`).getAttribute('data-date')).toBe(now);
      // every lesson is the student's class's
      expect(new Set(await p.locator(tid('tt-lesson')).evaluateAll((els) => els.map((e) => e.getAttribute('data-class'))))).toEqual(new Set([me.classId]));
      expect(await p.locator(tid('tt-week-label')).innerText()).toContain(english ? `Week ${week}` : `第 ${week} 周`);
      const head = await p.locator(`${tid('tt-day')}[data-weekday="1"]`).innerText();
      expect(head).toContain(english ? 'Monday' : '星期一');
      expect(head).toContain((dates[0] ?? '').slice(5));
      expect(await p.locator(`${tid('tt-grid')} tbody tr[data-period="1"] th`).innerText()).toContain(english ? 'Period 1' : '第1节');
      expect(await p.locator('.sf-tt-break').first().innerText()).toBe(english ? 'Afternoon' : '下午');
    };

    const zh = await page();
    await signedIn(zh.page, 'student');
    await check(zh.page, false);
    expect(await zh.page.locator(tid('tt-caption')).innerText()).toBe(`${me.name} · ${me.className}`);
    await shot(zh.page, 'tt-08-student-week-zh');
    // the weekly template is one click away, the week after another
    await zh.page.locator(tid('tt-mode-template')).click();
    await eventually(async () => expect(await zh.page.locator(`${tid('tt-inquiry')}`).getAttribute('data-week')).toBe(''));
    expect(await zh.page.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(template.lessons.length);
    expect(await zh.page.locator(tid('tt-day')).evaluateAll((els) => els.map((e) => e.getAttribute('data-date')))).toEqual(Array(template.days).fill(''));
    expect(zh.problems.unexpected()).toEqual([]);

    const en = await page(true);
    await signedIn(en.page, 'student');
    await check(en.page, true);
    // names are the reader's language's (a student's own name too)
    const meEn = (await call<{ students: { name: string; className: string }[] }>('/api/timetable/scope', { token: studentToken, lang: 'en' })).body.data?.students[0];
    expect(await en.page.locator(tid('tt-caption')).innerText()).toBe(`${meEn?.name ?? ''} · ${meEn?.className ?? ''}`);
    await shot(en.page, 'tt-09-student-week-en');
    expect(en.problems.unexpected()).toEqual([]);

    // the parent: the child's week
    const parent = await page();
    await signedIn(parent.page, 'jz202511001', INQUIRY);
    await parent.page.locator(`${tid('tt-inquiry')}[data-kind="parent"]`).waitFor();
    await eventually(async () => expect(await parent.page.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(expected));
    expect(await parent.page.locator(tid('tt-caption')).innerText()).toBe(`${me.name} · ${me.className}`);
    expect(new Set(await parent.page.locator(tid('tt-lesson')).evaluateAll((els) => els.map((e) => e.getAttribute('data-class'))))).toEqual(new Set([me.classId]));
    await shot(parent.page, 'tt-10-parent-zh');
    expect(parent.problems.unexpected()).toEqual([]);

    // the teacher: 我的课表 (the view they open on) holds their lessons only
    const teacherToken = await login('teacher');
    const own = await timetableOf(teacherToken, { mine: '1' });
    const teacherId = own.lessons[0]?.teacherId;
    expect(teacherId).toBeDefined();
    const teacher = await page();
    await signedIn(teacher.page, 'teacher');
    await openFromSidebar(teacher.page, GROUP, INQUIRY);
    await teacher.page.locator(`${tid('tt-inquiry')}[data-view="mine"]`).waitFor();
    await eventually(async () => expect(await teacher.page.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(own.currentWeek ? own.lessons.filter((l) => teaching.some((d) => weekdayOf(d) === l.weekday)).length : own.lessons.length));
    expect(new Set(await teacher.page.locator(tid('tt-lesson')).evaluateAll((els) => els.map((e) => e.getAttribute('data-teacher'))))).toEqual(new Set([teacherId]));
    // their cells name the class and the room, not themselves
    expect(await teacher.page.locator(`${tid('tt-lesson')} .sf-tt-detail-class`).count()).toBeGreaterThan(0);
    expect(await teacher.page.locator(`${tid('tt-lesson')} .sf-tt-detail-teacher`).count()).toBe(0);
    await shot(teacher.page, 'tt-11-teacher-mine-zh');
    expect(teacher.problems.unexpected()).toEqual([]);

    // the head teacher: 班主任 shows the class they head
    const head = await page();
    await signedIn(head.page, 'headteacher', INQUIRY);
    await head.page.locator(tid('tt-view-headTeacher')).click();
    await head.page.locator(`${tid('tt-inquiry')}[data-view="headTeacher"]`).waitFor();
    await eventually(async () => expect(await head.page.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(expected));
    expect(await head.page.locator(tid('tt-caption')).innerText()).toBe(CLASS);
    expect(new Set(await head.page.locator(tid('tt-lesson')).evaluateAll((els) => els.map((e) => e.getAttribute('data-class'))))).toEqual(new Set([me.classId]));
    expect(head.problems.unexpected()).toEqual([]);
  }, 180_000);

  it('exports the inquiry’s lessons as an Excel workbook and prints the grids alone, one class a page', async () => {
    const a = admin.page;
    await a.goto(appUrl(INQUIRY));
    await a.locator(`${tid('tt-inquiry')}[data-view="all"]`).waitFor();
    await eventually(async () => expect(await a.locator(`${tid('tt-grids')} ${tid('tt-grid')}`).count()).toBe(6));
    await shot(a, 'tt-12-all-classes-zh');

    const [download] = await Promise.all([a.waitForEvent('download'), a.locator(tid('tt-export')).click()]);
    const semesterName = await withDb(async (c) => (await c.query(`SELECT name FROM semester WHERE is_current`)).rows[0].name as string);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^课表-${semesterName}(-W\\d+)?\\.xlsx$`));
    const bytes = await downloadBytes(download);
    // an .xlsx is a zip
    expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect(bytes.length).toBeGreaterThan(2000);

    // print: the grids alone, a page each (the browser's dialog is not opened in a test)
    await a.evaluate(() => {
      window.print = () => undefined;
    });
    await a.locator(tid('tt-print')).click();
    await a.locator(tid('tt-print-root')).waitFor({ state: 'attached' });
    expect(await a.locator(tid('tt-print-page')).count()).toBe(6);
    await a.emulateMedia({ media: 'print' });
    expect(await a.locator(tid('app-layout')).isVisible()).toBe(false);
    expect(await a.locator(tid('tt-print-page')).first().isVisible()).toBe(true);
    // as the browser prints it: one page per class (A4 landscape, the print CSS's @page)
    const pdf = (await a.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(6);
    await a.setViewportSize({ width: 1123, height: 794 });
    await shot(a, 'tt-13-print');
    await a.emulateMedia({ media: 'screen' });
    await a.setViewportSize({ width: 1366, height: 800 });
    await a.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await a.locator(tid('tt-print-root')).waitFor({ state: 'detached' });
    expect(await a.locator(tid('app-layout')).isVisible()).toBe(true);

    // the foreign teachers' view in English, a grid per foreign teacher
    const en = await page(true);
    await signedIn(en.page, 'admin', INQUIRY);
    await en.page.locator(tid('tt-view-foreign')).click();
    await en.page.locator(`${tid('tt-inquiry')}[data-view="foreign"]`).waitFor();
    await eventually(async () => expect(await en.page.locator(`${tid('tt-grids')} ${tid('tt-grid')}`).count()).toBeGreaterThanOrEqual(1));
    expect(await en.page.locator(tid('tt-views')).innerText()).toContain('Foreign teachers');
    await shot(en.page, 'tt-14-foreign-en');

    // 排课 in English: the versions and the editor of the draft copied above, with a cell's popup
    await en.page.goto(appUrl(SCHEDULING));
    await en.page.locator(tid('tt-scheduling')).waitFor();
    const draftRow = en.page.locator(`${tid('tt-versions-row')}[data-state="draft"]`).first();
    await draftRow.waitFor();
    expect(await en.page.locator(tid('tt-versions-table')).innerText()).toContain('Archived');
    await draftRow.locator(tid('tt-version-open')).click();
    await en.page.locator(`${tid('tt-editor')}[data-state="draft"]`).waitFor();
    await en.page.locator(tid('tt-editor-class')).selectOption({ label: 'Grade 10 Class 1' });
    await en.page.locator(tid('tt-section-editor')).waitFor();
    await en.page.locator(`${tid('tt-edit-cell')}[data-weekday="2"][data-period="3"]`).click();
    await en.page.locator(tid('tt-edit-popup')).waitFor();
    expect(await en.page.locator(tid('tt-edit-popup')).innerText()).toContain('Course');
    expect(await en.page.locator(tid('tt-counter')).innerText()).toContain('Weekly periods');
    await en.page.locator(tid('tt-section-editor')).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(en.page, 'tt-15-editor-en');
    expect(en.problems.unexpected()).toEqual([]);
    expect(admin.problems.unexpected()).toEqual([]);
  }, 180_000);

  it('opens on the week a link names, where a passed Saturday make-up is a column of its own: a plain badge for the student and the parent, a link to the application for staff, on that class’s grid and printed page only', async () => {
    const studentToken = await login('student');
    const scope = (await call<{ students: { id: string; name: string; classId: string; className: string }[] }>('/api/timetable/scope', { token: studentToken })).body.data;
    const me = scope?.students[0];
    if (!me) throw new Error('the student has no record');
    const template = await timetableOf(studentToken, {});
    const { teachingStart, teachingEnd } = template.semester;
    const count = Math.max(1, weekOfDate(teachingStart, teachingEnd));
    const current = template.currentWeek;
    // the week a message would link to: not the one the page opens on, so the link is what shows it
    const week = current === null ? 2 : current < count ? current + 1 : current - 1;
    const dates = datesOfWeek(teachingStart, week, 7);
    const saturday = dates[5] ?? '';
    expect(saturday >= teachingStart && saturday <= teachingEnd).toBe(true);
    // a make-up class of the student's class on that Saturday, passed (as the flow leaves it): its course, teacher and room
    const source = template.lessons.find((l) => l.classId === me.classId);
    if (!source) throw new Error('the class has no lesson');
    const instanceId = randomUUID();
    await withDb((c) =>
      c.query(
        `INSERT INTO lesson_change (instance_id, flow, status, kind, date, period, class_id, course_id, teacher_id, classroom_id)
         VALUES ($1, 'make-up-class', 'passed', 'add', $2, 1, $3, $4, $5, $6)`,
        [instanceId, saturday, me.classId, source.courseId, source.teacherId, source.classroomId],
      ),
    );
    try {
      const answer = await timetableOf(studentToken, { week: String(week) });
      expect(answer.dates).toEqual(dates);
      expect(answer.extraDays).toEqual([6]);
      const makeUp = answer.lessons.filter((l) => l.weekday === 6);
      expect(makeUp.map((l) => [l.date, l.period, l.change, l.changeId])).toEqual([[saturday, 1, 'make-up', instanceId]]);
      const schoolDays = dates.slice(0, template.days);

      // the student, following the link: that week, Monday to the Saturday, the make-up a badge that opens nothing
      const student = await page();
      await signedIn(student.page, 'student');
      const p = student.page;
      await p.goto(appUrl(`${INQUIRY}?week=${week}`));
      const view = p.locator(`${tid('tt-inquiry')}[data-kind="student"]`);
      await eventually(async () => expect(await view.getAttribute('data-week')).toBe(String(week)));
      await eventually(async () => expect(await p.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).count()).toBe(answer.lessons.length));
      expect(await p.locator(tid('tt-day')).evaluateAll((els) => els.map((e) => [e.getAttribute('data-date'), e.getAttribute('data-extra')]))).toEqual([
        ...schoolDays.map((d) => [d, 'false']),
        [saturday, 'true'],
      ]);
      expect(await p.locator(`${tid('tt-day')}[data-weekday="6"]`).innerText()).toContain('星期六');
      expect(await p.locator(tid('tt-week-label')).innerText()).toContain(`${(dates[0] ?? '').slice(5)} – ${saturday.slice(5)}`);
      const cell = p.locator(`${tid('tt-cell')}[data-weekday="6"][data-period="1"]`);
      expect(await cell.getAttribute('data-count')).toBe('1');
      expect(await cell.locator(tid('tt-lesson')).getAttribute('data-change')).toBe('make-up');
      const badge = cell.locator(tid('tt-change'));
      expect(await badge.innerText()).toBe('补课');
      expect(await badge.evaluate((el) => [el.tagName, el.getAttribute('href')])).toEqual(['SPAN', null]);
      expect(await p.locator(`${tid('tt-cell')}[data-weekday="6"]:not([data-period="1"])[data-count="0"]`).count()).toBe(template.periods.length - 1);
      await shot(p, 'tt-16-student-saturday-make-up-zh');

      // this week has no lesson on Saturday: five columns; a link followed while the page is open shows its week again
      if (current !== null) {
        await p.locator(tid('tt-week-this')).click();
        await eventually(async () => expect(await view.getAttribute('data-week')).toBe(String(current)));
        await eventually(async () => expect(await p.locator(tid('tt-day')).count()).toBe(template.days));
        expect(new URL(p.url()).searchParams.get('week')).toBe(String(current));
        await p.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `${INQUIRY}?week=${week}`);
        await eventually(async () => expect(await view.getAttribute('data-week')).toBe(String(week)));
        await eventually(async () => expect(await p.locator(`${tid('tt-day')}[data-weekday="6"]`).count()).toBe(1));
      }
      expect(student.problems.unexpected()).toEqual([]);

      // the parent, following a link that names the child: the same week and the same plain badge
      const parentToken = await login('jz202511001');
      const child = (await call<{ students: { id: string }[] }>('/api/timetable/scope', { token: parentToken })).body.data?.students[0];
      expect(child).toBeDefined();
      const parent = await page(true);
      await signedIn(parent.page, 'jz202511001', `${INQUIRY}?week=${week}&studentId=${child?.id ?? ''}`);
      const parentView = parent.page.locator(`${tid('tt-inquiry')}[data-kind="parent"]`);
      await eventually(async () => expect(await parentView.getAttribute('data-week')).toBe(String(week)));
      const parentBadge = parent.page.locator(`${tid('tt-cell')}[data-weekday="6"][data-period="1"] ${tid('tt-change')}`);
      await eventually(async () => expect(await parentBadge.innerText()).toBe('Make-up'));
      expect(await parentBadge.evaluate((el) => el.tagName)).toBe('SPAN');
      expect(await parent.page.locator(`${tid('tt-day')}[data-weekday="6"]`).innerText()).toContain('Saturday');
      await shot(parent.page, 'tt-17-parent-saturday-make-up-en');
      expect(parent.problems.unexpected()).toEqual([]);

      // staff, all classes that week: a Saturday column on that class's grid only, its badge a link to the application
      const a = admin.page;
      await a.goto(appUrl(`${INQUIRY}?week=${week}`));
      await a.locator(`${tid('tt-inquiry')}[data-view="all"][data-week="${week}"]`).waitFor();
      await eventually(async () => expect(await a.locator(`${tid('tt-grids')} ${tid('tt-grid')}`).count()).toBe(6));
      const classGrid = a.locator(`${tid('tt-grid')}[data-group="${me.classId}"]`);
      expect(await classGrid.locator(tid('tt-day')).count()).toBe(template.days + 1);
      expect(await a.locator(`${tid('tt-grids')} ${tid('tt-grid')}:not([data-group="${me.classId}"]) ${tid('tt-day')}[data-weekday="6"]`).count()).toBe(0);
      const link = classGrid.locator(`${tid('tt-cell')}[data-weekday="6"][data-period="1"] ${tid('tt-change')}`);
      expect(await link.evaluate((el) => [el.tagName, el.getAttribute('href')])).toEqual(['A', `/apply/make_up_class/detail?id=${instanceId}`]);
      await classGrid.scrollIntoViewIfNeeded();
      await shot(a, 'tt-18-all-classes-saturday-zh');

      // printed: that class's page has the Saturday, the others not
      await a.evaluate(() => {
        window.print = () => undefined;
      });
      await a.locator(tid('tt-print')).click();
      await a.locator(tid('tt-print-root')).waitFor({ state: 'attached' });
      expect(await a.locator(`${tid('tt-print-grid')}[data-group="${me.classId}"] ${tid('tt-day')}`).count()).toBe(template.days + 1);
      expect(await a.locator(`${tid('tt-print-grid')} ${tid('tt-day')}[data-weekday="6"]`).count()).toBe(1);
      expect(await a.locator(tid('tt-print-page')).filter({ has: a.locator(`${tid('tt-print-grid')}[data-group="${me.classId}"]`) }).locator('.sf-tt-print-sub').innerText()).toContain(
        `${(dates[0] ?? '').slice(5)} – ${saturday.slice(5)}`,
      );
      await a.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await a.locator(tid('tt-print-root')).waitFor({ state: 'detached' });
      expect(admin.problems.unexpected()).toEqual([]);
    } finally {
      await withDb((c) => c.query('DELETE FROM lesson_change WHERE instance_id = $1', [instanceId]));
    }
  }, 180_000);
});
