import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import type { Browser } from 'playwright-core';
import { type CalendarEvent, type CalendarRange, type Holiday, resources, type SchoolCalendar } from '@schoolflow/contracts';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { schoolDate, schoolTime, until } from '../support/workflow.js';

/**
 * 校历管理 end to end (docs/product/office.md#school-calendar, docs/adr/0058-school-calendar.md) on the shared test
 * server: bad input answers in zh and en and writes nothing; a weekly series is expanded over a range less an EXDATE, a
 * declared holiday and an occurrence moved on its own, then moved as a whole; a teacher cannot change the school
 * calendar (the refusal logged); a personal calendar is nobody else's to see; a shared calendar reaches its role only;
 * the iCal export parses back; and in Chromium a teacher reads the month in zh, switches to en and adds an event by the
 * dialog. Its dates lie some ten weeks ahead (the demo is dated from the day it is seeded), and everything it makes is
 * removed at its end.
 */
const zh = resources.zh.calendar;
const en = resources.en.calendar;
const tokens = {} as Record<'admin' | 'teacher' | 'student', string>;
const events: string[] = [];
const calendarsMade: string[] = [];
const holidays: string[] = [];
let school: SchoolCalendar;
let teacherOwn: SchoolCalendar;

// a Monday ten weeks after next Monday, and the days of the weeks after it (school dates)
const day = (offset: number) => schoolTime(70 + offset, '00:00').slice(0, 10);
const W = (week: number, weekday = 0) => day(week * 7 + weekday);

const calendarsOf = async (who: keyof typeof tokens) => (await call<SchoolCalendar[]>('/api/calendar/calendars', { token: tokens[who] })).body.data as SchoolCalendar[];
const saveEvent = (json: unknown, who: keyof typeof tokens = 'admin', id?: string, lang?: 'zh' | 'en') =>
  call<CalendarEvent>(id ? `/api/calendar/events/${id}` : '/api/calendar/events', { method: id ? 'PUT' : 'POST', token: tokens[who], json, ...(lang ? { lang } : {}) });
const saveOk = async (json: unknown, who: keyof typeof tokens = 'admin', id?: string): Promise<CalendarEvent> => {
  const res = await saveEvent(json, who, id);
  expect(res.body).toMatchObject({ code: 200, result: true });
  const e = res.body.data as CalendarEvent;
  if (!id) events.push(e.id);
  return e;
};
const range = async (from: string, to: string, who: keyof typeof tokens = 'admin', calendarIds?: string[]) =>
  (await call<CalendarRange>(`/api/calendar/events?from=${from}&to=${to}${calendarIds ? `&calendarIds=${calendarIds.join(',')}` : ''}`, { token: tokens[who] })).body.data as CalendarRange;
const eventRows = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM school_calendar_event`)).rows[0]?.n));
const refusals = (account: string, target: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE target = $1 AND account = $2 AND result = 'failure'`, [target, account])).rows[0]?.n));

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.student] = (await Promise.all(['admin', 'teacher', 'student'].map((a) => login(a)))) as [string, string, string];
  school = (await calendarsOf('admin')).find((c) => c.kind === 'school') as SchoolCalendar;
  teacherOwn = (await calendarsOf('teacher')).find((c) => c.kind === 'personal') as SchoolCalendar;
}, 60_000);

afterAll(async () => {
  await withDb(async (c) => {
    await c.query(`DELETE FROM school_calendar_event WHERE id = ANY($1::uuid[]) OR series_id = ANY($1::uuid[])`, [events]);
    await c.query(`DELETE FROM school_calendar WHERE id = ANY($1::uuid[])`, [calendarsMade]);
    await c.query(`DELETE FROM calendar_holiday WHERE id = ANY($1::uuid[])`, [holidays]);
  });
}, 60_000);

describe('the school calendar', () => {
  it('has the demo term on the school calendar, read by everyone; the teacher\'s own calendar is theirs to change', async () => {
    expect(school).toMatchObject({ name: zh.kinds.school, readers: { all: true }, canEdit: true });
    expect((await calendarsOf('teacher')).find((c) => c.kind === 'school')?.canEdit).toBe(false);
    expect(teacherOwn).toMatchObject({ name: zh.kinds.personal, canEdit: true });
    const term = await range(schoolDate(-40), schoolDate(40), 'student');
    const titles = new Set(term.occurrences.map((o) => o.title));
    for (const t of ['升旗仪式', '期中考试']) expect(titles).toContain(t);
    // the staff meeting is on the staff's shared calendar: not the student's
    expect(titles).not.toContain('教职工例会');
    expect(new Set((await range(schoolDate(-40), schoolDate(40), 'teacher')).occurrences.map((o) => o.title))).toContain('教职工例会');
  });

  it('bad input answers the envelope in zh and en and writes nothing', async () => {
    const before = await eventRows();
    const good = { calendarId: teacherOwn.id, title: '家访', allDay: false, start: `${W(0)} 18:00`, end: `${W(0)} 19:00` };
    const bad = [
      [{ ...good, title: '' }, zh.validation.titleRequired, en.validation.titleRequired],
      [{ ...good, end: `${W(0)} 17:00` }, zh.validation.endBeforeStart, en.validation.endBeforeStart],
      [{ ...good, allDay: true }, zh.validation.allDayDates, en.validation.allDayDates],
      [{ ...good, rrule: 'FREQ=HOURLY' }, zh.validation.ruleInvalid, en.validation.ruleInvalid],
      [{ ...good, rrule: 'FREQ=WEEKLY;COUNT=3;UNTIL=20300101' }, zh.validation.ruleInvalid, en.validation.ruleInvalid],
      [{ ...good, calendarId: 'x' }, zh.validation.calendarRequired, en.validation.calendarRequired],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      const [a, b] = [await saveEvent(json, 'teacher', undefined, 'zh'), await saveEvent(json, 'teacher', undefined, 'en')];
      expect([a.status, a.body.code, a.body.result, a.body.msg]).toEqual([400, 400, false, zhMsg]);
      expect([b.status, b.body.msg]).toEqual([400, enMsg]);
    }
    const noReaders = await call('/api/calendar/calendars', { token: tokens.admin, json: { name: '空', color: '#112233', readers: { all: false } }, lang: 'en' });
    expect([noReaders.status, noReaders.body.msg]).toEqual([400, en.validation.readersRequired]);
    const badRange = await call(`/api/calendar/events?from=${schoolDate(0)}&to=${schoolDate(366)}`, { token: tokens.teacher });
    expect([badRange.status, badRange.body.msg]).toEqual([400, zh.validation.rangeInvalid]);
    expect(await eventRows()).toBe(before);
  });

  it('keeps a teacher\'s personal calendar theirs: read, changed and deleted by them, unseen by anyone else', async () => {
    const own = await saveOk({ calendarId: teacherOwn.id, title: '家访', category: 'other', allDay: false, start: `${W(0, 1)} 18:00`, end: `${W(0, 1)} 19:00`, location: '学生家' }, 'teacher');
    expect(own).toMatchObject({ title: '家访', start: `${W(0, 1)} 18:00`, end: `${W(0, 1)} 19:00`, rrule: null, canEdit: true });
    expect((await saveOk({ calendarId: teacherOwn.id, title: '家访（改期）', allDay: false, start: `${W(0, 2)} 18:00`, end: `${W(0, 2)} 19:30` }, 'teacher', own.id)).title).toBe('家访（改期）');
    expect((await range(W(0), W(0, 6), 'teacher', [teacherOwn.id])).occurrences.map((o) => [o.title, o.start, o.end])).toEqual([['家访（改期）', `${W(0, 2)} 18:00`, `${W(0, 2)} 19:30`]]);

    // the student and even the administrator: not listed, not found, not exported; each reach logged
    for (const who of ['student', 'admin'] as const) {
      expect((await calendarsOf(who)).map((c) => c.id)).not.toContain(teacherOwn.id);
      expect((await range(W(0), W(0, 6), who)).occurrences.map((o) => o.eventId)).not.toContain(own.id);
    }
    for (const [path, method] of [
      [`/api/calendar/events/${own.id}`, 'GET'],
      [`/api/calendar/events/${own.id}`, 'DELETE'],
      [`/api/calendar/events?from=${W(0)}&to=${W(0, 6)}&calendarIds=${teacherOwn.id}`, 'GET'],
      [`/api/calendar/calendars/${teacherOwn.id}/ics`, 'GET'],
    ] as const) {
      const res = await call(path, { method, token: tokens.student });
      expect([path, res.status, res.body.result]).toEqual([path, 404, false]);
    }
    await until(() => refusals('student', own.id), (n) => n >= 2);
    await until(() => refusals('student', teacherOwn.id), (n) => n >= 2);

    expect((await call(`/api/calendar/events/${own.id}`, { method: 'DELETE', token: tokens.teacher })).body.result).toBe(true);
    expect((await call(`/api/calendar/events/${own.id}`, { token: tokens.teacher })).status).toBe(404);
  });

  it('expands a weekly series over a range less an EXDATE, a holiday and a moved occurrence; moves the whole series', async () => {
    const series = await saveOk({ calendarId: school.id, title: '教研活动', category: 'meeting', allDay: false, start: `${W(0)} 16:30`, end: `${W(0)} 17:30`, location: '会议室', rrule: `FREQ=WEEKLY;BYDAY=MO;UNTIL=${W(5).replace(/-/g, '')}` });
    expect(series.rrule).toBe(`FREQ=WEEKLY;BYDAY=MO;UNTIL=${W(5).replace(/-/g, '')}T235959Z`);
    const mine = async () => (await range(W(0), W(6), 'teacher', [school.id])).occurrences.filter((o) => o.title === '教研活动').map((o) => [o.start, o.occurrence, o.eventId === series.id]);
    expect((await mine()).map(([s]) => s)).toEqual([0, 1, 2, 3, 4, 5].map((w) => `${W(w)} 16:30`));

    // one occurrence deleted, a holiday declared on another, a third dragged to Tuesday 15:00 on its own
    expect((await call(`/api/calendar/events/${series.id}?occurrence=${encodeURIComponent(`${W(1)} 16:30`)}`, { method: 'DELETE', token: tokens.admin })).body.result).toBe(true);
    const holiday = await call<Holiday>('/api/calendar/holidays', { token: tokens.admin, json: { date: W(2), kind: 'holiday', name: '校庆' } });
    expect(holiday.body.result).toBe(true);
    holidays.push((holiday.body.data as Holiday).id);
    const moved = await call<CalendarEvent>(`/api/calendar/events/${series.id}/move`, { token: tokens.admin, json: { scope: 'occurrence', occurrence: `${W(3)} 16:30`, allDay: false, start: `${W(3, 1)} 15:00`, end: `${W(3, 1)} 16:00` } });
    expect(moved.body.data).toMatchObject({ seriesId: series.id, recurrenceId: `${W(3)} 16:30`, start: `${W(3, 1)} 15:00`, rrule: null });
    events.push((moved.body.data as CalendarEvent).id);
    expect(await mine()).toEqual([
      [`${W(0)} 16:30`, `${W(0)} 16:30`, true],
      [`${W(3, 1)} 15:00`, `${W(3)} 16:30`, false],
      [`${W(4)} 16:30`, `${W(4)} 16:30`, true],
      [`${W(5)} 16:30`, `${W(5)} 16:30`, true],
    ]);
    const inRange = await range(W(2), W(2));
    expect(inRange.holidays.map((h) => [h.date, h.name])).toEqual([[W(2), '校庆']]);

    // a teacher may not move it, nor add to or change the school calendar: refused, logged, nothing changed
    const refused = [
      await call(`/api/calendar/events/${series.id}/move`, { token: tokens.teacher, json: { scope: 'series', occurrence: `${W(0)} 16:30`, allDay: false, start: `${W(0, 1)} 16:30`, end: `${W(0, 1)} 17:30` } }),
      await saveEvent({ calendarId: school.id, title: '改掉', allDay: true, start: W(0), end: W(0) }, 'teacher', series.id),
      await saveEvent({ calendarId: school.id, title: '加一个', allDay: true, start: W(0), end: W(0) }, 'teacher'),
      await call(`/api/calendar/calendars/${school.id}`, { method: 'PUT', token: tokens.teacher, json: { name: '校历', color: '#000000', readers: { all: true } } }),
    ];
    for (const res of refused) expect([res.status, res.body.result, res.body.msg]).toEqual([403, false, zh.errors.forbidden]);
    await until(() => refusals('teacher', series.id), (n) => n >= 2);
    await until(() => refusals('teacher', school.id), (n) => n >= 2);

    // the whole series dragged from Monday to Wednesday 15:30: weekdays, end, exception and moved occurrence go with it
    const whole = await call<CalendarEvent>(`/api/calendar/events/${series.id}/move`, { token: tokens.admin, json: { scope: 'series', occurrence: `${W(0)} 16:30`, allDay: false, start: `${W(0, 2)} 15:30`, end: `${W(0, 2)} 16:30` } });
    expect(whole.body.data).toMatchObject({ start: `${W(0, 2)} 15:30`, exdates: [`${W(1, 2)} 15:30`] });
    expect((whole.body.data as CalendarEvent).rrule).toMatch(/^FREQ=WEEKLY;BYDAY=WE;UNTIL=/);
    expect((await mine()).map(([s]) => s)).toEqual([`${W(0, 2)} 15:30`, `${W(2, 2)} 15:30`, `${W(3, 1)} 15:00`, `${W(4, 2)} 15:30`, `${W(5, 2)} 15:30`]);
  });

  it('exports a calendar as iCal that parses back: the series with its rule, exceptions and moved occurrence', async () => {
    const series = await saveOk({ calendarId: school.id, title: '周例会; 全体, 准时', category: 'meeting', allDay: false, start: `${W(8)} 08:00`, end: `${W(8)} 08:30`, rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' });
    await call(`/api/calendar/events/${series.id}?occurrence=${encodeURIComponent(`${W(9)} 08:00`)}`, { method: 'DELETE', token: tokens.admin });
    const moved = await call<CalendarEvent>(`/api/calendar/events/${series.id}/move`, { token: tokens.admin, json: { scope: 'occurrence', occurrence: `${W(10)} 08:00`, allDay: false, start: `${W(10)} 09:00`, end: `${W(10)} 09:30` } });
    events.push((moved.body.data as CalendarEvent).id);
    const exam = await saveOk({ calendarId: school.id, title: '模拟考试', category: 'exam', allDay: true, start: W(8, 2), end: W(8, 4) });

    // the student reads the school calendar, so may export it
    const res = await fetch(`${baseUrl()}/server/api/calendar/calendars/${school.id}/ics`, { headers: { 'X-Access-Token': tokens.student } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    expect(res.headers.get('content-disposition')).toContain('.ics');
    const text = await res.text();
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    const vevents = root.getAllSubcomponents('vevent');
    const byUid = (id: string) => vevents.filter((v) => v.getFirstPropertyValue('uid') === `${id}@schoolflow`);
    const [main, changed] = [byUid(series.id).find((v) => !v.hasProperty('recurrence-id')), byUid(series.id).find((v) => v.hasProperty('recurrence-id'))];
    expect(main?.getFirstPropertyValue('summary')).toBe('周例会; 全体, 准时');
    expect(String(main?.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=4;BYDAY=MO');
    expect(String(main?.getFirstPropertyValue('dtstart'))).toBe(`${W(8)}T08:00:00`);
    expect(main?.getAllProperties('exdate').map((p) => String(p.getFirstValue()))).toEqual([`${W(9)}T08:00:00`]);
    expect([String(changed?.getFirstPropertyValue('recurrence-id')), String(changed?.getFirstPropertyValue('dtstart'))]).toEqual([`${W(10)}T08:00:00`, `${W(10)}T09:00:00`]);
    // expanded by ical.js itself: three occurrences, the moved one at its own time
    const ev = new ICAL.Event(main as ICAL.Component, { exceptions: changed ? [changed] : [] });
    const it = ev.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 10; next = it.next()) starts.push(String(ev.getOccurrenceDetails(next).startDate));
    expect(starts).toEqual([`${W(8)}T08:00:00`, `${W(10)}T09:00:00`, `${W(11)}T08:00:00`]);
    const allDay = byUid(exam.id)[0];
    expect([String(allDay?.getFirstPropertyValue('dtstart')), String(allDay?.getFirstPropertyValue('dtend'))]).toEqual([W(8, 2), W(8, 5)]);
    // the holiday of the test before it is listed as a day off
    expect(vevents.some((v) => v.getFirstPropertyValue('summary') === '校庆' && v.getFirstPropertyValue('categories') === 'HOLIDAY')).toBe(true);
  });

  it('gives a shared calendar to its role only: teachers read it, students do not', async () => {
    const made = await call<SchoolCalendar>('/api/calendar/calendars', { token: tokens.admin, json: { name: '数学组日程', color: '#21BA45', readers: { all: false, roles: ['teacher'], departmentIds: [] } } });
    expect(made.body.data).toMatchObject({ kind: 'shared', name: '数学组日程', color: '#21ba45', readers: { all: false, roles: ['teacher'] }, canEdit: true });
    const shared = made.body.data as SchoolCalendar;
    calendarsMade.push(shared.id);
    const e = await saveOk({ calendarId: shared.id, title: '集体备课', allDay: false, start: `${W(1, 3)} 14:00`, end: `${W(1, 3)} 15:00` });
    expect((await calendarsOf('teacher')).find((c) => c.id === shared.id)?.canEdit).toBe(false);
    expect((await range(W(1), W(1, 6), 'teacher')).occurrences.map((o) => o.eventId)).toContain(e.id);
    expect((await calendarsOf('student')).map((c) => c.id)).not.toContain(shared.id);
    expect((await range(W(1), W(1, 6), 'student')).occurrences.map((o) => o.eventId)).not.toContain(e.id);
    const refused = await call(`/api/calendar/calendars/${shared.id}`, { method: 'DELETE', token: tokens.teacher });
    expect([refused.status, refused.body.msg]).toEqual([403, zh.errors.forbidden]);
    const keep = await call(`/api/calendar/calendars/${school.id}`, { method: 'DELETE', token: tokens.admin, lang: 'en' });
    expect([keep.status, keep.body.msg]).toEqual([400, en.errors.schoolKept]);
  });

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('陈老师 reads the month in zh, switches to en and adds an event by the dialog', async () => {
      const t = await newTestPage(browser);
      const { page } = t;
      await signedIn(page, 'teacher', '/xlgl');
      const calendar = page.locator(tid('school-calendar'));
      await calendar.locator('.fc-daygrid-body').waitFor();
      // the school calendar's weekly flag-raising is on this month's Mondays while the term teaches
      await eventually(async () => expect(await calendar.locator('.fc-event').count()).toBeGreaterThan(0));
      expect(await calendar.locator('.fc-toolbar-title').innerText()).toMatch(/\d{4}年\d{1,2}月/);
      expect(await page.locator(tid('calendar-list')).innerText()).toContain(zh.kinds.personal);
      await shot(page, 'school-calendar-month-zh');

      await page.locator(tid('lang-switch')).click();
      await eventually(async () => expect(await calendar.locator('.fc-toolbar-title').innerText()).toMatch(/^[A-Z][a-z]+ \d{4}$/));
      expect(await page.locator(tid('calendar-list')).innerText()).toContain(en.kinds.personal);

      // a click on a day opens the dialog in my own calendar; an empty title is refused in English, then saved
      // the first Thursday ahead: no demo event that day (the flag-raising is on Mondays, the staff meeting on Wednesdays)
      const date = [1, 2, 3, 4, 5, 6, 7].map(schoolDate).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 4) as string;
      if (!(await calendar.locator(`.fc-daygrid-day[data-date="${date}"]`).isVisible())) await calendar.locator('.fc-next-button').click();
      await calendar.locator(`.fc-daygrid-day[data-date="${date}"] .fc-daygrid-day-frame`).click({ position: { x: 6, y: 6 } });
      const dialog = page.locator(tid('calendar-event-dialog'));
      await dialog.waitFor();
      expect(await dialog.locator(tid('calendar-event-calendar')).inputValue()).toBe(teacherOwn.id);
      await dialog.locator(tid('calendar-event-dialog-save')).click();
      expect(await dialog.locator(tid('calendar-event-title-error')).innerText()).toBe(en.validation.titleRequired);
      await dialog.locator(tid('calendar-event-title')).fill('Parents evening');
      await dialog.locator(tid('calendar-event-allday')).click();
      await dialog.locator(tid('calendar-event-start-time')).fill('19:00');
      await dialog.locator(tid('calendar-event-end-time')).fill('20:30');
      await shot(page, 'school-calendar-dialog-en');
      await dialog.locator(tid('calendar-event-dialog-save')).click();
      await dialog.waitFor({ state: 'detached' });
      await calendar.locator('.fc-event', { hasText: 'Parents evening' }).waitFor();
      await shot(page, 'school-calendar-month-en');

      const saved = (await range(date, date, 'teacher', [teacherOwn.id])).occurrences.find((o) => o.title === 'Parents evening');
      expect(saved).toMatchObject({ start: `${date} 19:00`, end: `${date} 20:30`, allDay: false });
      events.push(saved?.eventId as string);
      expect(t.problems.unexpected()).toEqual([]);
      await t.close();
    });
  });
});
