import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { call, login } from '../support/api.js';
import { eventually, launchBrowser, shot, signedIn, tid } from '../support/browser.js';
import { englishPage, openFromSidebar } from '../support/flow-pages.js';
import { flowCalls, schoolTime } from '../support/workflow.js';

// 教室借用's one form component: the kit's form with the chosen room's day beside it, live, warning of an overlap
// before the server refuses it.

describe('classroom loan in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the teacher sees the room’s day as they choose it; a booking made meanwhile appears as they change the time; an overlap is flagged', async () => {
    const { submit } = flowCalls('classroom-loan');
    const student = await login('student');
    const rooms = (await call<{ value: string; label: string }[]>('/api/workflows/classroom-loan/options/classroomId', { token: student })).body.data ?? [];
    const room = rooms[rooms.length - 1]?.value as string; // not the room the API test books
    const day = 12;
    expect((await submit(student, { classroomId: room, start: schoolTime(day, '08:00'), end: schoolTime(day, '09:00'), purpose: '学生会例会' })).body.result).toBe(true);

    const teacher = await englishPage(browser);
    try {
      const t = teacher.page;
      await signedIn(t, 'teacher');
      await openFromSidebar(t, '/apply', '/apply/classroom_loan/new');
      await t.locator(tid('room-day')).waitFor();
      await t.locator(tid('classroom-loan-classroomId')).selectOption(room);
      await t.locator(tid('classroom-loan-start')).fill(schoolTime(day, '10:00').replace(' ', 'T'));
      await t.locator(tid('classroom-loan-end')).fill(schoolTime(day, '11:00').replace(' ', 'T'));
      await eventually(async () => expect(await t.locator(tid('room-day-booking')).count()).toBe(1));
      expect(await t.locator(tid('room-day-booking')).first().innerText()).toContain('08:00–09:00');
      expect(await t.locator(tid('room-day-clash')).count()).toBe(0);

      // someone asks for 10:30 meanwhile: the day is read again as the teacher changes the time, and it overlaps now
      expect((await submit(student, { classroomId: room, start: schoolTime(day, '10:30'), end: schoolTime(day, '12:00'), purpose: '话剧社排练' })).body.result).toBe(true);
      await t.locator(tid('classroom-loan-end')).fill(schoolTime(day, '11:30').replace(' ', 'T'));
      await eventually(async () => expect(await t.locator(tid('room-day-booking')).count()).toBe(2));
      expect(await t.locator(tid('room-day-clash')).innerText()).toBe('The chosen time overlaps a booking: it would be refused.');
      await shot(t, 'classroom-loan-01-room-day');
      expect(teacher.problems.unexpected()).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
