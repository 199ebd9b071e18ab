import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, WorkflowAssignee, WorkflowCommandResult, WorkflowTaskItem } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { flowCalls, schoolTime } from '../support/workflow.js';

// 转办 and 抄送 (docs/product/workflows.md#transfer, #cc): what every flow gets from the kit, tried on travel (and the same on leave).
let student: string;
let head: string;
let otherHead: string;
let teacher: string;
let ids: Record<string, string>;

const userId = (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0].id as string);
const start = (token: string, flow = 'travel') =>
  call<WorkflowCommandResult>(`/api/workflows/${flow}`, {
    token,
    json:
      flow === 'travel'
        ? { destination: '少年宫', start: schoolTime(2, '14:00'), end: schoolTime(2, '16:00'), reason: '参加比赛' }
        : { type: 'personal', start: schoolTime(2, '08:00'), end: schoolTime(2, '12:00'), reason: '看牙医' },
  });
const act = (token: string, flow: string, id: string, body: Record<string, unknown>) => flowCalls(flow).act(token, id, body);
const view = (token: string, flow: string, id: string) => flowCalls(flow).view(token, id);
const inQueue = async (token: string, id: string) => (await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?size=1000', { token })).body.data?.list.some((t) => t.id === id) ?? false;
async function messaged(account: string, id: string, titleKey: string): Promise<boolean> {
  const until = Date.now() + 10_000;
  for (;;) {
    const n = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = $1 AND m.link LIKE $2 AND m.title_key = $3`, [account, `%${id}`, titleKey])).rows[0].n as number);
    if (n > 0 || Date.now() > until) return n > 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  [student, head, otherHead, teacher] = (await Promise.all(['student', 'headteacher', 'teacher01', 'teacher'].map((a) => login(a)))) as [string, string, string, string];
  ids = { teacher01: await userId('teacher01'), office: await userId('office'), teacher: await userId('teacher') };
});

describe('转办: a reviewer hands the step to another holder of its role', () => {
  for (const flow of ['travel', 'leave']) {
    it(`${flow}: only holders of the step's role are offered and accepted; the step moves to them, with the history and a message`, async () => {
      const id = (await start(student, flow)).body.data?.id as string;
      // the choices: the other head teachers, not the one who holds it now
      const candidates = (await call<WorkflowAssignee[]>(`/api/workflows/${flow}/${id}/transfer-candidates`, { token: head })).body.data ?? [];
      expect(candidates.map((c) => c.id)).toContain(ids.teacher01);
      expect(candidates.some((c) => c.name === '张老师')).toBe(false);
      // the applicant may not, and is offered no one
      expect((await call<WorkflowAssignee[]>(`/api/workflows/${flow}/${id}/transfer-candidates`, { token: student })).body.data).toEqual([]);
      expect((await view(head, flow, id)).body.data?.more).toEqual(expect.arrayContaining(['TRANSFER', 'CC']));

      const notHolder = await act(head, flow, id, { type: 'TRANSFER', toUserId: ids.office });
      expect([notHolder.status, notHolder.body.msg]).toEqual([422, '只能转办给担任本环节角色的用户']);
      expect((await act(head, flow, id, { type: 'TRANSFER' })).status).toBe(400);
      expect((await act(student, flow, id, { type: 'TRANSFER', toUserId: ids.teacher01 })).status).toBe(403);

      const moved = await act(head, flow, id, { type: 'TRANSFER', toUserId: ids.teacher01, comment: '出差，请代为审批' });
      expect(moved.body.data).toMatchObject({ version: 2, state: 'headTeacherReview' });
      expect(await inQueue(head, id)).toBe(false);
      expect(await inQueue(otherHead, id)).toBe(true);
      const v = (await view(otherHead, flow, id)).body.data;
      expect(v?.assignees.map((a) => a.name)).toEqual(['孙老师']);
      expect(v?.history.at(-1)).toMatchObject({ type: 'TRANSFER', actorName: '张老师', comment: '出差，请代为审批', targets: [{ id: ids.teacher01, name: '孙老师' }] });
      expect(await messaged('teacher01', id, 'messages.transferred.title')).toBe(true);
      expect((await act(head, flow, id, { type: 'APPROVE' })).status).toBe(403);
      expect((await act(otherHead, flow, id, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');
    });
  }
});

describe('抄送: the applicant or a reviewer copies people, who are messaged and may read it', () => {
  it('a teacher who could not see the request may after being copied; bad lists are refused; an outsider cannot copy', async () => {
    const id = (await start(student)).body.data?.id as string;
    expect((await view(teacher, 'travel', id)).status).toBe(404);
    expect((await act(teacher, 'travel', id, { type: 'CC', userIds: [ids.office] })).status).toBe(404);
    const bad = await act(student, 'travel', id, { type: 'CC', userIds: ['not-a-user'] });
    expect([bad.status, bad.body.msg]).toEqual([400, '抄送对象无效']);
    expect((await act(student, 'travel', id, { type: 'CC', userIds: [] })).body.msg).toBe('请选择抄送对象');
    // people whose name or account has the text, for one who may copy
    const found = (await call<WorkflowAssignee[]>(`/api/workflows/travel/${id}/cc-candidates?q=teacher`, { token: student })).body.data ?? [];
    expect(found.map((f) => f.id)).toContain(ids.teacher);

    const copied = await act(student, 'travel', id, { type: 'CC', userIds: [ids.teacher] });
    expect(copied.body.data).toMatchObject({ version: 2, state: 'headTeacherReview' });
    const seen = await view(teacher, 'travel', id);
    expect(seen.status).toBe(200);
    expect(seen.body.data?.can).toEqual([]); // reading is all a copied person may do
    expect(seen.body.data?.history.at(-1)).toMatchObject({ type: 'CC', targets: [{ id: ids.teacher, name: '陈老师' }] });
    expect(await messaged('teacher', id, 'messages.copied.title')).toBe(true);
    expect((await call<Page<{ id: string }>>('/api/workflows?scope=all&size=1000', { token: teacher })).body.data?.list.some((r) => r.id === id)).toBe(true);
    // the head teacher's queue is unchanged by it
    expect(await inQueue(head, id)).toBe(true);
    expect((await call<WorkflowAssignee[]>(`/api/workflows/travel/${id}/cc-candidates?q=`, { token: student })).body.data).toEqual([]);
  });
});
