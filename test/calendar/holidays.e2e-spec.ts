import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Holiday, type Lesson, type TimetableAnswer, weekOfDate, type WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { demoTimetable, type DemoIds } from '../support/timetable.js';
import { act, schoolTime, submitOk, until, view } from '../support/workflow.js';

/**
 * Public holidays and make-up workdays end to end (docs/product/office.md#public-holidays, docs/adr/0048) on the shared
 * test server: bad input and a refusal write nothing; a holiday on a weekday takes that day's lessons out of a class's
 * week and its hours out of a leave's days; a make-up workday holds the replaced weekday's lessons. Its dates are those
 * of the fourth week from now (the demo is dated from the day it is seeded), and everything it makes is removed at its
 * end, so the other files of the worker read the calendar they expect.
 */
const tokens = {} as Record<'admin' | 'teacher' | 'student', string>;
let ids: DemoIds;
const made: string[] = [];
let leaveId: string | null = null;

// Monday of the fourth week after next Monday's, its Tuesday, Wednesday, Thursday and Saturday (school dates)
const day = (offset: number) => schoolTime(21 + offset, '00:00').slice(0, 10);
const [MONDAY, WEDNESDAY, SATURDAY] = [day(0), day(2), day(5)];

const count = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM calendar_holiday`)).rows[0]?.n));
const create = (json: unknown, who: keyof typeof tokens = 'admin', lang?: 'zh' | 'en') => call<Holiday>('/api/calendar/holidays', { token: tokens[who], json, ...(lang ? { lang } : {}) });
const createOk = async (json: unknown): Promise<Holiday> => {
  const res = await create(json);
  expect(res.body).toMatchObject({ code: 200, result: true });
  const h = res.body.data as Holiday;
  made.push(h.id);
  return h;
};
const week = async (): Promise<TimetableAnswer> => {
  const n = weekOfDate(ids.semester.teachingStart, MONDAY);
  return (await call<TimetableAnswer>(`/api/timetable?week=${n}&classId=${ids.class1}`, { token: tokens.admin })).body.data as TimetableAnswer;
};
const on = (t: TimetableAnswer, date: string): Lesson[] => t.lessons.filter((l) => l.date === date);
/**
 * The class's own template lessons of a day: not a dated change, and not a teaching class's (走班, electives) —
 * other files on the worker's server make teaching classes its students go to, on any weekday, Saturday too.
 */
const own = (ls: readonly Lesson[]) => ls.filter((l) => !l.change && !l.teachingClassId);
const shape = (ls: readonly Lesson[]) => own(ls).map((l) => `${l.period}:${l.courseId}:${l.teacherId}`).sort();

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.student] = (await Promise.all(['admin', 'teacher', 'student'].map((a) => login(a)))) as [string, string, string];
  ids = await demoTimetable();
  // the dates used lie in the current semester's teaching weeks
  expect([MONDAY >= ids.semester.teachingStart, SATURDAY <= ids.semester.teachingEnd]).toEqual([true, true]);
}, 60_000);

afterAll(async () => {
  if (leaveId) await act(tokens.student, leaveId, { type: 'WITHDRAW' });
  await withDb((c) => c.query(`DELETE FROM calendar_holiday WHERE id = ANY($1::uuid[])`, [made]));
}, 60_000);

describe('declaring holidays', () => {
  it('bad input answers the envelope with the field\'s message and writes nothing', async () => {
    const before = await count();
    const bad = [
      [{ date: WEDNESDAY, kind: 'holiday', name: '' }, '请输入节日名称'],
      [{ date: WEDNESDAY, kind: 'holiday', name: '节'.repeat(31) }, '节日名称不能超过30个字符'],
      [{ date: `${MONDAY.slice(0, 4)}-02-30`, kind: 'holiday', name: '校庆' }, '日期格式不正确，请使用 YYYY-MM-DD'],
      [{ date: WEDNESDAY, kind: 'vacation', name: '校庆' }, '请选择节假日或调休上班'],
      [{ date: SATURDAY, kind: 'workday', name: '校庆调休' }, '调休上班日请选择按星期几上课'],
      [{ date: SATURDAY, kind: 'workday', name: '校庆调休', replacesWeekday: 8 }, '星期应为 1 到 7'],
    ] as const;
    for (const [json, msg] of bad) {
      const res = await create(json);
      expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
    }
    expect((await create({ date: WEDNESDAY, kind: 'holiday', name: '' }, 'admin', 'en')).body.msg).toBe('Enter the name');
    expect(await count()).toBe(before);
  });

  it('only those granted calendar:holidays:edit declare; anyone signed in reads', async () => {
    const before = await count();
    const refused = await create({ date: WEDNESDAY, kind: 'holiday', name: '校庆' }, 'teacher');
    expect([refused.status, refused.body.result, refused.body.msg]).toEqual([403, false, '没有设置法定节假日的权限，请联系管理员']);
    expect(await count()).toBe(before);
    await until(
      () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = 'calendar.holiday.create' AND result = 'failure' AND account = 'teacher'`)).rows[0]?.n)),
      (n) => n > 0,
    );
    const read = await call<Holiday[]>(`/api/calendar/holidays?from=${MONDAY}&to=${SATURDAY}`, { token: tokens.student });
    expect([read.status, read.body.data]).toEqual([200, []]);
    expect((await call<Holiday[]>(`/api/calendar/holidays?from=${SATURDAY}&to=${MONDAY}`, { token: tokens.student })).status).toBe(400);
  });
});

describe('a holiday on a weekday and a make-up workday', () => {
  let plain: TimetableAnswer;
  let template: Lesson[];

  it('a holiday takes its day\'s lessons out of the week; a Saturday workday holds the replaced Monday\'s', async () => {
    plain = await week();
    template = ((await call<TimetableAnswer>(`/api/timetable?classId=${ids.class1}`, { token: tokens.admin })).body.data as TimetableAnswer).lessons;
    expect(on(plain, WEDNESDAY).length).toBeGreaterThan(0);
    expect(own(on(plain, SATURDAY))).toEqual([]);

    const h = await createOk({ date: WEDNESDAY, kind: 'holiday', name: '校庆' });
    expect(h).toMatchObject({ date: WEDNESDAY, kind: 'holiday', name: '校庆', replacesWeekday: null });
    // one declaration a date
    const twice = await create({ date: WEDNESDAY, kind: 'workday', name: '校庆', replacesWeekday: 1 });
    expect([twice.status, twice.body.msg]).toEqual([409, '该日期已设置过节假日或调休上班']);
    await createOk({ date: SATURDAY, kind: 'workday', name: '校庆调休', replacesWeekday: 1 });

    const t = await week();
    expect(on(t, WEDNESDAY)).toEqual([]);
    expect(t.holidays.map((d) => [d.date, d.kind, d.name])).toEqual([
      [WEDNESDAY, 'holiday', '校庆'],
      [SATURDAY, 'workday', '校庆调休'],
    ]);
    // the other days unchanged; Saturday has Monday's template lessons and its column
    for (const d of [MONDAY, day(1), day(3), day(4)]) expect(shape(on(t, d))).toEqual(shape(on(plain, d)));
    expect(shape(on(t, SATURDAY))).toEqual(shape(template.filter((l) => l.weekday === 1)));
    expect(on(t, SATURDAY).every((l) => l.weekday === 6)).toBe(true);
    expect(t.extraDays).toContain(6);
  });

  it("a leave over the holiday does not count its hours; the admin's changes are in the operation log", async () => {
    // Tuesday 08:00 → Thursday 08:00: 48 hours, the Wednesday between them a holiday
    leaveId = await submitOk(tokens.student, { type: 'personal', start: schoolTime(22, '08:00'), end: schoolTime(24, '08:00'), reason: '家中有事' });
    const v = (await view(tokens.student, leaveId)).body.data as WorkflowInstanceView;
    expect(v.form).toMatchObject({ durationHours: 24, durationDays: 1 });
    const logged = await withDb(async (c) => (await c.query(`SELECT action FROM sys_operation_log WHERE action LIKE 'calendar.holiday.%' AND result = 'success' AND target = ANY($1::text[])`, [made])).rows.map((r: { action: string }) => r.action));
    expect(logged.filter((a) => a === 'calendar.holiday.create')).toHaveLength(2);
  });

  it('changed and removed, the week is as before', async () => {
    const [holiday, workday] = made as [string, string];
    const changed = await call<Holiday>(`/api/calendar/holidays/${holiday}`, { method: 'PUT', token: tokens.admin, json: { date: WEDNESDAY, kind: 'holiday', name: '校庆日' } });
    expect(changed.body.data).toMatchObject({ name: '校庆日' });
    expect((await call(`/api/calendar/holidays/${workday}`, { method: 'DELETE', token: tokens.teacher })).status).toBe(403);
    for (const id of made) expect((await call(`/api/calendar/holidays/${id}`, { method: 'DELETE', token: tokens.admin })).body).toMatchObject({ code: 200, result: true });
    expect((await call(`/api/calendar/holidays/${holiday}`, { method: 'DELETE', token: tokens.admin })).status).toBe(404);
    const t = await week();
    expect(t.holidays).toEqual([]);
    expect(shape(on(t, WEDNESDAY))).toEqual(shape(on(plain, WEDNESDAY)));
    expect(shape(on(t, SATURDAY))).toEqual([]);
  });
});
