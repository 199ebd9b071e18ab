import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { openFromSidebar } from '../support/flow-pages.js';
import { type DayRow, demoTimetable, findDate, freePeriods, nextWeek, walkedBy, weekDates } from '../support/timetable.js';

// 补课 in the browser: the kit's form (a multiselect of periods, saved as a draft) with the class's day beside it,
// marking a clash as the teacher picks periods; sent from its page; the head teacher and the office approve on theirs.

describe('make-up class in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the teacher fills the form with the class’s day beside it, saves the draft, submits it; the head teacher and the office approve', async () => {
    const ids = await demoTimetable();
    // a date with a free period for the class, the teacher and the room, and a period the class has a lesson
    let free: number[] = [];
    let busy = 0;
    const walked = await walkedBy(ids.class1);
    const date = await findDate(
      ids,
      nextWeek(ids),
      (lessons: DayRow[], all) => {
        free = freePeriods(lessons, all, { classId: ids.class1, shared: walked, teacherId: ids.teacher, roomId: ids.homeRoom });
        busy = lessons.find((l) => l.class_id === ids.class1)?.period ?? 0;
        return free.length > 0 && busy > 0;
      },
    );
    const period = free[0] as number;

    const teacher = await newTestPage(browser);
    const head = await newTestPage(browser);
    const office = await newTestPage(browser);
    try {
      const t = teacher.page;
      await signedIn(t, 'teacher');
      await openFromSidebar(t, '/apply', '/apply/make_up_class/new');
      await t.locator(tid('make-up-class-form')).waitFor();
      expect(await t.locator(tid('make-up-class-submit')).innerText()).toContain('保存草稿');
      await t.locator(tid('class-day')).waitFor();
      await t.locator(`${tid('make-up-class-classId')} option[value="${ids.class1}"]`).waitFor({ state: 'attached' });
      await t.locator(tid('make-up-class-classId')).selectOption(ids.class1);
      await t.locator(`${tid('make-up-class-courseId')} option[value="${ids.maths}"]`).waitFor({ state: 'attached' });
      await t.locator(tid('make-up-class-courseId')).selectOption(ids.maths);
      await t.locator(tid('make-up-class-date')).fill(date);
      // the class's day, each period with what holds it
      await eventually(async () => expect(await t.locator(`${tid('class-day')} li`).count()).toBeGreaterThanOrEqual(8));
      expect(await t.locator(tid(`class-day-period-${busy}`)).innerText()).toContain('本班');

      // a period the class has a lesson: marked as a clash as it is picked; taken back, the warning goes
      await t.locator(tid(`make-up-class-periods-${busy}`)).click();
      await eventually(async () => expect(await t.locator(tid('class-day-clash')).count()).toBe(1));
      expect(await t.locator(tid(`class-day-period-${busy}`)).getAttribute('data-clash')).toBe('true');
      await shot(t, 'make-up-class-01-clash');
      await t.locator(tid(`make-up-class-periods-${busy}`)).click();
      await t.locator(tid(`make-up-class-periods-${period}`)).click();
      await eventually(async () => expect(await t.locator(tid('class-day-clash')).count()).toBe(0));
      expect(await t.locator(tid(`class-day-period-${period}`)).getAttribute('data-clash')).toBe('false');
      await t.locator(tid('make-up-class-reason')).fill('运动会占用的数学课');
      await t.locator(tid('make-up-class-submit')).click();

      await waitForPath(t, '/apply/make_up_class/detail');
      const detail = t.locator(tid('make-up-class-detail'));
      await detail.waitFor();
      const id = (await detail.getAttribute('data-id')) ?? '';
      expect(await t.locator(tid('make-up-class-classId-value')).innerText()).toBe('高一(1)班');
      // its period by name (the request keeps the school's name of it)
    expect(await t.locator(tid('make-up-class-periods-value')).innerText()).toBe(`第${period}节`);
      expect(await t.locator(tid('make-up-class-status')).getAttribute('data-extra')).toBe('draft');
      expect(await t.locator(tid('flow-step-draft')).getAttribute('data-state')).toBe('current');
      await shot(t, 'make-up-class-02-draft');
      await t.locator(`${tid('make-up-class-actions')} ${tid('action-submit')}`).click();
      await t.locator(`${tid('action-modal')} ${tid('action-submit')}`).click();
      await eventually(async () => expect(await detail.getAttribute('data-state')).toBe('headTeacherReview'));

      for (const [page, account] of [
        [head.page, 'headteacher'],
        [office.page, 'office'],
      ] as const) {
        await signedIn(page, account, `/apply/make_up_class/detail?id=${id}`);
        await page.locator(tid('make-up-class-detail')).waitFor();
        await page.locator(`${tid('make-up-class-actions')} ${tid('action-approve')}`).click();
        await page.locator(`${tid('action-modal')} ${tid('action-submit')}`).click();
        await eventually(async () => expect(await page.locator(tid('make-up-class-detail')).getAttribute('data-state')).not.toBe(account === 'headteacher' ? 'headTeacherReview' : 'officeReview'));
      }
      // the teacher's open page follows live
      await eventually(async () => expect(await detail.getAttribute('data-state')).toBe('approved'));
      expect(await t.locator(tid('flow-step-approved')).getAttribute('data-state')).toBe('current');
      await shot(t, 'make-up-class-03-approved');
      expect(teacher.problems.unexpected()).toEqual([]);
    } finally {
      await Promise.all([teacher.close(), head.close(), office.close()]);
    }
  });

  it('调课: the class’s day at the lesson’s place and at the new one, beside the form', async () => {
    const ids = await demoTimetable();
    let from = 0;
    const week = nextWeek(ids) + 1;
    const date = await findDate(ids, week, (lessons: DayRow[]) => (from = lessons.find((l) => l.class_id === ids.class1 && l.teacher_id === ids.teacher)?.period ?? 0) > 0);
    const saturday = weekDates(ids, week, 7)[5] as string;
    const teacher = await newTestPage(browser);
    try {
      const t = teacher.page;
      await signedIn(t, 'teacher');
      await openFromSidebar(t, '/apply', '/apply/class_swap/new');
      await t.locator(tid('class-swap-form')).waitFor();
      await t.locator(`${tid('class-swap-classId')} option[value="${ids.class1}"]`).waitFor({ state: 'attached' });
      await t.locator(tid('class-swap-classId')).selectOption(ids.class1);
      await t.locator(tid('class-swap-fromDate')).fill(date);
      await t.locator(tid('class-swap-fromPeriod')).selectOption(String(from));
      await t.locator(tid('class-swap-toDate')).fill(saturday);
      await t.locator(tid('class-swap-toPeriod')).selectOption('1');
      await eventually(async () => expect(await t.locator(tid(`class-day-from-period-${from}`)).innerText()).toContain('我的课'));
      expect(await t.locator(tid(`class-day-from-period-${from}`)).innerText()).toContain('调出');
      await eventually(async () => expect(await t.locator(tid('class-day-to-period-1')).innerText()).toContain('调入'));
      expect(await t.locator(tid('class-day-to-clash')).count()).toBe(0);
      await shot(t, 'class-swap-01-form');
      expect(teacher.problems.unexpected()).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
