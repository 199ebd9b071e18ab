import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatePostAnswer, MessageRow, PostDetail, PostPage, PostPublishedPush, PostReceiptPush, PostReceipts, RemindAnswer, Submission } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { connectSocket, nextPush, schoolDate, until } from '../support/workflow.js';

/**
 * Publishing end to end (issue 24, docs/product/publishing.md#calls) on the worker's shared server: a notice to 高一(1)班 with parents
 * reaches the parent jz202511001 live (push and bell), their reading and confirming (for their child too) change the
 * head teacher's counts live; reminders once an hour; the spec's refusals — no permission, each attachment limit,
 * bad input — with nothing stored; homework handed in, late marked, commented.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082', 'hex');
const tokens = {} as Record<'headteacher' | 'teacher' | 'student' | 'jz202511001' | 'admin', string>;
const ids = {} as { class1: string; math: string; headteacher: string; parent: string; student: string; studentRow: string };
const sockets: Socket[] = [];

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const postCount = () => one(`SELECT count(*) FROM post`);
const create = (who: keyof typeof tokens, json: unknown, lang?: 'zh' | 'en') => call<CreatePostAnswer>('/api/posts', { token: tokens[who], json, ...(lang ? { lang } : {}) });

async function uploadPng(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'class.png');
  const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  const body = (await res.json()) as { data: { resId: string }[] };
  return (body.data[0] as { resId: string }).resId;
}

/** Files as the files module keeps them, made below the API: the limits are on what was uploaded, not on sending 100 MB here. */
async function storedFiles(owner: string, files: { name: string; suffix: string; size: number }[]): Promise<string[]> {
  return withDb(async (c) => {
    const out: string[] = [];
    for (const f of files) {
      const r = await c.query<{ res_id: string }>(
        `INSERT INTO sys_file (owner_id, res_name, res_suffix, mime, size, storage_name) VALUES ($1, $2, $3, 'application/octet-stream', $4, gen_random_uuid()::text) RETURNING res_id`,
        [owner, f.name, f.suffix, f.size],
      );
      out.push((r.rows[0] as { res_id: string }).res_id);
    }
    return out;
  });
}

beforeAll(async () => {
  for (const who of ['headteacher', 'teacher', 'student', 'jz202511001', 'admin'] as const) tokens[who] = await login(who);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.math = await one(`SELECT id FROM course WHERE code = 'MATH'`);
  ids.headteacher = await one(`SELECT id FROM sys_user WHERE account = 'headteacher'`);
  ids.parent = await one(`SELECT id FROM sys_user WHERE account = 'jz202511001'`);
  ids.student = await one(`SELECT id FROM sys_user WHERE account = 'student'`);
  ids.studentRow = await one(`SELECT id FROM student WHERE user_id = $1`, [ids.student]);
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('a notice to 高一(1)班 with parents', () => {
  let postId: string;
  let authorSocket: Socket;
  let parentSocket: Socket;

  it('is published to a snapshot of the class and its parents; the parent gets the push and the bell message live', async () => {
    authorSocket = await connectSocket(tokens.headteacher);
    parentSocket = await connectSocket(tokens.jz202511001);
    sockets.push(authorSocket, parentSocket);
    const picture = await uploadPng(tokens.headteacher);
    // a bell message is written in its reader's language: another file on this shared server may have left the parent
    // reading English (the browser tests switch it)
    await withDb((c) => c.query(`UPDATE sys_user SET lang = 'zh' WHERE account = 'jz202511001'`));
    const title = `家长会通知 ${Date.now()}`;
    const published = nextPush<PostPublishedPush>(parentSocket, 'post.published', (p) => p.title === title);
    const bell = nextPush<MessageRow>(parentSocket, 'message.created', (m) => m.MESSAGE_TITLE.includes(title));
    const res = await create('headteacher', {
      kind: 'notice',
      title,
      body: '<p>周五下午开家长会</p><script>alert(1)</script><img src="javascript:alert(2)" onerror="alert(3)">',
      audience: { classIds: [ids.class1], parents: true },
      attachments: [picture],
      requireConfirm: true,
      publish: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.state).toBe('published');
    postId = res.body.data?.id as string;
    const push = await published;
    expect(push).toMatchObject({ id: postId, kind: 'notice', title });
    expect((await bell).MESSAGE_TITLE).toBe(`通知：${title}`);

    // the snapshot: the class's enrolled students with accounts and the accounts of their parents, each person once,
    // enabled ones only, the author not their own recipient — counted independently. (Other files on the worker's
    // server change the class: a student transferred out is not reached, nor is their parent; an account disabled is
    // not; a parent added is — leave-flow and resource-access make the head teacher, the author here, a guardian.)
    const expected = Number(
      await one(
        `SELECT count(DISTINCT x.user_id) FROM (
            SELECT s.user_id FROM student s WHERE s.class_id = $1 AND s.user_id IS NOT NULL AND s.status NOT IN ('transferred_out', 'graduated')
            UNION SELECT g.user_id FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = $1 AND s.status NOT IN ('transferred_out', 'graduated')
          ) x JOIN sys_user u ON u.id = x.user_id WHERE u.enabled AND u.account <> 'headteacher'`,
        [ids.class1],
      ),
    );
    expect(expected).toBeGreaterThan(30);
    expect(Number(await one(`SELECT count(*) FROM post_recipient WHERE post_id = $1`, [postId]))).toBe(expected);
    // the bell's count includes it: the message centre lists it for the parent
    const unread = await call<{ total: number; list: MessageRow[] }>('/api/message/info/getInfoByRecipient', { token: tokens.jz202511001, json: { title, page: 1, size: 10, status: '0' } });
    expect(JSON.stringify(unread.body.data)).toContain(title);
  });

  it('the parent reads it (sanitised, once) and the head teacher sees the count rise live', async () => {
    const receipt = nextPush<PostReceiptPush>(authorSocket, 'post.receipt', (p) => p.id === postId);
    const read = await call<PostDetail>(`/api/posts/${postId}`, { token: tokens.jz202511001 });
    expect(read.status).toBe(200);
    const detail = read.body.data as PostDetail;
    expect(detail.body).toContain('周五下午开家长会');
    expect(detail.body).not.toMatch(/script|javascript:|onerror/);
    expect(detail.readAt).not.toBeNull();
    expect(detail.attachments).toHaveLength(1);
    expect(detail.mine).toBe(false);
    const pushed = await receipt;
    expect(pushed).toMatchObject({ id: postId, read: 1, confirmed: 0 });
    // the parent may download the picture now
    const download = await fetch(`${baseUrl()}/server/file/download/${detail.attachments[0]?.resId}`, { headers: { 'X-Access-Token': tokens.jz202511001, 'X-Forwarded-For': randomIp() } });
    expect(download.status).toBe(200);
    // reading again changes nothing
    await call(`/api/posts/${postId}`, { token: tokens.jz202511001 });
    const r = await call<PostReceipts>(`/api/posts/${postId}/receipts`, { token: tokens.headteacher });
    expect(r.body.data?.counts.read).toBe(1);
  });

  it('the parent confirms: it counts for their child, live for the head teacher, by name in the receipts', async () => {
    const receipt = nextPush<PostReceiptPush>(authorSocket, 'post.receipt', (p) => p.id === postId && p.confirmed > 0);
    const res = await call<{ confirmed: number }>(`/api/posts/${postId}/confirm`, { token: tokens.jz202511001, json: {} });
    expect(res.body.data?.confirmed).toBe(2);
    expect(await receipt).toMatchObject({ id: postId, read: 2, confirmed: 2 });
    const r = (await call<PostReceipts>(`/api/posts/${postId}/receipts?classId=${ids.class1}`, { token: tokens.headteacher })).body.data as PostReceipts;
    const child = r.list.find((x) => x.userId === ids.student);
    expect(child?.confirmedAt).not.toBeNull();
    expect(child?.confirmedByName).toBe(await one(`SELECT name FROM sys_user WHERE id = $1`, [ids.parent]));
    const parentRow = r.list.find((x) => x.userId === ids.parent);
    expect(parentRow).toMatchObject({ role: 'parent', studentId: ids.studentRow, classId: ids.class1 });
    expect(r.classes.find((c) => c.classId === ids.class1)).toMatchObject({ read: 2, confirmed: 2 });
    const unread = (await call<PostReceipts>(`/api/posts/${postId}/receipts?state=unread`, { token: tokens.headteacher })).body.data as PostReceipts;
    expect(unread.list.some((x) => x.userId === ids.parent || x.userId === ids.student)).toBe(false);
    expect(unread.list.length).toBe(r.counts.total - 2);
    // the parent's inbox shows it read and confirmed
    const inbox = (await call<PostPage>('/api/posts?box=inbox&kind=notice', { token: tokens.jz202511001 })).body.data as PostPage;
    expect(inbox.list.find((p) => p.id === postId)).toMatchObject({ readAt: expect.any(String), confirmedAt: expect.any(String) });
    // the author's list carries the counts
    const authored = (await call<PostPage>('/api/posts?box=authored', { token: tokens.headteacher })).body.data as PostPage;
    expect(authored.list.find((p) => p.id === postId)?.counts).toMatchObject({ read: 2, confirmed: 2 });
  });

  it('receipts are the author\'s alone', async () => {
    const res = await call(`/api/posts/${postId}/receipts`, { token: tokens.teacher });
    expect(res.status).toBe(403);
    expect(res.body.result).toBe(false);
  });

  it('reminds the unread once: a bell message each; a second time within the hour is 429', async () => {
    const studentSocket = await connectSocket(await login('202511003'));
    sockets.push(studentSocket);
    const reminded = nextPush<MessageRow>(studentSocket, 'message.created', (m) => m.MESSAGE_TITLE.startsWith('提醒'));
    // never reminded: the receipts say a reminder may be asked now
    const fresh = (await call<PostReceipts>(`/api/posts/${postId}/receipts`, { token: tokens.headteacher })).body.data;
    expect(fresh).toMatchObject({ lastRemindedAt: null, remindAgainAt: null });
    const first = await call<RemindAnswer>(`/api/posts/${postId}/remind`, { token: tokens.headteacher, json: {} });
    expect(first.status).toBe(200);
    const total = Number(await one(`SELECT count(*) FROM post_recipient WHERE post_id = $1`, [postId]));
    expect(first.body.data?.unread).toBe(total - 2);
    await reminded;
    await until(() => one(`SELECT state FROM sys_job WHERE id = $1`, [first.body.data?.jobId]), (s) => s === 'completed');
    const messages = Number(await one(`SELECT count(*) FROM message WHERE source_key LIKE $1`, [`post:${postId}:remind:%`]));
    expect(messages).toBe(total - 2);
    const again = await call(`/api/posts/${postId}/remind`, { token: tokens.headteacher, json: {}, lang: 'en' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 429, result: false });
    expect(again.body.msg).toMatch(/^A post can be reminded once an hour; try again after \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // the receipts carry the reminder and when the next may be asked: an hour after it
    const after = (await call<PostReceipts>(`/api/posts/${postId}/receipts`, { token: tokens.headteacher })).body.data as PostReceipts;
    const last = Date.parse(after.lastRemindedAt ?? '');
    expect(Number.isNaN(last)).toBe(false);
    expect(Date.parse(after.remindAgainAt ?? '') - last).toBe(60 * 60_000);
  });

  it('withdrawn, the recipients no longer see it', async () => {
    expect((await call(`/api/posts/${postId}/withdraw`, { token: tokens.headteacher, json: {} })).status).toBe(200);
    expect((await call(`/api/posts/${postId}`, { token: tokens.jz202511001 })).status).toBe(404);
    expect((await call(`/api/posts/${postId}`, { token: tokens.headteacher })).body.data).toMatchObject({ state: 'withdrawn' });
  });
});

describe('refusals', () => {
  it('a teacher without the permission gets the spec\'s message, in zh and en, and it is logged', async () => {
    const before = await postCount();
    const body = { kind: 'activity', title: '运动会', body: '<p>x</p>', audience: { classIds: [ids.class1] }, publish: true };
    const zh = await create('teacher', body);
    expect(zh.status).toBe(403);
    expect(zh.body).toMatchObject({ code: 403, result: false, msg: '您没有发布或删除活动、通知、问卷的权限，请联系管理员' });
    const en = await create('teacher', body, 'en');
    expect(en.body.msg).toBe('You have no permission to publish or delete activities, notices or questionnaires; contact the administrator');
    const student = await create('student', { ...body, kind: 'notice' });
    expect(student.status).toBe(403);
    expect(await postCount()).toBe(before);
    const logged = Number(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'post.create' AND result = 'failure' AND user_id = (SELECT id FROM sys_user WHERE account = 'teacher')`));
    expect(logged).toBeGreaterThanOrEqual(2);
  });

  it("the pages under 信息发布 are every role's; each kind's publish grant is its declared roles", async () => {
    const pages = await withDb(async (c) => (await c.query<{ url: string; roles: string[] }>(
      `SELECT m.url, array_agg(r.code ORDER BY r.code) AS roles FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.id JOIN sys_role r ON r.id = rm.role_id
        WHERE m.url LIKE '/publishing/%' GROUP BY m.url ORDER BY m.url`)).rows);
    expect(pages.map((p) => p.url)).toEqual(['/publishing/activity', '/publishing/homework', '/publishing/notice', '/publishing/performance']);
    for (const p of pages) expect(p.roles).toEqual(expect.arrayContaining(['parent', 'student', 'teacher', 'headteacher', 'admin']));
    const grants = async (permission: string) => withDb(async (c) => (await c.query<{ code: string }>(`SELECT r.code FROM sys_role_permission p JOIN sys_role r ON r.id = p.role_id WHERE p.permission = $1 ORDER BY r.code`, [permission])).rows.map((r) => r.code));
    expect(await grants('post:notice:publish')).toEqual(['admin', 'headteacher', 'office', 'principal', 'teacher']);
    expect(await grants('post:homework:publish')).toEqual(['admin', 'headteacher', 'teacher']);
    expect(await grants('post:activity:publish')).not.toContain('teacher');
  });

  it('each attachment limit is refused with the spec\'s message and nothing stored', async () => {
    const MB = 1024 * 1024;
    const notice = (attachments: string[]) => ({ kind: 'notice', title: '附件', body: '', audience: { classIds: [ids.class1] }, attachments, publish: true });
    const before = await postCount();
    const links = await one(`SELECT count(*) FROM sys_file_link`);
    const pictures = await storedFiles(ids.headteacher, Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.jpg`, suffix: 'jpg', size: 1000 })));
    const tenth = await create('headteacher', notice(pictures));
    expect(tenth.body).toMatchObject({ code: 400, result: false, msg: '最多上传 9 张图片' });
    const video = await storedFiles(ids.headteacher, [{ name: 'big.mp4', suffix: 'mp4', size: 101 * MB }]);
    expect((await create('headteacher', notice(video))).body.msg).toBe('视频不能超过 100MB：big.mp4');
    const docs = await storedFiles(ids.headteacher, Array.from({ length: 5 }, (_, i) => ({ name: `d${i}.pdf`, suffix: 'pdf', size: 1000 })));
    expect((await create('headteacher', notice(docs))).body.msg).toBe('最多上传 4 个文档');
    const bigDoc = await storedFiles(ids.headteacher, [{ name: 'big.ppt', suffix: 'ppt', size: 11 * MB }]);
    expect((await create('headteacher', notice(bigDoc), 'en')).body.msg).toBe('A document can be at most 10 MB: big.ppt');
    const exe = await storedFiles(ids.headteacher, [{ name: 'x.exe', suffix: 'exe', size: 10 }]);
    expect((await create('headteacher', notice(exe))).status).toBe(400);
    const adminId = await one(`SELECT id FROM sys_user WHERE account = 'admin'`);
    const award = await storedFiles(adminId, [{ name: 'cert.jpg', suffix: 'jpg', size: 3 * MB }]);
    const awardRes = await create('admin', { kind: 'award', title: '奖', body: '', audience: { classIds: [ids.class1] }, attachments: award, publish: true });
    expect(awardRes.body).toMatchObject({ code: 400, msg: '奖项图片不能超过 2MB：cert.jpg' });
    // someone else's file is not the author's to attach
    expect((await create('teacher', { ...notice([pictures[0] as string]) })).body.msg).toBe('附件不存在或不是您上传的');
    expect(await postCount()).toBe(before);
    expect(await one(`SELECT count(*) FROM sys_file_link`)).toBe(links);
  });

  it('bad input answers the envelope in the caller\'s language, never a 500, and writes nothing', async () => {
    const before = await postCount();
    const bad: unknown[] = [
      {},
      { kind: 'notice', title: '', body: '', audience: { classIds: [ids.class1] } },
      { kind: 'poster', title: 't', body: '', audience: { school: true } },
      { kind: 'notice', title: 't', body: '', audience: {} },
      { kind: 'notice', title: 't', body: '', audience: { classIds: ['nope'] } },
      { kind: 'notice', title: 't', body: '', audience: { classIds: ['00000000-0000-4000-8000-000000000000'] } },
      { kind: 'notice', title: 'x'.repeat(101), body: '', audience: { school: true } },
      { kind: 'notice', title: 't', body: 5, audience: { school: true } },
      { kind: 'notice', title: 't', body: '', audience: { school: true }, publishAt: 'tomorrow' },
      { kind: 'homework', title: 't', body: '', audience: { classIds: [ids.class1] } },
      { kind: 'homework', title: 't', body: '', audience: { school: true }, courseId: ids.math, dueAt: `${schoolDate(30)} 08:00` },
    ];
    for (const json of bad) {
      const res = await create('headteacher', json);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.result).toBe(false);
      expect(res.body.msg).not.toBe('');
    }
    expect((await create('headteacher', {}, 'en')).body.msg).toMatch(/[A-Za-z]/);
    expect((await call('/api/posts/not-an-id', { token: tokens.headteacher })).status).toBe(404);
    expect((await call('/api/posts?box=outbox', { token: tokens.headteacher })).status).toBe(400);
    expect((await call('/api/posts/00000000-0000-4000-8000-000000000000/confirm', { token: tokens.student, json: {} })).status).toBe(404);
    expect(await postCount()).toBe(before);
  });
});

describe('audiences, scheduling and managing', () => {
  it('a performance record to a named student with parents reaches the two of them; a role reaches its holders', async () => {
    const perf = await create('headteacher', { kind: 'performance', title: `表现 ${Date.now()}`, body: '<p>课堂积极</p>', audience: { userIds: [ids.student], parents: true }, publish: true });
    expect(perf.body.data?.state).toBe('published');
    const who = await withDb(async (c) => (await c.query<{ user_id: string; role: string }>(`SELECT user_id, role FROM post_recipient WHERE post_id = $1 ORDER BY role`, [perf.body.data?.id])).rows);
    expect(who).toEqual([{ user_id: ids.parent, role: 'parent' }, { user_id: ids.student, role: 'student' }]);
    const byRole = await create('admin', { kind: 'notice', title: `校长 ${Date.now()}`, body: '', audience: { roles: ['principal'] }, publish: true });
    const expected = Number(await one(`SELECT count(*) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id JOIN sys_user u ON u.id = ur.user_id WHERE r.code = 'principal' AND u.enabled`));
    expect(Number(await one(`SELECT count(*) FROM post_recipient WHERE post_id = $1`, [byRole.body.data?.id]))).toBe(expected);
    // a kind keeps to its audience: homework is not for the whole school
    const wide = await create('headteacher', { kind: 'homework', title: 't', body: '', audience: { school: true }, courseId: ids.math, dueAt: `${schoolDate(30)} 08:00` });
    expect(wide.body).toMatchObject({ code: 400, msg: '作业不能按这种范围发布' });
  });

  it('a grade with staff and without students reaches its teachers only', async () => {
    const res = await create('headteacher', { kind: 'notice', title: `教师会 ${Date.now()}`, body: '', audience: { grades: [10], students: false, staff: true }, publish: true });
    const rows = await withDb(async (c) => (await c.query<{ account: string; role: string }>(`SELECT u.account, r.role FROM post_recipient r JOIN sys_user u ON u.id = r.user_id WHERE r.post_id = $1`, [res.body.data?.id])).rows);
    expect(rows.every((r) => r.role === 'staff')).toBe(true);
    // 高一(2)班's head teacher and the maths teacher of 高一; the author is not their own recipient
    expect(rows.map((r) => r.account)).toEqual(expect.arrayContaining(['teacher01', 'teacher']));
    expect(rows.map((r) => r.account)).not.toContain('headteacher');
  });

  it('a scheduled post is published at its time by the job and reaches its recipients then', async () => {
    const parentSocket = await connectSocket(tokens.jz202511001);
    sockets.push(parentSocket);
    const title = `定时通知 ${Date.now()}`;
    const pushed = nextPush<PostPublishedPush>(parentSocket, 'post.published', (p) => p.title === title, 30_000);
    const res = await create('headteacher', { kind: 'notice', title, body: '', audience: { classIds: [ids.class1], parents: true }, publishAt: new Date(Date.now() + 4000).toISOString(), publish: true });
    expect(res.body.data?.state).toBe('scheduled');
    expect(Number(await one(`SELECT count(*) FROM post_recipient WHERE post_id = $1`, [res.body.data?.id]))).toBe(0);
    expect((await pushed).id).toBe(res.body.data?.id);
    expect(await one(`SELECT state FROM post WHERE id = $1`, [res.body.data?.id])).toBe('published');
  });

  it('a draft is published later by its author only; pinned it comes first; deleted it is gone', async () => {
    const draft = await create('headteacher', { kind: 'notice', title: `草稿 ${Date.now()}`, body: '', audience: { classIds: [ids.class1] } });
    expect(draft.body.data?.state).toBe('draft');
    const id = draft.body.data?.id as string;
    expect((await call(`/api/posts/${id}`, { token: tokens.student })).status).toBe(404);
    expect((await call(`/api/posts/${id}/publish`, { token: tokens.teacher, json: {} })).status).toBe(403);
    expect((await call<CreatePostAnswer>(`/api/posts/${id}/publish`, { token: tokens.headteacher, json: {} })).body.data?.state).toBe('published');
    expect((await call(`/api/posts/${id}/publish`, { token: tokens.headteacher, json: {} })).status).toBe(422);
    expect((await call(`/api/posts/${id}/pin`, { token: tokens.headteacher, json: { pinned: true } })).status).toBe(200);
    const inbox = (await call<PostPage>('/api/posts?box=inbox', { token: tokens.student })).body.data as PostPage;
    expect(inbox.list[0]?.id).toBe(id);
    expect((await call(`/api/posts/${id}`, { method: 'DELETE', token: tokens.teacher })).status).toBe(403);
    expect((await call(`/api/posts/${id}`, { method: 'DELETE', token: tokens.headteacher })).status).toBe(200);
    expect(await one(`SELECT count(*) FROM post WHERE id = $1`, [id])).toBe('0');
    expect((await call(`/api/posts/${id}`, { token: tokens.student })).status).toBe(404);
  });
});

describe('homework', () => {
  it('is handed in by the student, edited until due, marked late after it, and commented by the teacher', async () => {
    const open = await create('headteacher', { kind: 'homework', title: `作文 ${Date.now()}`, body: '<p>写一篇作文</p>', audience: { classIds: [ids.class1], parents: true }, courseId: ids.math, dueAt: `${schoolDate(30)} 08:00`, publish: true });
    expect(open.body.data?.state).toBe('published');
    const id = open.body.data?.id as string;
    const picture = await uploadPng(tokens.student);
    // neither text nor a file: refused in the caller's language, nothing written
    const empty = await call(`/api/posts/${id}/submissions`, { token: tokens.student, json: { text: '  ', attachments: [] }, lang: 'en' });
    expect(empty.body).toMatchObject({ code: 400, result: false, msg: 'Write the homework or attach a file' });
    expect(await one(`SELECT count(*) FROM post_submission WHERE post_id = $1`, [id])).toBe('0');
    const sub = await call<Submission>(`/api/posts/${id}/submissions`, { token: tokens.student, json: { text: '我的作文', attachments: [picture] } });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({ studentId: ids.studentRow, late: false, text: '我的作文' });
    expect(sub.body.data?.attachments).toHaveLength(1);
    expect((await call(`/api/posts/${id}/submissions`, { token: tokens.jz202511001, json: { text: '再交' } })).status).toBe(409);
    const edited = await call<Submission>(`/api/posts/${id}/submissions`, { method: 'PUT', token: tokens.jz202511001, json: { text: '家长代改' } });
    expect(edited.body.data).toMatchObject({ text: '家长代改', studentId: ids.studentRow });
    const reviewed = await call<Submission>(`/api/posts/${id}/submissions/${ids.studentRow}`, { method: 'PUT', token: tokens.headteacher, json: { comment: '写得好', score: 95 } });
    expect(reviewed.body.data).toMatchObject({ comment: '写得好', score: 95 });
    expect((await call(`/api/posts/${id}/submissions/${ids.studentRow}`, { method: 'PUT', token: tokens.student, json: { comment: '自评' } })).status).toBe(403);
    const all = (await call<Submission[]>(`/api/posts/${id}/submissions`, { token: tokens.headteacher })).body.data as Submission[];
    expect(all.map((s) => s.studentId)).toEqual([ids.studentRow]);

    // a due time or a scheduled publication already past is refused when set, in the caller's language, nothing written
    const pastTitle = `已截止 ${Date.now()}`;
    const refusedDue = await call('/api/posts', { token: tokens.headteacher, json: { kind: 'homework', title: pastTitle, body: '', audience: { classIds: [ids.class1] }, courseId: ids.math, dueAt: `${schoolDate(-7)} 08:00`, publish: true }, lang: 'en' });
    expect(refusedDue.body).toMatchObject({ code: 400, result: false, msg: 'The due time cannot be in the past' });
    const refusedAt = await create('headteacher', { kind: 'notice', title: pastTitle, body: '', audience: { classIds: [ids.class1] }, publishAt: `${schoolDate(-1)} 08:00`, publish: true });
    expect(refusedAt.body).toMatchObject({ code: 400, result: false, msg: '定时发布时间不能早于当前时间' });
    expect(await one(`SELECT count(*) FROM post WHERE title = $1`, [pastTitle])).toBe('0');

    // due already passed (set next week, then the week went by): taken and marked late, then no longer editable
    const past = await create('headteacher', { kind: 'homework', title: pastTitle, body: '', audience: { classIds: [ids.class1] }, courseId: ids.math, dueAt: `${schoolDate(7)} 08:00`, publish: true });
    const pastId = past.body.data?.id as string;
    await one(`UPDATE post SET due_at = due_at - interval '14 days' WHERE id = $1 RETURNING id`, [pastId]);
    const late = await call<Submission>(`/api/posts/${pastId}/submissions`, { token: tokens.student, json: { text: '迟交' } });
    expect(late.body.data?.late).toBe(true);
    const edit = await call(`/api/posts/${pastId}/submissions`, { method: 'PUT', token: tokens.student, json: { text: '改' } });
    expect(edit.body).toMatchObject({ code: 422, msg: '作业已截止，不能再修改' });

    // the home page's "due this week": only homework due from now within the days asked, soonest first
    const soon = await create('headteacher', { kind: 'homework', title: `三天后 ${Date.now()}`, body: '', audience: { classIds: [ids.class1] }, courseId: ids.math, dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), publish: true });
    const week = (await call<PostPage>('/api/posts?box=inbox&kind=homework&dueWithinDays=7', { token: tokens.student })).body.data as PostPage;
    const dueIds = week.list.map((p) => p.id);
    expect(dueIds).toContain(soon.body.data?.id);
    expect(dueIds).not.toContain(id);
    expect(dueIds).not.toContain(pastId);
    // unread only: the student has opened the first homework but not the one due soon
    await call(`/api/posts/${id}`, { token: tokens.student });
    const unread = ((await call<PostPage>('/api/posts?box=inbox&kind=homework&unread=true', { token: tokens.student })).body.data as PostPage).list.map((p) => p.id);
    expect(unread).toContain(soon.body.data?.id);
    expect(unread).not.toContain(id);
  });
});
