import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AudiencePerson, CreatePostAnswer, PostDetail, PostSubmissionPush, Submission } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, login, withDb } from '../support/api.js';
import { connectSocket, nextPush } from '../support/workflow.js';

/**
 * Issue 24's last three gaps end to end (docs/product/publishing.md): named students as the audience (with their
 * parents, nobody else), a parent of two children confirming and handing in for each child, and the homework's
 * author receiving `post.submission` live on each hand-in and change.
 */
const tokens = {} as Record<'headteacher' | 'teacher' | 'student' | 'jz202511002' | 'jz202511001', string>;
const ids = {} as { class1: string; math: string; childA: string; childB: string; childAUser: string; childBUser: string; parentOfTwo: string };
const sockets: Socket[] = [];

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));
const create = (json: unknown) => call<CreatePostAnswer>('/api/posts', { token: tokens.headteacher, json });
/** A due time counted from now (never a calendar date). */
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  for (const who of ['headteacher', 'teacher', 'student', 'jz202511002', 'jz202511001'] as const) tokens[who] = await login(who);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.math = await one(`SELECT id FROM course WHERE code = 'MATH'`);
  ids.childA = await one(`SELECT id FROM student WHERE student_no = '202511002'`);
  ids.childB = await one(`SELECT id FROM student WHERE student_no = '202521002'`);
  ids.childAUser = await one(`SELECT user_id FROM student WHERE student_no = '202511002'`);
  ids.childBUser = await one(`SELECT user_id FROM student WHERE student_no = '202521002'`);
  ids.parentOfTwo = await one(`SELECT id FROM sys_user WHERE account = 'jz202511002'`);
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('named people as the audience', () => {
  it('lists students of a class and by number, and staff by name, to those who may publish the kind only', async () => {
    const byClass = await call<AudiencePerson[]>(`/api/posts/people?kind=notice&classId=${ids.class1}`, { token: tokens.headteacher });
    expect(byClass.status).toBe(200);
    expect(byClass.body.data?.length).toBe(30);
    expect(byClass.body.data?.every((p) => p.type === 'student' && p.className === '高一(1)班')).toBe(true);
    const byNumber = (await call<AudiencePerson[]>('/api/posts/people?kind=notice&keyword=202521002', { token: tokens.headteacher })).body.data as AudiencePerson[];
    expect(byNumber).toEqual([expect.objectContaining({ userId: ids.childBUser, studentNo: '202521002', type: 'student' })]);
    const staff = (await call<AudiencePerson[]>('/api/posts/people?kind=notice&type=staff&keyword=teacher0', { token: tokens.headteacher })).body.data as AudiencePerson[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((p) => p.type === 'staff' && p.account.startsWith('teacher0'))).toBe(true);
    // a wildcard typed is a character searched for, not every name
    expect((await call<AudiencePerson[]>('/api/posts/people?kind=notice&keyword=%25', { token: tokens.headteacher })).body.data).toEqual([]);
    // a student may publish nothing: the spec's message, in the caller's language, logged
    const loggedBefore = Number(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'post.people' AND result = 'failure' AND user_id = (SELECT id FROM sys_user WHERE account = 'student')`));
    const refused = await call('/api/posts/people?kind=notice', { token: tokens.student, lang: 'en' });
    expect(refused.body).toMatchObject({ code: 403, msg: 'You have no permission to publish or delete activities, notices or questionnaires; contact the administrator' });
    expect(Number(await one(`SELECT count(*) FROM sys_operation_log WHERE action = 'post.people' AND result = 'failure' AND user_id = (SELECT id FROM sys_user WHERE account = 'student')`))).toBe(loggedBefore + 1);
    expect((await call('/api/posts/people?kind=award', { token: tokens.headteacher })).status).toBe(403);
    expect((await call('/api/posts/people?kind=nonsense', { token: tokens.headteacher })).status).toBe(400);
  });

  it('a notice to two named students with parents reaches exactly them and their parents', async () => {
    const res = await create({ kind: 'notice', title: `点名通知 ${Date.now()}`, body: '<p>请到办公室</p>', audience: { userIds: [ids.childAUser, ids.childBUser], parents: true }, publish: true });
    expect(res.body.data?.state).toBe('published');
    const rows = await withDb(async (c) => (await c.query<{ user_id: string; role: string }>(`SELECT user_id, role FROM post_recipient WHERE post_id = $1 ORDER BY role, user_id`, [res.body.data?.id])).rows);
    // exactly the two named students and their parents: the demo's parent of both (another file on the shared server
    // may link a guardian to either of them for a moment — resource-access does — so other parents are not counted)
    expect(rows.filter((r) => r.role === 'student').map((r) => r.user_id)).toEqual([ids.childAUser, ids.childBUser].sort());
    expect(rows.filter((r) => r.role === 'parent').map((r) => r.user_id)).toContain(ids.parentOfTwo);
    expect(rows.every((r) => r.role === 'student' || r.role === 'parent')).toBe(true);
  });
});

describe('a parent of two children', () => {
  it('is offered both children on the detail and confirms for each; each confirmation counts for that child', async () => {
    const res = await create({ kind: 'notice', title: `两个孩子 ${Date.now()}`, body: '', audience: { classIds: [ids.class1], parents: true }, requireConfirm: true, publish: true });
    const id = res.body.data?.id as string;
    const detail = (await call<PostDetail>(`/api/posts/${id}`, { token: tokens.jz202511002 })).body.data as PostDetail;
    expect(detail.children.map((c) => c.studentId).sort()).toEqual([ids.childA, ids.childB].sort());
    expect(detail.children.every((c) => c.confirmedAt === null && c.className === '高一(1)班')).toBe(true);
    // someone else's child is not theirs to confirm for
    const other = await one(`SELECT id FROM student WHERE student_no = '202511003'`);
    expect((await call(`/api/posts/${id}/confirm`, { token: tokens.jz202511002, json: { studentId: other } })).status).toBe(400);

    const studentRow = (studentId: string) => one(`SELECT coalesce(confirmed_by::text, '-') FROM post_recipient WHERE post_id = $1 AND role = 'student' AND student_id = $2`, [id, studentId]);
    expect((await call(`/api/posts/${id}/confirm`, { token: tokens.jz202511002, json: { studentId: ids.childA } })).status).toBe(200);
    expect(await studentRow(ids.childA)).toBe(ids.parentOfTwo);
    expect(await studentRow(ids.childB)).toBe('-');
    const half = (await call<PostDetail>(`/api/posts/${id}`, { token: tokens.jz202511002 })).body.data as PostDetail;
    expect(half.children.find((c) => c.studentId === ids.childA)?.confirmedAt).not.toBeNull();
    expect(half.children.find((c) => c.studentId === ids.childB)?.confirmedAt).toBeNull();

    expect((await call(`/api/posts/${id}/confirm`, { token: tokens.jz202511002, json: { studentId: ids.childB } })).status).toBe(200);
    expect(await studentRow(ids.childB)).toBe(ids.parentOfTwo);
    const both = (await call<PostDetail>(`/api/posts/${id}`, { token: tokens.jz202511002 })).body.data as PostDetail;
    expect(both.children.every((c) => c.confirmedAt !== null)).toBe(true);
    // a parent of one child, and anyone not a parent, are offered no choice
    expect(((await call<PostDetail>(`/api/posts/${id}`, { token: tokens.jz202511001 })).body.data as PostDetail).children).toHaveLength(1);
    expect(((await call<PostDetail>(`/api/posts/${id}`, { token: tokens.student })).body.data as PostDetail).children).toEqual([]);
  });

  it('hands homework in for the child named (asked which when not), each counted for that child; the author is pushed each live', async () => {
    const authorSocket = await connectSocket(tokens.headteacher);
    sockets.push(authorSocket);
    const res = await create({ kind: 'homework', title: `两份作业 ${Date.now()}`, body: '', audience: { classIds: [ids.class1], parents: true }, courseId: ids.math, dueAt: inDays(3), publish: true });
    const id = res.body.data?.id as string;
    const ask = await call(`/api/posts/${id}/submissions`, { token: tokens.jz202511002, json: { text: '哪个孩子？' }, lang: 'en' });
    expect(ask.status).toBe(400);
    expect(await one(`SELECT count(*) FROM post_submission WHERE post_id = $1`, [id])).toBe('0');

    const pushA = nextPush<PostSubmissionPush>(authorSocket, 'post.submission', (p) => p.id === id && p.studentId === ids.childA);
    const a = await call<Submission>(`/api/posts/${id}/submissions`, { token: tokens.jz202511002, json: { text: '老大的作业', studentId: ids.childA } });
    expect(a.body.data).toMatchObject({ studentId: ids.childA, late: false });
    expect(await pushA).toEqual({ id, studentId: ids.childA, submitted: true, late: false, seq: expect.any(String) });

    const pushB = nextPush<PostSubmissionPush>(authorSocket, 'post.submission', (p) => p.id === id && p.studentId === ids.childB);
    expect((await call<Submission>(`/api/posts/${id}/submissions`, { token: tokens.jz202511002, json: { text: '老二的作业', studentId: ids.childB } })).body.data?.studentId).toBe(ids.childB);
    expect((await pushB).late).toBe(false);

    // a change pushes again; the parent sees both children's, the teacher both among the class
    const pushEdit = nextPush<PostSubmissionPush>(authorSocket, 'post.submission', (p) => p.id === id && p.studentId === ids.childA);
    expect((await call<Submission>(`/api/posts/${id}/submissions`, { method: 'PUT', token: tokens.jz202511002, json: { text: '老大改过', studentId: ids.childA } })).body.data?.text).toBe('老大改过');
    expect((await pushEdit).submitted).toBe(true);
    const mine = (await call<Submission[]>(`/api/posts/${id}/submissions`, { token: tokens.jz202511002 })).body.data as Submission[];
    expect(mine.map((s) => s.studentId).sort()).toEqual([ids.childA, ids.childB].sort());
    const all = (await call<Submission[]>(`/api/posts/${id}/submissions`, { token: tokens.headteacher })).body.data as Submission[];
    expect(all.map((s) => s.studentId).sort()).toEqual([ids.childA, ids.childB].sort());
  });

  it('a late hand-in is pushed as late', async () => {
    const authorSocket = await connectSocket(tokens.headteacher);
    sockets.push(authorSocket);
    // a due time cannot be set in the past: set tomorrow, then a day passes (the due time moved back in the database)
    const res = await create({ kind: 'homework', title: `迟交 ${Date.now()}`, body: '', audience: { classIds: [ids.class1] }, courseId: ids.math, dueAt: inDays(1), publish: true });
    const id = res.body.data?.id as string;
    await one(`UPDATE post SET due_at = now() - interval '1 day' WHERE id = $1 RETURNING id`, [id]);
    const pushed = nextPush<PostSubmissionPush>(authorSocket, 'post.submission', (p) => p.id === id);
    expect((await call<Submission>(`/api/posts/${id}/submissions`, { token: tokens.student, json: { text: '晚了' } })).body.data?.late).toBe(true);
    expect((await pushed).late).toBe(true);
  });
});
