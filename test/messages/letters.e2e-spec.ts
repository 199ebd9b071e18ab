import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ComposeLetterAnswer, JobProgress, LetterDetail, LetterPage, MessageCounters, MessageRow } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { connectSocket, nextPush } from '../support/workflow.js';

/**
 * Written messages' rules through the API (issue 26 part 1, docs/product/messages.md): who may write to whom (refusals
 * logged), bad input answered as the envelope in the caller's language with nothing written, the counters as each
 * step changes them (and pushed), a role of a thousand people sent as a job with its progress pushed.
 */
const tokens = {} as Record<'headteacher' | 'jz202511001' | 'student' | 'teacher', string>;
const ids = {} as { class1: string; parent: string; headteacher: string };
const sockets: Socket[] = [];
const BULK_ROLE = `letters_bulk_${Date.now().toString(36)}`;
const BULK = 1000;

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const send = (who: keyof typeof tokens, json: unknown, lang?: 'zh' | 'en') => call<ComposeLetterAnswer>('/api/messages', { token: tokens[who], json, ...(lang ? { lang } : {}) });
const counters = async (who: keyof typeof tokens): Promise<MessageCounters> => (await call<MessageCounters>('/api/messages/counters', { token: tokens[who] })).body.data as MessageCounters;
const letterCount = () => one(`SELECT count(*) FROM letter`);
const refusalsOf = (account: string) => one(`SELECT count(*) FROM sys_operation_log WHERE action = 'message.send' AND result = 'failure' AND user_id = (SELECT id FROM sys_user WHERE account = $1)`, [account]);
const classParents = () => ({ CODE: ids.class1, TYPE: 'class', WHO: 'parents', NAME: '高一(1)班 家长' });

beforeAll(async () => {
  for (const who of ['headteacher', 'jz202511001', 'student', 'teacher'] as const) tokens[who] = await login(who);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.parent = await one(`SELECT id FROM sys_user WHERE account = 'jz202511001'`);
  ids.headteacher = await one(`SELECT id FROM sys_user WHERE account = 'headteacher'`);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await withDb(async (c) => {
    await c.query(`DELETE FROM sys_user WHERE account LIKE $1`, [`${BULK_ROLE}_%`]);
    await c.query(`DELETE FROM sys_role WHERE code = $1`, [BULK_ROLE]);
  });
});

describe('who may write to whom', () => {
  it('a parent writes to their child\'s head teacher, not to someone outside their teachers nor to a role; each refusal is logged', async () => {
    const ok = await send('jz202511001', { title: '请假咨询', content: '<p>老师好</p>', recipients: [{ CODE: 'headteacher', TYPE: 'people', NAME: '张老师' }] });
    expect(ok.body).toMatchObject({ result: true, data: { state: 'sent', recipients: 1 } });

    const before = Number(await refusalsOf('jz202511001'));
    const letters = await letterCount();
    // the system administrator teaches no class of the child's (every demo teacher may teach 高一(1)班 some course)
    const other = await send('jz202511001', { title: 'x', recipients: [{ CODE: 'admin', TYPE: 'people' }] }, 'en');
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 403, result: false });
    expect(other.body.msg).toMatch(/^You may write only to your own teachers/);
    const role = await send('jz202511001', { title: 'x', recipients: [{ CODE: 'student', TYPE: 'role' }] });
    expect(role.body).toMatchObject({ code: 403, result: false, msg: '你没有给组织、角色或班级群发消息的权限' });
    expect(Number(await refusalsOf('jz202511001'))).toBe(before + 2);
    expect(await letterCount()).toBe(letters);
  });

  it('a student writes to their teachers; staff write to a class\'s parents', async () => {
    expect((await send('student', { title: '作业问题', recipients: [{ CODE: 'teacher', TYPE: 'people' }] })).body.data?.state).toBe('sent');
    const toParents = await send('headteacher', { title: '家长会', content: '<p>周五家长会</p>', recipients: [classParents()] });
    // the class's guardians with an account: the demo's two parents (others may be linked by other files for a moment)
    expect(toParents.body.data?.recipients).toBeGreaterThanOrEqual(2);
    const copies = await one(`SELECT count(*) FROM message WHERE letter_id = $1 AND recipient_id IN (SELECT id FROM sys_user WHERE account IN ('jz202511001', 'jz202511002'))`, [toParents.body.data?.id]);
    expect(copies).toBe('2');
  });
});

describe('bad input', () => {
  it('answers {code, result: false, msg} in the caller\'s language and writes nothing', async () => {
    const letters = await letterCount();
    const noTitle = await send('headteacher', { title: '  ', recipients: [classParents()] }, 'en');
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toEqual({ code: 400, result: false, msg: 'Please enter the message title' });
    expect((await send('headteacher', { title: 't', recipients: [] })).body).toMatchObject({ code: 400, result: false, msg: '请选择收件人' });
    expect((await send('headteacher', { title: 't', type: '2', recipients: [classParents()] })).body.msg).toBe('消息类型不正确');
    expect((await send('headteacher', { title: 't', link: 'javascript:alert(1)', recipients: [classParents()] })).status).toBe(400);
    expect((await send('headteacher', { title: 't', recipients: [{ CODE: 'not-a-uuid', TYPE: 'class', WHO: 'parents' }] })).body.msg).toBe('收件人不正确');
    expect((await send('headteacher', { title: 't', recipients: [{ CODE: 'x', TYPE: 'people', extra: 1 }] })).status).toBe(400);
    const unknown = await send('headteacher', { title: 't', recipients: [{ CODE: 'nobody_here', TYPE: 'people', NAME: '无此人' }] }, 'en');
    expect(unknown.body).toMatchObject({ code: 400, msg: 'No such recipient: 无此人' });
    const notMine = await send('headteacher', { title: 't', attachments: ['00000000-0000-4000-8000-000000000000'], recipients: [classParents()] });
    expect(notMine.body.msg).toBe('附件不存在或不是你上传的');
    expect((await call('/api/messages?box=spam', { token: tokens.headteacher })).body).toMatchObject({ code: 400, result: false, msg: '信箱只能是收件箱、已发送、草稿箱或回收站' });
    expect((await call('/api/messages/not-an-id', { token: tokens.headteacher })).status).toBe(404);
    expect(await letterCount()).toBe(letters);
  });
});

describe('counters, trash and drafts', () => {
  it('change with each step, live, for the recipient and the writer', async () => {
    const parentSocket = await connectSocket(tokens.jz202511001);
    const headSocket = await connectSocket(tokens.headteacher);
    sockets.push(parentSocket, headSocket);
    const p0 = await counters('jz202511001');
    const h0 = await counters('headteacher');

    // a draft: the writer's draft counter, pushed to their pages
    const pushedDraft = nextPush<MessageCounters>(headSocket, 'message.counters', (c) => c.draft === h0.draft + 1);
    const draft = await send('headteacher', { title: '草稿', content: '<p>未完</p>', recipients: [classParents()], draft: true });
    expect(draft.body.data?.state).toBe('draft');
    await pushedDraft;
    const drafts = (await call<LetterPage>('/api/messages?box=draft', { token: tokens.headteacher })).body.data as LetterPage;
    expect(drafts.rows.map((r) => r.MESSAGE_ID)).toContain(draft.body.data?.id);
    // sent from the draft: the draft counter back, the recipient's copy pushed with its letter
    const created = nextPush<MessageRow>(parentSocket, 'message.created', (m) => m.LETTER_ID === draft.body.data?.id);
    const sent = await send('headteacher', { id: draft.body.data?.id, title: '草稿完成', content: '<p>完成</p><script>alert(1)</script>', recipients: [classParents()] });
    expect(sent.body.data).toMatchObject({ id: draft.body.data?.id, state: 'sent' });
    expect((await created).MESSAGE_TITLE).toBe('草稿完成');
    expect(await counters('headteacher')).toMatchObject({ draft: h0.draft });
    expect(await counters('jz202511001')).toMatchObject({ unread: p0.unread + 1, total: p0.total + 1 });
    // a sent letter is no draft any more
    expect((await send('headteacher', { id: draft.body.data?.id, title: 'again', draft: true })).status).toBe(422);

    const copyId = await one(`SELECT id FROM message WHERE letter_id = $1 AND recipient_id = $2`, [sent.body.data?.id, ids.parent]);
    const detail = (await call<LetterDetail>(`/api/messages/${copyId}`, { token: tokens.jz202511001 })).body.data as LetterDetail;
    expect(detail).toMatchObject({ origin: 'inbox', html: true, canReply: true, sender: { name: '张老师' }, content: '<p>完成</p>' });
    expect(await counters('jz202511001')).toMatchObject({ unread: p0.unread, total: p0.total + 1 });
    // another user cannot read it
    expect((await call(`/api/messages/${copyId}`, { token: tokens.teacher })).status).toBe(404);

    // trash → restore → trash → delete for good
    expect((await call(`/api/messages/${copyId}`, { token: tokens.jz202511001, method: 'DELETE' })).status).toBe(422);
    expect((await call<MessageCounters>(`/api/messages/${copyId}/trash`, { token: tokens.jz202511001, json: {} })).body.data).toMatchObject({ total: p0.total, trash: p0.trash + 1 });
    const inbox = (await call<LetterPage>('/api/messages?box=inbox&size=50', { token: tokens.jz202511001 })).body.data as LetterPage;
    expect(inbox.rows.map((r) => r.MESSAGE_ID)).not.toContain(copyId);
    const bell = await call<{ result: MessageRow[] }>('/api/message/info/getInfoByRecipient', { token: tokens.jz202511001, json: { page: 1, size: 50 } });
    expect(bell.body.data?.result.map((m) => m.MESSAGE_ID)).not.toContain(copyId);
    expect((await call<MessageCounters>(`/api/messages/${copyId}/restore`, { token: tokens.jz202511001, json: {} })).body.data).toMatchObject({ total: p0.total + 1, trash: p0.trash });
    await call(`/api/messages/${copyId}/trash`, { token: tokens.jz202511001, json: {} });
    expect((await call<MessageCounters>(`/api/messages/${copyId}`, { token: tokens.jz202511001, method: 'DELETE' })).body.data).toMatchObject({ total: p0.total, trash: p0.trash });
    expect(await one(`SELECT count(*) FROM message WHERE id = $1`, [copyId])).toBe('0');
    // the writer's own copy is untouched by the recipient's delete
    const sentBox = (await call<LetterPage>('/api/messages?box=sent', { token: tokens.headteacher })).body.data as LetterPage;
    expect(sentBox.rows.find((r) => r.MESSAGE_ID === sent.body.data?.id)).toMatchObject({ STATE: 'sent', ORIGIN: 'sent' });
  });

  it('a reply goes to the sender without naming them; the attachment reaches the recipients only', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), '家长会.pdf');
    const up = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': tokens.headteacher, 'X-Forwarded-For': randomIp() }, body: form });
    const resId = ((await up.json()) as { data: { resId: string }[] }).data[0]?.resId as string;
    const letter = await send('headteacher', { title: '附件', recipients: [classParents()], attachments: [resId] });
    const copyId = await one(`SELECT id FROM message WHERE letter_id = $1 AND recipient_id = $2`, [letter.body.data?.id, ids.parent]);
    const detail = (await call<LetterDetail>(`/api/messages/${copyId}`, { token: tokens.jz202511001 })).body.data as LetterDetail;
    expect(detail.attachments).toEqual([expect.objectContaining({ resId, resName: expect.stringContaining('家长会') })]);
    const download = (token: string) => fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() } });
    expect((await download(tokens.jz202511001)).status).toBe(200);
    expect((await download(tokens.teacher)).status).toBe(404);

    const before = await counters('headteacher');
    const reply = await send('jz202511001', { title: '回复：附件', content: '<p>收到</p>', replyTo: copyId });
    expect(reply.body.data).toMatchObject({ state: 'sent', recipients: 1 });
    expect(await counters('headteacher')).toMatchObject({ unread: before.unread + 1 });
    const headInbox = (await call<LetterPage>('/api/messages?box=inbox', { token: tokens.headteacher })).body.data as LetterPage;
    expect(headInbox.rows[0]).toMatchObject({ MESSAGE_TITLE: '回复：附件', SENDER_NAME: expect.any(String), ORIGIN: 'inbox' });
    // a reply to someone else's message is refused
    const notMine = await send('student', { title: 'x', replyTo: copyId });
    expect(notMine.body).toMatchObject({ code: 400, msg: '要回复的消息不存在' });
  });
});

describe('a role of a thousand', () => {
  it('is sent as a job: the answer comes at once, the progress is pushed, every member gets a copy once', async () => {
    await withDb(async (c) => {
      const [{ id: roleId }] = (await c.query<{ id: string }>(`INSERT INTO sys_role (code, name, name_en) VALUES ($1, '群发测试', 'Bulk test') RETURNING id`, [BULK_ROLE])).rows as [{ id: string }];
      await c.query(
        `WITH u AS (INSERT INTO sys_user (account, name, user_type) SELECT $1 || '_' || g, '群发' || g, '2' FROM generate_series(1, $2::int) g RETURNING id)
         INSERT INTO sys_user_role (user_id, role_id) SELECT id, $3 FROM u`,
        [BULK_ROLE, BULK, roleId],
      );
    });
    const socket = await connectSocket(tokens.headteacher);
    sockets.push(socket);
    const done = nextPush<JobProgress>(socket, 'job.progress', (p) => p.kind === 'letter-send' && p.state === 'completed', 60_000);
    const res = await send('headteacher', { title: '全体通知', type: '6', content: '<p>通知</p>', recipients: [{ CODE: BULK_ROLE, TYPE: 'role', NAME: '群发测试' }] });
    expect(res.body.data).toMatchObject({ state: 'sending', recipients: BULK, jobId: expect.any(String) });
    const progress = await done;
    expect(progress).toMatchObject({ id: res.body.data?.jobId, done: BULK, total: BULK });
    expect(await one(`SELECT count(*) FROM message WHERE letter_id = $1`, [res.body.data?.id])).toBe(String(BULK));
    expect(await one(`SELECT count(DISTINCT recipient_id) FROM message WHERE letter_id = $1 AND type = '6'`, [res.body.data?.id])).toBe(String(BULK));
    expect(await one(`SELECT state FROM letter WHERE id = $1`, [res.body.data?.id])).toBe('sent');
    expect(await one(`SELECT state || ':' || done FROM sys_job WHERE id = $1`, [res.body.data?.jobId])).toBe(`completed:${BULK}`);
  }, 120_000);
});
