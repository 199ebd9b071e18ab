import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowAssignee, WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { flowCalls, until } from '../support/workflow.js';

const { submit, act, view } = flowCalls('repair');

// 报修 end to end (docs/product/repairs.md): anyone reports → the office dispatches to a maintenance worker → fixed →
// the reporter confirms, with an urge between; bad input writes nothing; a fixed repair left alone closes by timeout.
let student: string;
let office: string;
let worker: string;
let teacher: string;
let workerId: string;
let teacherId: string;
let water: string;

const form = (over: Record<string, unknown> = {}) => ({ typeId: water, location: '教学楼A座203', description: '日光灯不亮', urgency: 'urgent', ...over });
const repairEvents = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'repair'`)).rows[0].n as number);
const titlesOf = (account: string, id: string) =>
  withDb(async (c) => (await c.query(`SELECT m.title_key FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = $1 AND m.link LIKE $2`, [account, `%${id}%`])).rows.map((r: { title_key: string }) => r.title_key));

async function uploadPng(token: string): Promise<string> {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082', 'hex');
  const body = new FormData();
  body.append('file', new Blob([png], { type: 'image/png' }), '灯管.png');
  const up = await fetch(`${process.env.E2E_BASE_URL}/server/file/upload?maxSize=2048&types=.jpg,.jpeg,.png`, { method: 'POST', headers: { 'X-Access-Token': token }, body });
  return ((await up.json()) as { data: { resId: string }[] }).data[0]?.resId as string;
}

beforeAll(async () => {
  [student, office, worker, teacher] = (await Promise.all(['student', 'office', 'repairman', 'teacher'].map((a) => login(a)))) as [string, string, string, string];
  [water, workerId, teacherId] = await withDb(async (c) => {
    const type = (await c.query(`SELECT id FROM repair_type WHERE name = '水电'`)).rows[0].id as string;
    const users = (await c.query(`SELECT account, id FROM sys_user WHERE account IN ('repairman', 'teacher')`)).rows as { account: string; id: string }[];
    return [type, users.find((u) => u.account === 'repairman')?.id as string, users.find((u) => u.account === 'teacher')?.id as string];
  });
});

describe('repair', () => {
  it('report → dispatch → fixed → confirmed, with an urge in between; a stranger cannot dispatch', async () => {
    // everyone finds 报修申请; the worker and the office 维修管理; the types are the office's
    const urls = async (token: string) => {
      const menus = (await call<{ menus: { menuurl: string; menus: { menuurl: string }[] }[] }>('/ms/getPermission', { token })).body.data?.menus ?? [];
      return menus.flatMap((m) => [m.menuurl, ...m.menus.map((x) => x.menuurl)]);
    };
    expect(await urls(student)).toContain('/bxgl/bxsq');
    expect(await urls(worker)).toEqual(expect.arrayContaining(['/bxgl/bxsq', '/bxgl/wxgl']));
    expect(await urls(office)).toEqual(expect.arrayContaining(['/bxgl/wxgl', '/bxgl/bxlxgl']));
    const types = (await call<{ list: { name: string }[] }>('/api/repairs/repair-types?size=50', { token: office })).body.data?.list.map((t) => t.name);
    expect(types).toEqual(expect.arrayContaining(['水电', '门窗', '多媒体设备', '网络']));
    expect((await call('/api/repairs/repair-types', { token: student })).status).toBe(403);
    const options = (await call<{ value: string; label: string }[]>('/api/workflows/repair/options/typeId', { token: student })).body.data ?? [];
    expect(options.map((o) => o.label).slice(0, 4)).toEqual(['水电', '门窗', '多媒体设备', '网络']);

    const photo = await uploadPng(student);
    const res = await submit(student, form({ photos: [photo] }));
    expect(res.body).toMatchObject({ result: true, data: { state: 'dispatching' } });
    const id = res.body.data?.id as string;
    const seen = (await view(student, id)).body.data as WorkflowInstanceView;
    expect(seen.form).toMatchObject({ typeId: '水电', location: '教学楼A座203', urgency: 'urgent', photos: [photo] });
    expect(seen.status).toEqual({ review: 'unreviewed' });

    // the urge reaches the office; a second within the hour is "not yet"
    expect((await act(student, id, { type: 'URGE' })).body.data?.state).toBe('dispatching');
    expect((await act(student, id, { type: 'URGE' })).status).toBe(429);

    // a stranger cannot dispatch; the office only to a maintenance worker, whom the picker offers
    // (one who may not read it is told it is not there; the reporter, who may, that it is not theirs)
    const stranger = await act(teacher, id, { type: 'DISPATCH', toUserId: workerId });
    expect([stranger.status, stranger.body.result]).toEqual([404, false]);
    expect((await act(student, id, { type: 'DISPATCH', toUserId: workerId })).status).toBe(403);
    const notWorker = await act(office, id, { type: 'DISPATCH', toUserId: teacherId });
    expect([notWorker.status, notWorker.body.result]).toEqual([422, false]);
    const picker = (await call<WorkflowAssignee[]>(`/api/workflows/repair/${id}/transfer-candidates?command=DISPATCH`, { token: office })).body.data ?? [];
    expect(picker.map((p) => p.id)).toEqual([workerId]);
    expect((await act(office, id, { type: 'DISPATCH', toUserId: workerId })).body.data?.state).toBe('repairing');

    expect((await act(office, id, { type: 'FIX' })).status).toBe(403);
    expect((await act(worker, id, { type: 'FIX', comment: '已更换灯管' })).body.data?.state).toBe('fixed');
    const toConfirm = (await view(student, id)).body.data as WorkflowInstanceView;
    expect(toConfirm.can).toEqual(expect.arrayContaining(['CONFIRM', 'REOPEN']));
    expect((await act(student, id, { type: 'CONFIRM' })).body.data?.state).toBe('confirmed');
    expect(((await view(student, id)).body.data as WorkflowInstanceView).status).toEqual({ review: 'passed' });

    // each one heard of what was theirs
    expect(await until(() => titlesOf('office', id), (k) => k.includes('messages.urged.title') && k.includes('messages.repairToDispatch.title'))).toEqual(expect.arrayContaining(['messages.urged.title']));
    expect(await until(() => titlesOf('repairman', id), (k) => k.includes('messages.repairConfirmed.title'))).toEqual(expect.arrayContaining(['messages.repairWorkOrder.title']));
    expect(await until(() => titlesOf('student', id), (k) => k.includes('messages.repairFixed.title'))).toEqual(expect.arrayContaining(['messages.repairDispatched.title']));
  });

  it('bad input — 5 photos, too long a description, an unknown type — answers the envelope and writes nothing', async () => {
    const before = await repairEvents();
    const five = await submit(student, form({ photos: Array.from({ length: 5 }, () => '00000000-0000-4000-8000-000000000001') }));
    expect([five.status, five.body]).toEqual([400, { code: 400, result: false, msg: '上传的图片不能超过4张' }]);
    const long = await submit(student, form({ description: '坏'.repeat(501) }), 'en');
    expect([long.status, long.body]).toEqual([400, { code: 400, result: false, msg: 'The description is at most 500 characters' }]);
    const unknown = await submit(student, form({ typeId: '00000000-0000-4000-8000-000000000002' }));
    expect([unknown.status, unknown.body]).toEqual([422, { code: 422, result: false, msg: '请选择一个已启用的报修类型' }]);
    expect(await repairEvents()).toBe(before);
  });

  it('a fixed repair the reporter leaves alone closes by itself after the type’s days (the engine’s timer)', async () => {
    // the API takes whole days; the test shortens this type's wait in its table to ~2 s
    const quick = await withDb(async (c) => (await c.query(`INSERT INTO repair_type (name, close_after_days, sort) VALUES ('e2e 快速关闭', 0.00002, 99) ON CONFLICT (name) DO UPDATE SET close_after_days = 0.00002 RETURNING id`)).rows[0].id as string);
    const id = (await submit(student, form({ typeId: quick }))).body.data?.id as string;
    await act(office, id, { type: 'DISPATCH', toUserId: workerId });
    await act(worker, id, { type: 'FIX' });
    const closed = await until(() => view(student, id), (r) => r.body.data?.state === 'closed', 15_000);
    expect(closed.body.data?.status).toEqual({ review: 'passed', extra: 'autoClosed' });
    expect(closed.body.data?.history.at(-1)).toMatchObject({ type: 'CLOSE', actorId: null, actorName: '系统' });
    expect((await act(student, id, { type: 'CONFIRM' })).status).toBe(422);
  });
});
