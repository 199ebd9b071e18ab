import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { MessageRow } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { act, connectSocket, leaveForm, nextPush, submitOk, until, view } from '../support/workflow.js';

// Issue 14, "what every flow gets": urge 催办 — the applicant reminds the current reviewers (message + push), at most
// once an hour per instance (429 with a message); an event, so it is in the history and survives a replay.

type Inbox = { count: { COUNT: number; UNREAD: number }; result: MessageRow[] };
const inbox = (token: string, lang?: 'en') => call<Inbox>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100 }, ...(lang ? { lang } : {}) });

let student: string;
let head: string;
let office: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  [student, head, office] = (await Promise.all(['student', 'headteacher', 'office'].map((a) => login(a)))) as [string, string, string];
  // Pushes are rendered in the language the user last worked in, and other files call as the head teacher in
  // English: one call in Chinese first, so the push this file waits for is the Chinese one (it flaked by file order).
  await call('/ms/getPermission', { token: head, lang: 'zh' });
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('urge (催办)', () => {
  it('the applicant urges: the step\'s reviewer gets a message and its push; the step and its task stay', async () => {
    const id = await submitOk(student, leaveForm(1));
    expect((await view(student, id)).body.data?.can).toEqual(['WITHDRAW', 'URGE']);
    const socket = await connectSocket(head);
    sockets.push(socket);
    const pushed = nextPush<MessageRow>(socket, 'message.created', (m) => Boolean(m.MESSAGE_LINK?.includes(id)) && m.MESSAGE_TITLE === '审批催办');

    const assignedAt = () => withDb(async (c) => (await c.query(`SELECT version, assigned_at::text AS at FROM wf_task WHERE instance_id = $1`, [id])).rows as { version: number; at: string }[]);
    const before = await assignedAt();
    const urged = await act(student, id, { type: 'URGE' });
    expect(urged.body).toMatchObject({ code: 200, result: true, data: { version: 2, state: 'headTeacherReview' } });
    await pushed;
    const box = await until(() => inbox(head), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === '审批催办'));
    const message = box.body.data?.result.find((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === '审批催办');
    expect(message).toMatchObject({ MESSAGE_TYPE: '2', MESSAGE_LINK: `/apply/leave/detail?id=${id}`, MESSAGE_CONTENT: '王子轩催办请假申请（王子轩），正等待您审批，请尽快处理。' });
    expect((await inbox(head, 'en')).body.data?.result.find((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === 'Please review')?.MESSAGE_CONTENT).toBe(
      '王子轩 asks you to review the leave request (王子轩) soon.',
    );

    const v = (await view(student, id)).body.data;
    expect(v?.history.map((h) => [h.type, h.state])).toEqual([['SUBMIT', 'headTeacherReview'], ['URGE', 'headTeacherReview']]);
    expect(v?.can).toEqual(['WITHDRAW']); // not again within the hour
    // the task keeps its clock (and so its reminder): an urge is not a new step
    expect(await assignedAt()).toEqual([{ version: 2, at: before[0]?.at }]);
    // the reviewer still decides
    expect((await act(head, id, { type: 'APPROVE' }, 2)).body.data?.state).toBe('officeReview');
  });

  it('a second urge within the hour answers 429 with a message in the caller\'s language and appends nothing', async () => {
    const id = await submitOk(student, leaveForm(1));
    await act(student, id, { type: 'URGE' });
    const again = await act(student, id, { type: 'URGE' });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 429, result: false, msg: '该申请一小时内已催办过，请稍后再催办' });
    const en = await act(student, id, { type: 'URGE' }, undefined, 'en');
    expect(en.body.msg).toBe('This request was urged within the last hour; please urge again later');
    // the hour is the instance's, whatever step it is at (the hour itself: leave.machine.spec)
    await act(head, id, { type: 'APPROVE' });
    expect((await act(student, id, { type: 'URGE' })).status).toBe(429);
    expect((await view(student, id)).body.data?.version).toBe(3);
  });

  it('urges sent at the same moment without If-Match (a double tap on two devices): one goes in, the others are told the hour, not a conflict', async () => {
    const id = await submitOk(student, leaveForm(1));
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => call(`/api/workflows/leave/${id}/events`, { token: student, json: { type: 'URGE' }, headers: { 'Idempotency-Key': `urge-at-once-${id}-${i}` } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect((await view(student, id)).body.data?.history.filter((h) => h.type === 'URGE')).toHaveLength(1);
    // with If-Match the caller named the version it saw: a race there stays a conflict (leave-flow's concurrency test)
  });

  it('only the applicant urges, only while pending', async () => {
    const id = await submitOk(student, leaveForm(1));
    expect((await act(head, id, { type: 'URGE' })).status).toBe(403);
    expect((await act(office, id, { type: 'URGE' })).status).toBe(403);
    await act(student, id, { type: 'WITHDRAW' });
    const ended = await act(student, id, { type: 'URGE' });
    expect(ended.status).toBe(422);
    expect(ended.body.msg).toBe('该申请已结束，不能再执行此操作');
  });
});
