import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FeedbackDetail, type FeedbackPage, type MessageRow, resources } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { upload } from '../support/admin.js';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { connectSocket, nextPush, until } from '../support/workflow.js';

/**
 * 用户反馈 end to end (docs/product/campus-life.md#user-feedback, docs/adr/0051-feedback.md) on the shared test server:
 * bad input answers the envelope in the caller's language and writes nothing; a student sends feedback with a
 * picture, the office takes it and replies — the student's bell rings once, live, and the reply is in their feedback —
 * and the student closes it; another student neither reads it nor its picture; a teacher without feedback:handle can
 * neither list everyone's nor reply (403, logged). What it makes is removed at its end.
 */
const zh = resources.zh.feedback;
const en = resources.en.feedback;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const tokens = {} as Record<'student' | 'other' | 'office' | 'teacher', string>;
const made: string[] = [];
let socket: Socket | null = null;

const count = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM feedback`)).rows[0]?.n));
const submit = (json: unknown, lang: 'zh' | 'en' = 'zh') => call<FeedbackDetail>('/api/feedback', { token: tokens.student, json, lang });
const post = <T = FeedbackDetail>(who: keyof typeof tokens, path: string, json: unknown = {}) => call<T>(`/api/feedback${path}`, { token: tokens[who], json });
const failures = (account: string, action: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = $1 AND result = 'failure' AND account = $2`, [action, account])).rows[0]?.n));

beforeAll(async () => {
  const other = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.status = 'enrolled' AND u.account <> 'student' ORDER BY s.student_no LIMIT 1`)).rows[0]?.account as string);
  [tokens.student, tokens.other, tokens.office, tokens.teacher] = (await Promise.all(['student', other, 'office', 'teacher'].map((a) => login(a)))) as [string, string, string, string];
}, 60_000);

afterAll(async () => {
  socket?.disconnect();
  await withDb(async (c) => {
    await c.query(`DELETE FROM message WHERE source_key LIKE ANY($1::text[])`, [made.map((id) => `feedback:${id}:%`)]);
    await c.query(`DELETE FROM sys_file_link WHERE ref_type = 'feedback' AND ref_id = ANY($1::uuid[])`, [made]);
    await c.query(`DELETE FROM feedback WHERE id = ANY($1::uuid[])`, [made]);
  });
});

describe('user feedback', () => {
  it('bad input answers the envelope in zh and en and writes nothing', async () => {
    const before = await count();
    const ok = { category: '1', title: '食堂排队太久', content: '中午排队要二十分钟' };
    const bad = [
      [{ ...ok, title: '  ' }, zh.validation.titleRequired, en.validation.titleRequired],
      [{ ...ok, content: '长'.repeat(1001) }, zh.validation.contentTooLong, en.validation.contentTooLong],
      [{ ...ok, category: '99' }, zh.errors.categoryUnknown, en.errors.categoryUnknown],
      [{ ...ok, pictures: Array.from({ length: 4 }, () => crypto.randomUUID()) }, zh.validation.tooManyPictures, en.validation.tooManyPictures],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await submit(json, lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    expect(await count()).toBe(before);
  });

  it('a student sends feedback, the office takes it and replies: the student is told once, reads the reply and closes it', async () => {
    const picture = await upload<{ resId: string }[]>('/file/upload?maxSize=2048&types=.jpg,.png', tokens.student, PNG, 'queue.png');
    const resId = picture.body.data?.[0]?.resId as string;
    const sent = await submit({ category: '2', title: '食堂排队太久', content: '中午排队要二十分钟，希望多开一个窗口', pictures: [resId], anonymous: true });
    expect([sent.status, sent.body.msg]).toEqual([200, zh.results.submitted]);
    const id = (sent.body.data as FeedbackDetail).id;
    made.push(id);
    expect(sent.body.data).toMatchObject({ state: 'submitted', mine: true, anonymous: true, pictures: [{ resId }] });

    // the office sees it, anonymous: no name; its picture downloadable
    const listed = await call<FeedbackPage>('/api/feedback?state=submitted&q=%E5%A4%9A%E5%BC%80', { token: tokens.office });
    const row = (listed.body.data as FeedbackPage).list.find((r) => r.id === id);
    expect(row).toMatchObject({ submitterName: null, categoryName: { zh: '问题反馈', en: 'Problem' } });
    expect((await fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens.office } })).status).toBe(200);

    expect((await post('office', `/${id}/take`)).body.data).toMatchObject({ state: 'in_progress', handlerName: '李主任' });
    socket = await connectSocket(tokens.student);
    const bell = nextPush<MessageRow>(socket, 'message.created', (m) => m.MESSAGE_LINK === `/feedback/mine?id=${id}`);
    const replied = await post('office', `/${id}/reply`, { content: '已协调食堂，下周起增开两个窗口' });
    expect([replied.status, replied.body.msg]).toEqual([200, zh.results.replied]);
    expect((await bell).MESSAGE_CONTENT).toContain('已协调食堂');
    const messages = await withDb(async (c) => (await c.query(`SELECT m.recipient_id, u.account FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.source_key LIKE $1`, [`feedback:${id}:%`])).rows);
    expect(messages.map((m: { account: string }) => m.account)).toEqual(['student']);
    // a second reply is refused: it is answered
    expect((await post('office', `/${id}/reply`, { content: '再补充' })).status).toBe(409);

    const mine = await call<FeedbackDetail>(`/api/feedback/${id}`, { token: tokens.student });
    expect(mine.body.data).toMatchObject({ state: 'replied', reopenable: true });
    expect((mine.body.data as FeedbackDetail).entries.map((e) => [e.kind, e.text])).toEqual([['submitted', ''], ['taken', ''], ['replied', '已协调食堂，下周起增开两个窗口']]);
    const closed = await post('student', `/${id}/close`, { note: '谢谢' });
    expect(closed.body.data).toMatchObject({ state: 'closed', reopenable: true });
    const logged = await withDb(async (c) => (await c.query(`SELECT action, account FROM sys_operation_log WHERE target = $1 AND result = 'success' ORDER BY id`, [id])).rows);
    expect(logged).toEqual(expect.arrayContaining([{ action: 'feedback.submit', account: 'student' }, { action: 'feedback.reply', account: 'office' }]));

    // another student: the feedback and its picture do not exist to them
    expect((await call(`/api/feedback/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await post('other', `/${id}/reopen`, { note: '不满意' })).status).toBe(404);
    expect((await fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens.other } })).status).toBe(404);
    expect(((await call<FeedbackPage>('/api/feedback/mine', { token: tokens.other })).body.data as FeedbackPage).list.map((r) => r.id)).not.toContain(id);
  });

  it('a teacher without feedback:handle neither lists everyone\'s nor replies (403, logged)', async () => {
    const id = made[0] as string;
    const [listBefore, replyBefore] = [await failures('teacher', 'feedback.list'), await failures('teacher', 'feedback.reply')];
    const list = await call('/api/feedback', { token: tokens.teacher });
    expect([list.status, list.body.result, list.body.msg]).toEqual([403, false, zh.errors.forbidden]);
    const reply = await call('/api/feedback/' + id + '/reply', { token: tokens.teacher, json: { content: '你好' }, lang: 'en' });
    expect([reply.status, reply.body.msg]).toEqual([403, en.errors.forbidden]);
    await until(() => Promise.all([failures('teacher', 'feedback.list'), failures('teacher', 'feedback.reply')]), ([l, r]) => l > listBefore && r > replyBefore);
  });
});
