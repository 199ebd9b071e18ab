import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { flowCalls, schoolTime, until } from '../support/workflow.js';

const { submit, act } = flowCalls('classroom-loan');

// 教室借用 end to end: the subject is a classroom; its time is booked with the start, in the same statement, and an
// overlap with a pending or passed loan is refused by the database — even two requests sent at the same moment.
let teacher: string;
let student: string;
let office: string;
let parent: string;
let room: string;
let closedRoom: string;

const form = (day: number, from: string, to: string, over: Record<string, unknown> = {}) => ({ classroomId: room, start: schoolTime(day, from), end: schoolTime(day, to), purpose: '数学兴趣小组', ...over });
const bookings = (id: string) => withDb(async (c) => (await c.query(`SELECT status FROM classroom_booking WHERE instance_id = $1`, [id])).rows as { status: string }[]);

// A lendable room no lesson is held in (a loan over a lesson is refused as well: make-up-class-flow tests that), so
// these tests are about loans alone whatever the timetable.
const LESSON_FREE = `NOT EXISTS (SELECT 1 FROM timetable_lesson l JOIN timetable t ON t.id = l.timetable_id WHERE t.state = 'published' AND l.classroom_id = classroom.id)
  AND NOT EXISTS (SELECT 1 FROM lesson_change x WHERE x.classroom_id = classroom.id)`;

beforeAll(async () => {
  [teacher, student, office, parent] = (await Promise.all(['teacher', 'student', 'office', 'jz202511001'].map((a) => login(a)))) as [string, string, string, string];
  [room, closedRoom] = await withDb(async (c) => {
    const lendable = (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND ${LESSON_FREE} ORDER BY code LIMIT 1`)).rows[0].id as string;
    const other = (await c.query(`SELECT id FROM classroom WHERE NOT lendable ORDER BY code LIMIT 1`)).rows[0].id as string;
    return [lendable, other];
  });
});

describe('classroom-loan', () => {
  it('the form offers lendable classrooms only, to those who may ask', async () => {
    const options = (await call<{ value: string; label: string }[]>('/api/workflows/classroom-loan/options/classroomId', { token: teacher })).body.data ?? [];
    expect(options.map((o) => o.value)).toContain(room);
    expect(options.map((o) => o.value)).not.toContain(closedRoom);
    expect((await call('/api/workflows/classroom-loan/options/classroomId', { token: parent })).status).toBe(403);
    // a teacher finds the form and 我的申请 under 业务申请
    const menus = (await call<{ menus: { menuurl: string; menus: { menuurl: string }[] }[] }>('/ms/getPermission', { token: teacher })).body.data?.menus ?? [];
    const urls = menus.flatMap((m) => [m.menuurl, ...m.menus.map((c) => c.menuurl)]);
    expect(urls).toEqual(expect.arrayContaining(['/apply/classroom_loan/new', '/apply/leave/mine']));
  });

  it('a teacher asks; an overlap is refused (422 该时间段教室已被占用) while it is pending and once it passed; the office approves', async () => {
    const res = await submit(teacher, form(3, '14:00', '16:00'));
    expect(res.body).toMatchObject({ result: true, msg: '教室借用申请已提交', data: { state: 'officeReview' } });
    const id = res.body.data?.id as string;
    const v = (await call<WorkflowInstanceView>(`/api/workflows/classroom-loan/${id}`, { token: teacher })).body.data;
    expect(v?.student).toBeNull(); // the subject is the classroom
    expect(typeof v?.form.classroomId).toBe('string');
    expect(await bookings(id)).toEqual([{ status: 'pending' }]);

    const events = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'classroom-loan'`)).rows[0].n as number);
    const before = await events();
    const clash = await submit(student, form(3, '15:00', '17:00'));
    expect([clash.status, clash.body.result, clash.body.msg]).toEqual([422, false, '该时间段教室已被占用']);
    expect(await events()).toBe(before); // nothing written
    // back to back is no overlap
    const after = await submit(student, form(3, '16:00', '17:00'));
    expect(after.body.result).toBe(true);
    await act(student, after.body.data?.id as string, { type: 'WITHDRAW' });

    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    expect(await until(() => bookings(id), (b) => b[0]?.status === 'passed')).toEqual([{ status: 'passed' }]);
    const stillTaken = await submit(student, form(3, '13:00', '14:30'), 'en');
    expect([stillTaken.status, stillTaken.body.msg]).toEqual([422, 'The classroom is already booked for that time']);
  });

  it('a rejection frees the time; two requests for the same time at the same moment: exactly one wins', async () => {
    const id = (await submit(teacher, form(4, '09:00', '10:00'))).body.data?.id as string;
    expect((await act(office, id, { type: 'REJECT', comment: '当天有考试' })).body.data?.state).toBe('rejected');
    expect(await until(() => bookings(id), (b) => b.length === 0)).toEqual([]);
    const [a, b] = await Promise.all([submit(teacher, form(4, '09:00', '10:00')), submit(student, form(4, '09:30', '10:30'))]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
  });

  it('bad input: a classroom that cannot be lent, end before start, too long a remark', async () => {
    const notLendable = await submit(teacher, form(5, '09:00', '10:00', { classroomId: closedRoom }));
    expect([notLendable.status, notLendable.body.msg]).toEqual([422, '该教室不可借用，请选择可借用且已启用的教室']);
    const backwards = await submit(teacher, form(5, '10:00', '09:00'));
    expect([backwards.status, backwards.body.msg]).toEqual([400, '结束时间不能早于开始时间']);
    const remark = await submit(teacher, form(5, '09:00', '10:00', { remark: 'x'.repeat(201) }));
    expect([remark.status, remark.body.msg]).toEqual([400, '备注不能超过200个字符']);
    const parentTries = await submit(parent, form(5, '09:00', '10:00'));
    expect([parentTries.status, parentTries.body.msg]).toEqual([403, '您没有提交此类申请的权限']);
  });
  it('the day view: one room’s pending and passed bookings of one school day, in time order, for those who may ask', async () => {
    const day = 9;
    const date = schoolTime(day, '00:00').slice(0, 10);
    const mine = (await submit(teacher, form(day, '10:00', '11:00', { purpose: '物理实验课' }))).body.data?.id as string;
    const theirs = (await submit(student, form(day, '08:00', '09:30', { purpose: '社团活动' }))).body.data?.id as string;
    await act(office, theirs, { type: 'APPROVE' });
    const gone = (await submit(student, form(day, '13:00', '14:00'))).body.data?.id as string;
    await act(student, gone, { type: 'WITHDRAW' });
    await submit(teacher, form(day + 1, '10:00', '11:00')); // another day
    const dayView = () => call<{ classroom: string; date: string; bookings: { id: string; start: string; end: string; status: string; purpose: string; mine: boolean }[] }>(`/api/workflows/classroom-loan/views/day?classroomId=${room}&date=${date}`, { token: teacher });
    const view = await until(dayView, (r) => r.body.data?.bookings.some((b) => b.id === theirs && b.status === 'passed') === true && !r.body.data.bookings.some((b) => b.id === gone));
    const booked = view.body.data?.bookings ?? [];
    expect(booked.map((b) => [b.id, b.status, b.purpose, b.mine])).toEqual([
      [theirs, 'passed', '社团活动', false],
      [mine, 'pending', '物理实验课', true],
    ]);
    expect(booked[0]?.start).toBe(new Date(`${date}T08:00:00+08:00`).toISOString());
    expect(view.body.data?.date).toBe(date);

    // bad input, someone who may not ask, a view that does not exist
    const badDate = await call(`/api/workflows/classroom-loan/views/day?classroomId=${room}&date=2026-02-30`, { token: teacher, lang: 'en' });
    expect([badDate.status, badDate.body.result, badDate.body.msg]).toEqual([400, false, 'The date is not valid; use YYYY-MM-DD']);
    const noRoom = await call(`/api/workflows/classroom-loan/views/day?date=${date}`, { token: teacher });
    expect([noRoom.status, noRoom.body.msg]).toEqual([400, '请选择教室']);
    expect((await call(`/api/workflows/classroom-loan/views/day?classroomId=${room}&date=${date}`, { token: parent })).status).toBe(403);
    expect((await call(`/api/workflows/classroom-loan/views/week?classroomId=${room}&date=${date}`, { token: teacher })).status).toBe(404);
  });
  it('a loan nobody decided before it began expires then (the engine’s timer): its time is free again, the applicant is told; one decided in time does not', async () => {
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    const other = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND ${LESSON_FREE} ORDER BY code DESC LIMIT 1`)).rows[0].id as string);
    // 10 s ahead: the two starts and the approval come first on a loaded machine, and the timer must not have fired yet
    const waiting = (await submit(teacher, { classroomId: other, start: soon(10_000), end: soon(3_600_000), purpose: '临时班会' })).body.data?.id as string;
    const decided = (await submit(student, { classroomId: room, start: soon(10_000), end: soon(3_600_000), purpose: '社团活动' })).body.data?.id as string;
    await act(office, decided, { type: 'APPROVE' });
    expect(await withDb(async (c) => (await c.query(`SELECT due_at IS NOT NULL AS due FROM wf_instance WHERE id = $1`, [waiting])).rows[0].due)).toBe(true);

    const expired = await until(() => call<WorkflowInstanceView>(`/api/workflows/classroom-loan/${waiting}`, { token: teacher }), (r) => r.body.data?.state === 'expired', 20_000);
    expect(expired.body.data?.status).toEqual({ review: 'rejected', extra: 'expired' });
    expect(expired.body.data?.assignees).toEqual([]);
    expect(expired.body.data?.history.at(-1)).toMatchObject({ type: 'EXPIRE', actorId: null, actorName: '系统' });
    expect(await until(() => bookings(waiting), (b) => b.length === 0)).toEqual([]); // the time is free again
    const told = () => withDb(async (c) => (await c.query(`SELECT m.title_key FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = 'teacher' AND m.link LIKE $1`, [`%${waiting}%`])).rows.map((r: { title_key: string }) => r.title_key));
    expect(await until(told, (keys) => keys.includes('messages.flowExpired.title'))).toContain('messages.flowExpired.title');
    // once, and nothing left due; the one decided in time stays passed
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'EXPIRE'`, [`classroom-loan-${waiting}`])).rows[0].n)).toBe(1);
    expect(await withDb(async (c) => (await c.query(`SELECT due_at FROM wf_instance WHERE id = $1`, [waiting])).rows[0].due_at)).toBeNull();
    expect((await call<WorkflowInstanceView>(`/api/workflows/classroom-loan/${decided}`, { token: student })).body.data?.state).toBe('approved');
    // nobody sends it through the API
    const sent = await act(office, (await submit(teacher, form(14, '09:00', '10:00'))).body.data?.id as string, { type: 'EXPIRE' });
    expect(sent.status).toBe(422);
    // a time that has begun cannot be asked for (it would expire at once)
    const late = await submit(teacher, { classroomId: other, start: soon(-60_000), end: soon(3_600_000), purpose: '补借' }, 'en');
    expect([late.status, late.body.msg]).toEqual([400, 'That time has already begun; a loan must start later than now']);
    // an instance marked due with nothing to fire (here: a leave, which has no timer) is taken off the due list
    const leaveId = await withDb(async (c) => (await c.query(`UPDATE wf_instance SET due_at = now() - interval '1 minute' WHERE id = (SELECT id FROM wf_instance WHERE flow = 'leave' ORDER BY created_at LIMIT 1) RETURNING id`)).rows[0]?.id as string | undefined);
    if (leaveId) expect(await until(() => withDb(async (c) => (await c.query(`SELECT due_at FROM wf_instance WHERE id = $1`, [leaveId])).rows[0].due_at), (d) => d === null)).toBeNull();
  });
});
