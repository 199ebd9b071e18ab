import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, WorkflowListItem, WorkflowTaskItem } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { act, isoOf, leaveForm, schoolTime, submitLeave, submitOk, view } from '../support/workflow.js';

let student: string;
let parent: string;
let head: string;
let office: string;
let principal: string;
let teacher: string;
let otherStudent: string;

beforeAll(async () => {
  [student, parent, head, office, principal, teacher] = (await Promise.all(['student', 'jz202511001', 'headteacher', 'office', 'principal', 'teacher'].map((a) => login(a)))) as [string, string, string, string, string, string];
  // another student of the same class, signing in with the student number
  const other = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.student_no = '202521001'`)).rows[0] as { account: string });
  otherStudent = await login(other.account);
});

describe('leave: the whole flow', () => {
  it('≤ 3 days: head teacher → office → approved, visible at once to each actor, with the full history', async () => {
    const submitted = await submitLeave(student, leaveForm(2));
    expect(submitted.body).toMatchObject({ code: 200, result: true, msg: '请假申请已提交', data: { version: 1, state: 'headTeacherReview' } });
    const id = submitted.body.data?.id as string;

    // the reviewer's queue shows it on the very next read
    const queue = await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?current=1&size=50', { token: head });
    const task = queue.body.data?.list.find((t) => t.id === id);
    expect(task).toMatchObject({ state: 'headTeacherReview', can: ['APPROVE', 'REJECT'], student: { name: '王子轩', studentNo: '202511001', className: '高一(1)班' } });

    const first = await act(head, id, { type: 'APPROVE', comment: '同意' }, 1);
    expect(first.body).toMatchObject({ result: true, data: { version: 2, state: 'officeReview' } });
    // the head teacher's queue no longer has it; the office queue does
    expect((await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?size=50', { token: head })).body.data?.list.some((t) => t.id === id)).toBe(false);
    expect((await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?size=50', { token: office })).body.data?.list.some((t) => t.id === id)).toBe(true);

    const second = await act(office, id, { type: 'APPROVE' }, 2);
    expect(second.body.data).toMatchObject({ version: 3, state: 'approved.notCancelled' });

    const v = (await view(student, id)).body.data;
    expect(v).toMatchObject({ state: 'approved.notCancelled', status: { review: 'passed', extra: 'notCancelled' }, version: 3, assignees: [] });
    expect(v?.history.map((h) => [h.type, h.actorName, h.state, h.comment])).toEqual([
      ['SUBMIT', '王子轩', 'headTeacherReview', null],
      ['APPROVE', '张老师', 'officeReview', '同意'],
      ['APPROVE', '李主任', 'approved.notCancelled', null],
    ]);
    expect(v?.can).toEqual(['CANCEL_LEAVE']);
    expect(v?.form).toMatchObject({ type: 'personal', durationHours: 47, durationDays: 2 });
  });

  it('> 3 days also goes to the principal', async () => {
    const id = await submitOk(student, leaveForm(5));
    await act(head, id, { type: 'APPROVE' });
    const atOffice = await act(office, id, { type: 'APPROVE' });
    expect(atOffice.body.data?.state).toBe('principalReview');
    expect((await view(student, id)).body.data?.assignees.map((a) => a.name)).toEqual(['王校长']);
    const done = await act(principal, id, { type: 'APPROVE', comment: '注意安全' });
    expect(done.body.data?.state).toBe('approved.notCancelled');
  });

  it('a rejection needs a reason (422) and with one ends the flow', async () => {
    const id = await submitOk(parent, leaveForm(1, { type: 'sick', reason: '发烧' }));
    const noReason = await act(head, id, { type: 'REJECT' });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toEqual({ code: 422, result: false, msg: '驳回时必须填写理由' });
    const blank = await act(head, id, { type: 'REJECT', comment: '' }, undefined, 'en');
    expect(blank.body.msg).toBe('A rejection needs a reason');
    const rejected = await act(head, id, { type: 'REJECT', comment: '请补充医院证明' });
    expect(rejected.body.data?.state).toBe('rejected');
    const v = (await view(parent, id)).body.data;
    expect(v?.status).toEqual({ review: 'rejected' });
    expect(v?.history.at(-1)).toMatchObject({ type: 'REJECT', comment: '请补充医院证明' });
    expect((await act(office, id, { type: 'APPROVE' })).status).toBe(422);
  });

  it('the applicant may withdraw while pending; nobody else may; not after the end', async () => {
    const id = await submitOk(student, leaveForm(1));
    expect((await act(parent, id, { type: 'WITHDRAW' })).status).toBe(403);
    expect((await act(head, id, { type: 'WITHDRAW' })).status).toBe(403);
    const w = await act(student, id, { type: 'WITHDRAW', comment: '不需要了' });
    expect(w.body.data?.state).toBe('withdrawn');
    expect((await view(student, id)).body.data?.status).toEqual({ review: 'withdrawn' });
    expect((await act(student, id, { type: 'WITHDRAW' })).status).toBe(422);
  });

  it('cancel-leave records the return inside the leave, and refuses one outside it', async () => {
    const id = await submitOk(student, leaveForm(2));
    await act(head, id, { type: 'APPROVE' });
    await act(office, id, { type: 'APPROVE' });
    const outside = await act(student, id, { type: 'CANCEL_LEAVE', returnedAt: schoolTime(8, '08:00') });
    expect(outside.status).toBe(422);
    expect(outside.body.msg).toBe('实际返校时间必须在请假时间范围内');
    const missing = await act(student, id, { type: 'CANCEL_LEAVE' });
    expect(missing.body).toEqual({ code: 400, result: false, msg: '请填写实际返校时间' });
    expect((await act(office, id, { type: 'CANCEL_LEAVE', returnedAt: schoolTime(1, '10:00') })).status).toBe(403);
    const inside = await act(student, id, { type: 'CANCEL_LEAVE', returnedAt: schoolTime(1, '10:00') });
    expect(inside.body.data?.state).toBe('approved.cancelled');
    const v = (await view(head, id)).body.data;
    expect(v?.status).toEqual({ review: 'passed', extra: 'cancelled' });
    expect(v?.context.returnedAt).toBe(isoOf(schoolTime(1, '10:00')));
    expect((await act(student, id, { type: 'CANCEL_LEAVE', returnedAt: schoolTime(1, '11:00') })).body.msg).toBe('该请假已销假');
  });
});

describe('leave: who may do what', () => {
  it('the wrong reviewer gets 403; a reviewer of a later step cannot act early', async () => {
    const id = await submitOk(student, leaveForm(1));
    for (const token of [teacher, office, principal, otherStudent]) {
      const res = await act(token, id, { type: 'APPROVE' });
      expect([403, 404]).toContain(res.status);
      expect(res.body.result).toBe(false);
    }
    expect((await act(office, id, { type: 'APPROVE' })).body).toEqual({ code: 403, result: false, msg: '没有访问权限' });
  });

  it('nobody reviews their own request: the applicant cannot approve it', async () => {
    const id = await submitOk(student, leaveForm(1));
    const res = await act(student, id, { type: 'APPROVE' });
    expect(res.status).toBe(403);
  });

  it('a step whose reviewer is the applicant falls to the next reviewer, and the history says why', async () => {
    // the head teacher is also the parent of a student in their own class
    const kid = await withDb(async (c) => {
      const row = (await c.query(`SELECT s.id, s.student_no FROM student s JOIN admin_class c ON c.id = s.class_id WHERE c.name = '高一(1)班' AND s.student_no = '202521002'`)).rows[0] as { id: string; student_no: string };
      await c.query(`INSERT INTO guardian (user_id, student_id) SELECT id, $1 FROM sys_user WHERE account = 'headteacher' ON CONFLICT DO NOTHING`, [row.id]);
      await c.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.account = 'headteacher' AND r.code = 'parent' ON CONFLICT DO NOTHING`);
      return row;
    });
    const res = await submitLeave(head, leaveForm(1, { studentId: kid.student_no }));
    expect(res.body.data?.state).toBe('officeReview');
    const v = (await view(head, res.body.data?.id as string)).body.data;
    expect(v?.history.map((h) => [h.type, h.reason ?? null, h.state])).toEqual([
      ['SUBMIT', null, 'headTeacherReview'],
      ['SKIP_STEP', 'applicant_is_reviewer', 'officeReview'],
    ]);
    expect(v?.can).toEqual(['WITHDRAW', 'URGE']); // URGE: every flow's since issue 14 (urge.e2e-spec)
    expect((await act(head, res.body.data?.id as string, { type: 'APPROVE' })).status).toBe(403);
    expect((await act(office, res.body.data?.id as string, { type: 'APPROVE' })).body.data?.state).toBe('approved.notCancelled');
  });

  it('a parent sees only their own child; a student only their own; another id answers 404', async () => {
    const mine = await submitOk(student, leaveForm(1));
    const theirs = await submitOk(otherStudent, leaveForm(1));
    expect((await view(parent, mine)).status).toBe(200);
    expect((await view(student, mine)).status).toBe(200);
    for (const [token, id] of [[parent, theirs], [student, theirs], [otherStudent, mine], [teacher, mine]] as const) {
      const res = await view(token, id);
      expect(res.status).toBe(404);
      expect(res.body.result).toBe(false);
    }
    const parentList = await call<Page<WorkflowListItem>>('/api/workflows/leave?scope=mine&size=100', { token: parent });
    expect(parentList.body.data?.list.length).toBeGreaterThan(0);
    expect(parentList.body.data?.list.every((i) => i.student?.studentNo === '202511001')).toBe(true);
    const otherList = await call<Page<WorkflowListItem>>('/api/workflows/leave?scope=all&size=100', { token: otherStudent });
    expect(otherList.body.data?.list.every((i) => i.student?.studentNo === '202521001')).toBe(true);
    // a parent cannot apply for someone else's child
    const notMine = await submitLeave(parent, leaveForm(1, { studentId: '202521001' }));
    expect(notMine.status).toBe(403);
    expect(notMine.body.msg).toBe('只能为自己的孩子请假');
    // a teacher is neither student nor parent: refused, and the refusal is logged
    expect((await submitLeave(teacher, leaveForm(1))).body).toEqual({ code: 403, result: false, msg: '只有学生本人或家长可以提交请假申请' });
    const denied = await withDb(async (c) => (await c.query(`SELECT action, result FROM sys_operation_log WHERE account = 'teacher' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(denied).toEqual({ action: 'access.denied', result: 'denied' });
  });

  it('lists whom a user may apply for: a student themself, a parent their children, a teacher nobody', async () => {
    const of = async (token: string) => (await call<{ studentNo: string; className: string }[]>('/api/students/mine', { token })).body.data;
    expect(await of(student)).toEqual([expect.objectContaining({ studentNo: '202511001', className: '高一(1)班' })]);
    expect(await of(parent)).toEqual([expect.objectContaining({ studentNo: '202511001' })]);
    expect(await of(teacher)).toEqual([]);
  });

  it('office and principal see all leave; the head teacher sees those they review', async () => {
    const id = await submitOk(otherStudent, leaveForm(1));
    for (const token of [office, principal, head]) {
      const list = await call<Page<WorkflowListItem>>('/api/workflows/leave?scope=all&size=1000', { token });
      expect(list.body.data?.list.some((i) => i.id === id)).toBe(true);
    }
  });
});

describe('leave: bad input', () => {
  it.each([
    [{ ...leaveForm(1), type: 'holiday' }, '请选择请假类型'],
    [{ ...leaveForm(1), reason: '   ' }, '请输入请假事由'],
    [{ ...leaveForm(1), reason: 'x'.repeat(501) }, '请假事由不能超过500个字符'],
    [{ ...leaveForm(1), start: '2026-13-40 25:00' }, '时间格式不正确，请使用 YYYY-MM-DD HH:mm'],
    [{ ...leaveForm(1), start: 'tomorrow' }, '时间格式不正确，请使用 YYYY-MM-DD HH:mm'],
    [{ ...leaveForm(1), end: schoolTime(-1, '08:00') }, '结束时间不能早于开始时间'],
    // a sane window around the school year (hardening): neither 1970 nor 9999
    [{ ...leaveForm(1), start: '1970-01-01 08:00' }, /^时间须在 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2} 之间$/],
    [{ ...leaveForm(1), end: '9999-12-31 08:00' }, /^时间须在 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2} 之间$/],
    [{ type: 'sick', reason: 'x' }, '请选择开始时间'],
    [{ ...leaveForm(1), attachments: ['a', 'b'] }, '附件标识不正确'],
    [{ ...leaveForm(1), attachments: Array.from({ length: 5 }, () => '00000000-0000-4000-8000-000000000000') }, '上传的图片不能超过4张'],
    [{ ...leaveForm(1), attachments: ['00000000-0000-4000-8000-000000000000'] }, '只能使用自己上传的图片'],
  ])('refuses %j with a clear message and writes nothing', async (form, msg) => {
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events`)).rows[0] as { n: number });
    const res = await submitLeave(student, form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: false, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) });
    const after = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events`)).rows[0] as { n: number });
    expect(after.n).toBe(before.n);
  });

  it('refuses unknown actions, unknown flows, malformed ids, bad If-Match and long comments', async () => {
    const id = await submitOk(student, leaveForm(1));
    expect((await act(head, id, { type: 'DANCE' })).body).toEqual({ code: 422, result: false, msg: '不支持的操作' });
    expect((await act(head, id, { type: 'approve' })).body).toEqual({ code: 400, result: false, msg: '操作不正确' });
    expect((await act(head, id, {})).body).toEqual({ code: 400, result: false, msg: '请指定操作' });
    expect((await act(head, id, { type: 'APPROVE', comment: 'x'.repeat(501) })).body.msg).toBe('意见不能超过500个字符');
    expect((await act(head, id, { type: 'APPROVE', comment: ' 同意' })).body.msg).toBe('开头和结尾不能有空格');
    expect((await act(head, id, { type: 'APPROVE' }, 'abc')).status).toBe(400);
    expect((await call('/api/workflows/travel-to-mars', { token: student, json: leaveForm(1) })).status).toBe(404);
    expect((await view(student, 'not-a-uuid')).status).toBe(404);
    expect((await call('/api/workflows/leave?scope=everything', { token: student })).body.msg).toBe('范围只能是 mine 或 all');
  });

  it('attaches uploaded pictures; refuses a file whose bytes are not a picture', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), '医院证明.png');
    const up = await fetch(`${process.env.E2E_BASE_URL}/server/file/upload?maxSize=2048&types=.jpg,.jpeg,.png`, { method: 'POST', headers: { 'X-Access-Token': student }, body: form });
    const uploaded = (await up.json()) as { result: boolean; data: { resId: string; resName: string; resSuffix: string }[] };
    expect(uploaded.result).toBe(true);
    expect(uploaded.data[0]).toMatchObject({ resName: '医院证明', resSuffix: '.png' });
    const resId = uploaded.data[0]?.resId as string;

    const fake = new FormData();
    fake.append('file', new Blob(['not a picture at all']), 'fake.jpg');
    const refused = await fetch(`${process.env.E2E_BASE_URL}/server/file/upload?types=.jpg,.png`, { method: 'POST', headers: { 'X-Access-Token': student }, body: fake });
    expect(await refused.json()).toEqual({ code: 400, result: false, msg: '文件内容与扩展名不符，请上传真实的.jpg文件' });

    // another user cannot attach my picture, nor download it before it is attached
    expect((await submitLeave(parent, { ...leaveForm(1), attachments: [resId] })).body.msg).toBe('只能使用自己上传的图片');
    expect((await fetch(`${process.env.E2E_BASE_URL}/server/file/download/${resId}`, { headers: { 'X-Access-Token': head } })).status).toBe(404);

    const id = await submitOk(student, { ...leaveForm(1), attachments: [resId] });
    const v = (await view(head, id)).body.data;
    expect(v?.attachments).toEqual([{ resId, resName: '医院证明', resSuffix: '.png' }]);
    // now the reviewer may download it, with its original name
    const dl = await fetch(`${process.env.E2E_BASE_URL}/server/file/download/${resId}`, { headers: { 'X-Access-Token': head } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('医院证明.png')}`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('leave: concurrency', () => {
  it('50 concurrent approvals of the same step: exactly one succeeds, one event is appended, the others get 409', async () => {
    const id = await submitOk(student, leaveForm(1));
    const results = await Promise.all(Array.from({ length: 50 }, () => act(head, id, { type: 'APPROVE' }, 1)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const conflict = results.find((r) => r.status === 409);
    expect(conflict?.body).toEqual({ code: 409, result: false, msg: '其他人已先一步处理了该申请，请刷新后查看' });
    const events = await withDb(async (c) => (await c.query(`SELECT type, version FROM events WHERE stream_id = $1 ORDER BY version`, [`leave-${id}`])).rows);
    expect(events).toEqual([{ type: 'SUBMIT', version: 1 }, { type: 'APPROVE', version: 2 }]);
  });

  it('a stale If-Match answers 409 and writes nothing', async () => {
    const id = await submitOk(student, leaveForm(1));
    await act(head, id, { type: 'APPROVE' }, 1);
    const stale = await act(office, id, { type: 'APPROVE' }, 1, 'en');
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('Someone else acted on this request first; refresh to see it');
    expect((await view(office, id)).body.data?.version).toBe(2);
  });

  it('events are append-only at the database', async () => {
    await expect(withDb((c) => c.query(`UPDATE events SET type = 'X'`))).rejects.toThrow(/append-only/);
    await expect(withDb((c) => c.query(`DELETE FROM events`))).rejects.toThrow(/append-only/);
  });
});
