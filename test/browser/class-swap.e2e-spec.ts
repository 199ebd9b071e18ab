import { describe, expect, it } from '@jest/globals';
import { type MessageRow, weekdayOf, weekOfDate, type WorkflowInstanceView } from '@schoolflow/contracts';
import type { Page } from 'playwright-core';
import { call, login } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { browserPages, openFromSidebar, openReviewQueue, taskRow } from '../support/flow-pages.js';
import { type DayRow, type DemoIds, demoTimetable, freePeriods, lessonsOn, nextWeek, walkedBy, weekDates } from '../support/timetable.js';
import { flowCalls, until } from '../support/workflow.js';

// 调课 in the browser (issue 9: "a passed swap appears in the student's week view"): a teacher files a swap with another
// teacher's lesson on school days in the form, that teacher consents, the office approves — and the student's 课表查询
// week shows both lessons at their new periods with the swap badge, in Chinese and in English. Then the review queue's
// batch approval takes only requests of one flow in one step (docs/product/workflows.md#batch-approval).

const swaps = flowCalls('class-swap');
const makeUps = flowCalls('make-up-class');
const INQUIRY = '/timetable/inquiry';
const GROUP = '/academic/group/timetable';

interface Place {
  date: string;
  period: number;
  lesson: DayRow;
}

/**
 * From week `from` on, on school days: the teacher's lesson S and the head teacher's lesson T of 高一(1)班 that can swap —
 * the teacher free at T, the head teacher free at S, each room free at the other's time but for the other lesson.
 */
async function swappable(ids: DemoIds, from: number): Promise<{ s: Place; t: Place }> {
  for (let week = from; weekDates(ids, week)[0] !== undefined && (weekDates(ids, week)[0] ?? '') <= ids.semester.teachingEnd; week++) {
    const days = await Promise.all(weekDates(ids, week).filter((d) => d <= ids.semester.teachingEnd).map(async (date) => ({ date, lessons: await lessonsOn(date) })));
    const untouched = (l: DayRow, teacher: string) => l.class_id === ids.class1 && l.teacher_id === teacher && l.change === null && !l.leaving && !l.pending;
    for (const a of days) {
      for (const s of a.lessons.filter((x) => untouched(x, ids.teacher))) {
        for (const b of days) {
          for (const t of b.lessons.filter((x) => untouched(x, ids.headteacher))) {
            const free = (day: typeof a, period: number, who: string, other: string) => !day.lessons.some((x) => x.period === period && x.teacher_id === who && x.lesson_id !== other);
            const roomFree = (day: typeof a, period: number, room: string | null, other: string) => room === null || !day.lessons.some((x) => x.period === period && x.lesson_id !== other && x.classroom_id === room);
            if (free(b, t.period, ids.teacher, t.lesson_id) && free(a, s.period, ids.headteacher, s.lesson_id) && roomFree(b, t.period, s.classroom_id, t.lesson_id) && roomFree(a, s.period, t.classroom_id, s.lesson_id)) {
              return { s: { date: a.date, period: s.period, lesson: s }, t: { date: b.date, period: t.period, lesson: t } };
            }
          }
        }
      }
    }
  }
  throw new Error(`no swappable pair from week ${from}`);
}

/** Opens the student's 课表查询 from the sidebar and steps to a teaching week with the week navigation. */
async function studentWeek(p: Page, week: number): Promise<void> {
  await openFromSidebar(p, GROUP, INQUIRY);
  const view = p.locator(`${tid('tt-inquiry')}[data-kind="student"]`);
  await view.waitFor();
  // the page opens on this week (or the template outside the teaching weeks)
  if ((await view.getAttribute('data-week')) === '') await p.locator(tid('tt-mode-week')).click();
  await eventually(async () => expect(await view.getAttribute('data-week')).not.toBe(''));
  for (let shown = Number(await view.getAttribute('data-week')); shown !== week; ) {
    await p.locator(tid(shown < week ? 'tt-week-next' : 'tt-week-prev')).click();
    const next = shown < week ? shown + 1 : shown - 1;
    await eventually(async () => expect(await view.getAttribute('data-week')).toBe(String(next)));
    shown = next;
  }
  await p.locator(`${tid('tt-grid')} ${tid('tt-lesson')}`).first().waitFor();
}

/** The lessons a week cell shows: teacher, swap flag and the badge's words. */
async function cell(p: Page, date: string, period: number): Promise<{ teacher: string | null; change: string | null; badge: string }[]> {
  const lessons = p.locator(`${tid('tt-grid')} ${tid('tt-cell')}[data-weekday="${weekdayOf(date)}"][data-period="${period}"] ${tid('tt-lesson')}`);
  return lessons.evaluateAll((els) =>
    els.map((e) => ({ teacher: e.getAttribute('data-teacher'), change: e.getAttribute('data-change'), badge: e.querySelector('[data-testid="tt-change"]')?.textContent ?? '' })),
  );
}

describe('class swap in the browser', () => {
  const { page } = browserPages();

  it('a teacher files a swap in the form, the other teacher consents, the office approves: the student’s week shows both lessons moved, badged 调课 / Swap', async () => {
    const ids = await demoTimetable();
    const { s, t } = await swappable(ids, nextWeek(ids));
    const week = weekOfDate(ids.semester.teachingStart, s.date);

    const teacher = await page();
    const tp = teacher.page;
    await signedIn(tp, 'teacher');
    await openFromSidebar(tp, '/apply', '/apply/class_swap/new');
    await tp.locator(tid('class-swap-form')).waitFor();
    await tp.locator(`${tid('class-swap-classId')} option[value="${ids.class1}"]`).waitFor({ state: 'attached' });
    await tp.locator(tid('class-swap-classId')).selectOption(ids.class1);
    await tp.locator(tid('class-swap-fromDate')).fill(s.date);
    await tp.locator(tid('class-swap-fromPeriod')).selectOption(String(s.period));
    await tp.locator(tid('class-swap-toDate')).fill(t.date);
    await tp.locator(tid('class-swap-toPeriod')).selectOption(String(t.period));
    await tp.locator(`${tid('class-swap-withTeacherId')} option[value="${ids.headteacher}"]`).waitFor({ state: 'attached' });
    await tp.locator(tid('class-swap-withTeacherId')).selectOption(ids.headteacher);
    await tp.locator(tid('class-swap-reason')).fill('外出教研');
    // beside the form: my lesson leaves, the head teacher's is where it arrives — no clash (the lesson keeps its own room)
    const arrival = s.date === t.date ? 'class-day-from' : 'class-day-to';
    await eventually(async () => expect(await tp.locator(tid(`${arrival}-period-${t.period}`)).innerText()).toContain('调入'));
    expect(await tp.locator(tid(`${arrival}-clash`)).count()).toBe(0);
    expect(await tp.locator(tid(`class-day-from-period-${s.period}`)).innerText()).toContain('调出');
    await shot(tp, 'class-swap-02-filled');
    await tp.locator(tid('class-swap-submit')).click();

    await waitForPath(tp, '/apply/class_swap/detail');
    const detail = tp.locator(tid('class-swap-detail'));
    await detail.waitFor();
    const id = (await detail.getAttribute('data-id')) ?? '';
    await eventually(async () => expect(await detail.getAttribute('data-state')).toBe('teacherConsent'));
    // its periods by name
    expect(await tp.locator(tid('class-swap-fromPeriod-value')).innerText()).toBe(`第${s.period}节`);
    expect(await tp.locator(tid('class-swap-toPeriod-value')).innerText()).toBe(`第${t.period}节`);

    for (const [account, command, after] of [
      ['headteacher', 'consent', 'officeReview'],
      ['office', 'approve', 'approved'],
    ] as const) {
      const reviewer = await page();
      await signedIn(reviewer.page, account, `/apply/class_swap/detail?id=${id}`);
      await reviewer.page.locator(tid('class-swap-detail')).waitFor();
      await reviewer.page.locator(`${tid('class-swap-actions')} ${tid(`action-${command}`)}`).click();
      await reviewer.page.locator(`${tid('action-modal')} ${tid('action-submit')}`).click();
      await eventually(async () => expect(await reviewer.page.locator(tid('class-swap-detail')).getAttribute('data-state')).toBe(after));
      expect(reviewer.problems.unexpected()).toEqual([]);
    }
    // the teacher's open page follows live
    await eventually(async () => expect(await detail.getAttribute('data-state')).toBe('approved'));
    await shot(tp, 'class-swap-03-approved');
    expect(teacher.problems.unexpected()).toEqual([]);

    // the student's week: the head teacher's lesson where mine was, mine where theirs was, each badged — in Chinese
    // through 课表管理 / 课表查询 and the week navigation, in English by the link of the message the student was sent
    const studentToken = await login('student');
    const told = await until(
      async () => ((await call<{ result: MessageRow[] }>('/api/message/info/getInfoByRecipient', { token: studentToken, json: { page: 1, size: 100 } })).body.data?.result ?? []).filter((m) => m.MESSAGE_TITLE === '调课通知' && m.MESSAGE_CONTENT.includes(s.date)),
      (rows) => rows.length > 0,
    );
    const link = told[0]?.MESSAGE_LINK ?? '';
    expect(link).toBe(`/timetable/inquiry?week=${week}`);
    for (const english of [false, true]) {
      const student = await page(english);
      await signedIn(student.page, 'student');
      if (english) {
        await student.page.goto(appUrl(link));
        await eventually(async () => expect(await student.page.locator(`${tid('tt-inquiry')}[data-kind="student"]`).getAttribute('data-week')).toBe(String(week)));
      } else await studentWeek(student.page, week);
      const badge = english ? 'Swap' : '调课';
      await eventually(async () => expect(await cell(student.page, s.date, s.period)).toEqual([{ teacher: ids.headteacher, change: 'swap', badge }]));
      expect(await cell(student.page, t.date, t.period)).toEqual([{ teacher: ids.teacher, change: 'swap', badge }]);
      await shot(student.page, `class-swap-0${english ? 5 : 4}-student-week-${english ? 'en' : 'zh'}`);
      expect(student.problems.unexpected()).toEqual([]);
    }
  }, 180_000);

  it('the review queue batches only requests of one flow at one step: two swaps at the office go together, not with a make-up at the office', async () => {
    const ids = await demoTimetable();
    const [teacherToken, headToken] = await Promise.all([login('teacher'), login('headteacher')]);
    // two moves of the teacher's lessons to free Saturday periods (straight to the office), and a make-up at the office
    const W = nextWeek(ids);
    const lessons = async (date: string) => (await lessonsOn(date)).filter((l) => l.class_id === ids.class1 && l.teacher_id === ids.teacher && l.change === null && !l.leaving && !l.pending);
    const moves: string[] = [];
    for (let week = W; moves.length < 2 && (weekDates(ids, week, 7)[5] ?? '') <= ids.semester.teachingEnd; week++) {
      const saturday = weekDates(ids, week, 7)[5] as string;
      const free = freePeriods(await lessonsOn(saturday), [1, 2, 3, 4], { classId: ids.class1, shared: await walkedBy(ids.class1), teacherId: ids.teacher, roomId: ids.homeRoom });
      for (const date of weekDates(ids, week)) {
        const [l] = await lessons(date);
        if (!l || free.length === 0 || moves.length >= 2) continue;
        const to = free.shift() as number;
        const res = await swaps.submit(teacherToken, { classId: ids.class1, fromDate: date, fromPeriod: l.period, toDate: saturday, toPeriod: to, reason: '外出教研' });
        if (res.status !== 200) throw new Error(`move failed: ${res.body.msg}`);
        moves.push(res.body.data?.id as string);
      }
    }
    const saturday = weekDates(ids, W + 1, 7)[5] as string;
    const [period] = freePeriods(await lessonsOn(saturday), [5, 6, 7, 8], { classId: ids.class1, shared: await walkedBy(ids.class1), teacherId: ids.teacher, roomId: ids.homeRoom });
    if (period === undefined) throw new Error(`no free afternoon period on ${saturday}`);
    const makeUp = (await makeUps.submit(teacherToken, { classId: ids.class1, courseId: ids.maths, date: saturday, periods: [period], reason: '补课' })).body.data?.id as string;
    await makeUps.act(teacherToken, makeUp, { type: 'SUBMIT' });
    expect((await makeUps.act(headToken, makeUp, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');

    const office = await page();
    const o = office.page;
    await signedIn(o, 'office');
    await openReviewQueue(o);
    for (const id of [...moves, makeUp]) await taskRow(o, id).waitFor();
    const batch = o.locator(tid('task-batch-approve'));
    const hint = o.locator(tid('task-batch-hint'));
    const pick = (id: string) => taskRow(o, id).locator(tid('task-select')).click();
    await pick(moves[0] as string);
    await pick(moves[1] as string);
    await eventually(async () => expect(await batch.isDisabled()).toBe(false));
    expect(await hint.innerText()).toBe('已选 2 项');
    // a make-up waiting at the office too is the same step's name in another flow: not one batch
    await pick(makeUp);
    await eventually(async () => expect(await batch.isDisabled()).toBe(true));
    expect(await hint.getAttribute('class')).toContain('warn');
    await shot(o, 'class-swap-06-batch-mixed');
    await pick(makeUp);
    await eventually(async () => expect(await batch.isDisabled()).toBe(false));
    await batch.click();
    const modal = o.locator(tid('task-modal'));
    await modal.waitFor();
    await modal.locator(tid('task-confirm')).click();
    await modal.waitFor({ state: 'detached' });
    for (const id of moves) await taskRow(o, id).waitFor({ state: 'detached' });
    expect(await taskRow(o, makeUp).count()).toBe(1);
    await shot(o, 'class-swap-07-batch-done');
    for (const id of moves) expect((await call<WorkflowInstanceView>(`/api/workflows/class-swap/${id}`, { token: teacherToken })).body.data?.state).toBe('approved');
    expect((await call<WorkflowInstanceView>(`/api/workflows/make-up-class/${makeUp}`, { token: teacherToken })).body.data?.state).toBe('officeReview');
    expect(office.problems.unexpected()).toEqual([]);
    await makeUps.act(teacherToken, makeUp, { type: 'WITHDRAW' });
  }, 180_000);
});
