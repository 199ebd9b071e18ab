import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type MessageRow, type MyRegistrations, type RegistrationEvent, type RegistrationRosterRow, resources, type SignUpResult } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { connectSocket, nextPush } from '../support/workflow.js';


/** A call's data (the envelope's `data`, present on success). */
const data = <T>(r: CallResult<T>): T => r.body.data as T;
/**
 * 讲座 end to end (issue 27 part 5; docs/product/class-walking-and-registrations.md) on the shared server: the spec's
 * time rules refuse with their messages and write nothing; eight students rush a lecture of three places at once —
 * exactly three seats, the rest on the waitlist in one order, the database's counter never past the capacity; a double
 * click stores one sign-up; cancellations promote the waitlist in that order and the promoted student's bell rings
 * (a message through the outbox, live on their socket); check-in at the event; a student's own list.
 */
const zh = resources.zh.registrations;
const en = resources.en.registrations;
const tokens = {} as Record<'teacher' | 'office' | 'headteacher', string>;
let students: { account: string; userId: string; token: string }[] = [];
const sockets: Socket[] = [];

const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const MIN = 60_000;
const lecture = (over: Record<string, unknown> = {}) => ({
  kind: 'lecture',
  title: `人工智能讲座-${Date.now().toString(36)}`,
  speaker: '王教授',
  place: '报告厅',
  description: '面向高一',
  start: iso(30 * MIN),
  end: iso(90 * MIN),
  registrationStart: iso(-MIN),
  registrationEnd: iso(20 * MIN),
  capacity: 3,
  ...over,
});
const count = async (sql: string, args: unknown[] = []) => withDb(async (c) => Number(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const signUp = (token: string, id: string) => call<SignUpResult>(`/api/registrations/events/${id}/sign-up`, { token, method: 'POST' });
const cancel = (token: string, id: string) => call<{ promoted: boolean }>(`/api/registrations/events/${id}/sign-up`, { token, method: 'DELETE' });
const roster = (id: string) => call<RegistrationRosterRow[]>(`/api/registrations/events/${id}/roster`, { token: tokens.teacher });

beforeAll(async () => {
  for (const who of ['teacher', 'office', 'headteacher'] as const) tokens[who] = await login(who);
  const rows = await withDb(async (c) => (await c.query(`SELECT u.account, u.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.status = 'enrolled' AND u.account <> 'student' ORDER BY s.student_no DESC LIMIT 8`)).rows as { account: string; id: string }[]);
  students = await Promise.all(rows.map(async (r) => ({ account: r.account, userId: r.id, token: await login(r.account) })));
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('lectures and activities', () => {
  it('refuses what breaks the spec\'s time rules, in the caller\'s language, writing nothing', async () => {
    const before = await count(`SELECT count(*) FROM reg_event`);
    const late = await call('/api/registrations/events', { token: tokens.teacher, json: lecture({ registrationStart: iso(40 * MIN), registrationEnd: iso(50 * MIN), kind: 'activity' }) });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ result: false, msg: zh.validation.registrationStartNotAfterEvent });
    const open = await call('/api/registrations/events', { token: tokens.teacher, lang: 'en', json: lecture({ registrationEnd: iso(40 * MIN) }) });
    expect(open.body).toMatchObject({ result: false, msg: en.validation.lectureRegistrationBeforeStart });
    const none = await call('/api/registrations/events', { token: tokens.teacher, json: lecture({ capacity: 0 }) });
    expect(none.body.msg).toBe(zh.validation.capacityInvalid);
    const broken = await call('/api/registrations/events', { token: tokens.teacher, rawBody: '{"kind":' });
    expect(broken.status).toBe(400);
    expect(broken.body.result).toBe(false);
    const student = await call('/api/registrations/events', { token: students[0]?.token, json: lecture() });
    expect(student.status).toBe(403);
    expect(student.body.msg).toBe(zh.errors.forbidden);
    // an activity's registration may run past its start: only a lecture's must close before
    expect(await count(`SELECT count(*) FROM reg_event`)).toBe(before);
  });

  it('a rush of eight on three places: three seats, five waiting in one order; a double click stores one', async () => {
    const created = await call<{ id: string }>('/api/registrations/events', { token: tokens.teacher, json: lecture() });
    expect(created.status).toBe(200);
    const id = data(created).id;
    const answers = await Promise.all(students.map((s) => signUp(s.token, id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => data(a).state === 'registered')).toHaveLength(3);
    const waiting = answers.filter((a) => data(a).state === 'waitlisted').map((a) => data(a).position);
    expect(waiting.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await count(`SELECT registered FROM reg_event WHERE id = $1`, [id])).toBe(3);
    const twice = await Promise.all([signUp((students[0] as { token: string }).token, id), signUp((students[0] as { token: string }).token, id)]);
    expect(twice.every((a) => a.status === 409 && a.body.msg === zh.errors.already)).toBe(true);
    expect(await count(`SELECT count(*) FROM reg_signup WHERE event_id = $1 AND state <> 'cancelled'`, [id])).toBe(8);
    const list = data(await roster(id));
    expect(list.filter((r) => r.state === 'registered')).toHaveLength(3);
    expect(list.filter((r) => r.state === 'waitlisted').map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    // the waitlist's order is the order the sign-ups were taken in (their sequence under the event's lock)
    const order = await withDb(async (c) => (await c.query(`SELECT user_id FROM reg_signup WHERE event_id = $1 AND state = 'waitlisted' ORDER BY seq`, [id])).rows.map((r: { user_id: string }) => r.user_id));
    expect(list.filter((r) => r.state === 'waitlisted').map((r) => r.userId)).toEqual(order);
    (globalThis as { lectureId?: string }).lectureId = id;
  });

  it('a cancellation promotes the first waiting, who gets a bell message live; the next cancellation the next', async () => {
    const id = (globalThis as { lectureId?: string }).lectureId as string;
    const list = data(await roster(id));
    const seated = list.filter((r) => r.state === 'registered');
    const queue = list.filter((r) => r.state === 'waitlisted');
    const who = (userId: string) => students.find((s) => s.userId === userId) as (typeof students)[number];
    const firstWaiting = who((queue[0] as RegistrationRosterRow).userId);
    const socket = await connectSocket(firstWaiting.token);
    sockets.push(socket);
    const bell = nextPush<MessageRow>(socket, 'message.created', (m) => m.MESSAGE_TITLE === zh.message.promotedTitle);
    const cancelled = await cancel(who((seated[0] as RegistrationRosterRow).userId).token, id);
    expect(data(cancelled).promoted).toBe(true);
    const message = await bell;
    expect(message.MESSAGE_CONTENT).toContain('人工智能讲座');
    let now = data(await roster(id));
    expect(now.find((r) => r.userId === firstWaiting.userId)?.state).toBe('registered');
    expect(now.filter((r) => r.state === 'waitlisted').map((r) => r.userId)).toEqual(queue.slice(1).map((r) => r.userId));
    // a waiting student who leaves frees no seat and promotes nobody; a seated one promotes the next in line
    expect(data(await cancel(who((queue[1] as RegistrationRosterRow).userId).token, id)).promoted).toBe(false);
    expect(data(await cancel(who((seated[1] as RegistrationRosterRow).userId).token, id)).promoted).toBe(true);
    now = data(await roster(id));
    expect(now.find((r) => r.userId === (queue[2] as RegistrationRosterRow).userId)?.state).toBe('registered');
    expect(await count(`SELECT registered FROM reg_event WHERE id = $1`, [id])).toBe(3);
    const promotedMessages = await count(`SELECT count(*) FROM message WHERE recipient_id = $1 AND title_key = 'registrations.message.promotedTitle'`, [firstWaiting.userId]);
    expect(promotedMessages).toBe(1);
    const again = await cancel(who((seated[0] as RegistrationRosterRow).userId).token, id);
    expect(again.status).toBe(422);
    expect(again.body.msg).toBe(zh.errors.notSignedUp);
  });

  it('checks registered students in at the event, once; the student\'s own list shows it', async () => {
    const id = (globalThis as { lectureId?: string }).lectureId as string;
    const list = data(await roster(id));
    const seated = list.find((r) => r.state === 'registered') as RegistrationRosterRow;
    const waiting = list.find((r) => r.state === 'waitlisted') as RegistrationRosterRow;
    const ok = await call<RegistrationRosterRow>(`/api/registrations/events/${id}/check-ins`, { token: tokens.teacher, json: { userId: seated.userId } });
    expect(ok.status).toBe(200);
    expect(data(ok).checkedInAt).not.toBeNull();
    const twice = await call(`/api/registrations/events/${id}/check-ins`, { token: tokens.teacher, json: { userId: seated.userId } });
    expect(twice.status).toBe(409);
    const notSeated = await call(`/api/registrations/events/${id}/check-ins`, { token: tokens.teacher, json: { userId: waiting.userId } });
    expect(notSeated.body.msg).toBe(zh.errors.notRegistered);
    const notOrganiser = await call(`/api/registrations/events/${id}/check-ins`, { token: tokens.headteacher, json: { userId: seated.userId } });
    expect(notOrganiser.status).toBe(403);
    const student = students.find((s) => s.userId === seated.userId) as (typeof students)[number];
    const mine = data(await call<MyRegistrations>('/api/registrations/mine', { token: student.token }));
    expect(mine.lecturesRequired).toBe(12);
    expect(mine.lecturesAttended).toBeGreaterThanOrEqual(1);
    expect(mine.list.find((r) => r.eventId === id)).toMatchObject({ state: 'registered' });
    const event = data(await call<RegistrationEvent>(`/api/registrations/events/${id}`, { token: student.token }));
    expect(event.mine).toMatchObject({ state: 'registered', checkedIn: true });
  });

  it('signs up only inside the registration window, and only students', async () => {
    const later = await call<{ id: string }>('/api/registrations/events', { token: tokens.office, json: lecture({ registrationStart: iso(5 * MIN) }) });
    const refused = await signUp((students[0] as { token: string }).token, data(later).id);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(zh.errors.notOpen);
    const open = await call<{ id: string }>('/api/registrations/events', { token: tokens.office, json: lecture({ kind: 'activity', registrationEnd: iso(60 * MIN) }) });
    const teacher = await signUp(tokens.teacher, data(open).id);
    expect(teacher.status).toBe(403);
    expect(teacher.body.msg).toBe(zh.errors.notStudent);
  });
});
