import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { type MessageRow, STD_MESSAGE_TYPE } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';
import { act, caughtUp, connectSocket, leaveForm, nextPush, schoolTime, submitOk, until } from '../support/workflow.js';

type Inbox = { count: { COUNT: number; UNREAD: number }; result: MessageRow[] };
const inbox = (token: string, body: Record<string, unknown> = {}, lang?: 'en') => call<Inbox>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100, ...body }, ...(lang ? { lang } : {}) });

let student: string;
let parent: string;
let head: string;
let office: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  [student, parent, head, office] = (await Promise.all(['student', 'jz202511001', 'headteacher', 'office'].map((a) => login(a)))) as [string, string, string, string];
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function socketFor(token: string): Promise<Socket> {
  const s = await connectSocket(token);
  sockets.push(s);
  return s;
}

describe('messages made from committed events', () => {
  it('each step messages the next reviewer; each decision messages the applicant side (student and parents)', async () => {
    const id = await submitOk(student, leaveForm(2));
    const task = await until(() => inbox(head), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === '请假审批待办'));
    const headMsg = task.body.data?.result.find((m) => m.MESSAGE_LINK?.includes(id));
    expect(headMsg).toMatchObject({ MESSAGE_TYPE: '2', MESSAGE_STATUS: '0', MESSAGE_LINK: `/apply/leave/detail?id=${id}` });
    expect(headMsg?.MESSAGE_CONTENT).toBe(`王子轩（高一(1)班）申请事假，${schoolTime(0, '08:00')} 至 ${schoolTime(2, '07:00')}，共 2 天，请审批。`);

    await act(head, id, { type: 'APPROVE' });
    await until(() => inbox(office), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TYPE === '2'));
    await act(office, id, { type: 'APPROVE' });
    const parentBox = await until(() => inbox(parent), (r) => (r.body.data?.result ?? []).filter((m) => m.MESSAGE_LINK?.includes(id)).length === 2);
    expect(parentBox.body.data?.result.filter((m) => m.MESSAGE_LINK?.includes(id)).map((m) => m.MESSAGE_TITLE).sort()).toEqual(['请假已批准', '请假申请有进展']);
    // the student applied: they get the decisions too (not a message about their own submission)
    const studentBox = await until(() => inbox(student), (r) => (r.body.data?.result ?? []).filter((m) => m.MESSAGE_LINK?.includes(id)).length === 2);
    expect(studentBox.body.data?.result.some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === '请假审批待办')).toBe(false);
    // rendered in the reader's language
    const en = await inbox(parent, {}, 'en');
    expect(en.body.data?.result.some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === 'Leave approved')).toBe(true);
  });

  it('filters by status and type, opens one (marking it read), refuses another user\'s message, marks all read', async () => {
    const unread = await inbox(parent, { status: '0' });
    expect(unread.body.data?.count.COUNT).toBeGreaterThan(0);
    expect(unread.body.data?.result.every((m) => m.MESSAGE_STATUS === '0')).toBe(true);
    const results = await inbox(parent, { type: '3' });
    expect(results.body.data?.result.every((m) => m.MESSAGE_TYPE === '3')).toBe(true);
    const first = unread.body.data?.result[0] as MessageRow;
    const opened = await call<{ obj: MessageRow }>('/api/message/info/getInfoById', { token: parent, json: { id: first.MESSAGE_ID } });
    expect(opened.body.data?.obj).toMatchObject({ MESSAGE_ID: first.MESSAGE_ID, MESSAGE_STATUS: '1' });
    expect((await call('/api/message/info/getInfoById', { token: head, json: { id: first.MESSAGE_ID } })).status).toBe(404);
    expect((await call('/api/message/info/getInfoById', { token: head, json: { id: 'nope' } })).body).toEqual({ code: 400, result: false, msg: '标识不正确' });
    expect((await call('/api/message/info/getInfoByRecipient', { token: head, json: { page: 0 } })).status).toBe(400);
    // messages of events committed earlier (this file's, or a file before it on this server) are written by the
    // notifications subscription: all of them first, so none lands between marking all read and counting
    await caughtUp('workflow-notifications');
    await call('/api/message/info/markAllRead', { token: parent, method: 'POST' });
    expect((await inbox(parent, { status: '0' })).body.data?.count).toEqual({ COUNT: 0, UNREAD: 0 });
  });

  it('answers the message-type dictionary', async () => {
    const res = await call<Record<string, { code: string; name: string }[]>>('/dicts', { token: student, json: { typeArr: ['STD_MESSAGE_TYPE'] } });
    expect(res.body.data?.STD_MESSAGE_TYPE?.map((d) => d.code)).toEqual(STD_MESSAGE_TYPE.map((t) => t.code));
    expect((await call('/dicts', { token: student, json: { typeArr: ['users; drop'] } })).status).toBe(400);
  });
});

describe('live pushes over socket.io', () => {
  it('refuses a socket without a valid session, with the expiry code', async () => {
    await expect(connectSocket('not-a-token')).rejects.toMatchObject({ message: 'session.invalid', data: { code: 50008 } });
    await expect(connectSocket('')).rejects.toMatchObject({ message: 'session.invalid', data: { code: 50000 } });
  });

  it('answers a catch-up sent the moment the socket connects (the room is joined before any message)', async () => {
    const id = await submitOk(student, leaveForm(1));
    await until(() => inbox(head), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(id)));
    for (let i = 0; i < 5; i++) {
      const s = await socketFor(head);
      const answer = (await s.emitWithAck('catch-up', { since: '0' })) as { pushes: { payload: Record<string, unknown> }[]; latest: string };
      expect(answer.latest).not.toBe('0');
      expect(answer.pushes.length).toBeGreaterThan(0);
      s.disconnect();
    }
  });

  it('pushes the queue item, the bell message and the transition to the right people without polling', async () => {
    const headSocket = await socketFor(head);
    const studentSocket = await socketFor(student);
    const queued = nextPush<{ flow: string; id: string; action: string; seq: string }>(headSocket, 'task.changed', (p) => p.action === 'added');
    const bell = nextPush<MessageRow & { seq: string }>(headSocket, 'message.created', (m) => m.MESSAGE_TITLE === '请假审批待办');
    const id = await submitOk(student, leaveForm(1));
    expect(await queued).toMatchObject({ flow: 'leave', id, state: 'headTeacherReview', action: 'added' });
    expect((await bell).MESSAGE_LINK).toBe(`/apply/leave/detail?id=${id}`);

    const moved = nextPush<{ id: string; state: string; version: number; event: string }>(studentSocket, 'workflow.transitioned', (p) => p.id === id && p.version === 2);
    const removed = nextPush<{ id: string; action: string }>(headSocket, 'task.changed', (p) => p.id === id && p.action === 'removed');
    await act(head, id, { type: 'APPROVE' });
    expect(await moved).toMatchObject({ flow: 'leave', id, version: 2, state: 'officeReview', event: 'APPROVE' });
    expect(await removed).toMatchObject({ id, action: 'removed' });
  });

  it('tells each user of a transition once: a reviewer whose task came or went by task.changed, which carries the transition', async () => {
    const headSocket = await socketFor(head);
    const id = await submitOk(student, leaveForm(1));
    const added = await nextPush<{ id: string; action: string; version: number; state: string; seq: string }>(headSocket, 'task.changed', (p) => p.id === id);
    expect(added).toMatchObject({ flow: 'leave', id, version: 1, state: 'headTeacherReview', action: 'added' });
    await act(head, id, { type: 'APPROVE' });
    await act(office, id, { type: 'APPROVE' });
    await caughtUp('workflow-notifications');
    const s = await socketFor(head);
    const missed = (await s.emitWithAck('catch-up', { since: String(BigInt(added.seq) - 1n) })) as { pushes: { event: string; payload: Record<string, unknown> }[] };
    const mine = missed.pushes.filter((p) => p.payload.id === id);
    // submitted: the head teacher's task added; approved by them: taken away (and office's added); decided by the office:
    // the head teacher acted on it, so they hear of it — as a transition, having no task in it any more
    expect(mine.map((p) => [p.event, p.payload.version, p.payload.action ?? null])).toEqual([
      ['task.changed', 1, 'added'],
      ['task.changed', 2, 'removed'],
      ['workflow.transitioned', 3, null],
    ]);
  });

  it('after a reconnect the client catches up on what it missed, in order, without duplicates', async () => {
    const s1 = await socketFor(student);
    const id = await submitOk(student, leaveForm(1));
    const seen = await nextPush<{ id: string; seq: string }>(s1, 'workflow.transitioned', (p) => p.id === id);
    s1.disconnect();

    // while the student is away
    await act(head, id, { type: 'APPROVE' });
    await act(office, id, { type: 'APPROVE' });
    await until(() => inbox(student), (r) => (r.body.data?.result ?? []).filter((m) => m.MESSAGE_LINK?.includes(id)).length === 2);

    const s2 = await socketFor(student);
    const missed = (await s2.emitWithAck('catch-up', { since: seen.seq })) as { pushes: { seq: string; event: string; payload: Record<string, unknown> }[] };
    const seqs = missed.pushes.map((p) => BigInt(p.seq));
    expect(seqs.every((s, i) => i === 0 || s > (seqs[i - 1] as bigint))).toBe(true);
    expect(seqs.every((s) => s > BigInt(seen.seq))).toBe(true);
    const mine = missed.pushes.filter((p) => p.payload.id === id || String(p.payload.MESSAGE_LINK ?? '').includes(id));
    expect(mine.filter((p) => p.event === 'workflow.transitioned').map((p) => p.payload.version)).toEqual([2, 3]);
    expect(mine.filter((p) => p.event === 'message.created').map((p) => p.payload.MESSAGE_TITLE)).toEqual(['请假申请有进展', '请假已批准']);
    const last = missed.pushes.at(-1)?.seq as string;
    const again = (await s2.emitWithAck('catch-up', { since: last })) as { pushes: unknown[]; latest: string };
    expect(again).toEqual({ pushes: [], latest: last });
    // a new tab learns the current position without downloading the history
    expect(await s2.emitWithAck('catch-up', { since: 'latest' })).toEqual({ pushes: [], latest: last });
  });
});
