import { beforeAll, describe, expect, it } from '@jest/globals';
import type { MenuNode, Page, PermissionInfo, WorkflowCommandResult, WorkflowTaskItem } from '@schoolflow/contracts';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { flowCalls, isoOf, leaveForm, schoolTime, submitOk as submitLeave } from '../support/workflow.js';

const { submit, act, view } = flowCalls('travel');

// 外出申请 end to end (docs/product/workflows.md#travel): the second flow, declared on the kit — everything here is the engine's and the
// kit's, read from travel's declaration.
let student: string;
let parent: string;
let head: string;
let office: string;
let teacher: string;

const form = (over: Record<string, unknown> = {}) => ({ destination: '市图书馆', start: schoolTime(1, '13:00'), end: schoolTime(1, '17:30'), reason: '查阅资料', transport: 'bus', ...over });
const eventCount = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'travel'`)).rows[0].n as number);

async function submitOk(token: string, body: unknown = form()): Promise<string> {
  const res: CallResult<WorkflowCommandResult> = await submit(token, body);
  if (!res.body.data) throw new Error(`submit failed: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

/** The messages an instance caused, as `account:titleKey`, once the subscription has written `atLeast` of them. */
async function messagesOf(id: string, atLeast: number): Promise<string[]> {
  const read = () =>
    withDb(async (c) => (await c.query(`SELECT u.account || ':' || m.title_key AS m FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.link LIKE $1 ORDER BY 1`, [`%${id}`])).rows.map((r) => r.m as string));
  const until = Date.now() + 10_000;
  let rows = await read();
  while (rows.length < atLeast && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    rows = await read();
  }
  return rows;
}

const menuUrls = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.menuurl, ...menuUrls(n.menus)]);

beforeAll(async () => {
  [student, parent, head, office, teacher] = (await Promise.all(['student', 'jz202511001', 'headteacher', 'office', 'teacher'].map((a) => login(a)))) as [string, string, string, string, string];
});

describe('travel: registered on the kit', () => {
  it('students and parents find its form under 业务申请; a teacher does not; everyone may open its detail page', async () => {
    const urls = async (token: string) => menuUrls((await call<PermissionInfo>('/ms/getPermission', { token })).body.data?.menus ?? []);
    for (const token of [student, parent]) expect(await urls(token)).toEqual(expect.arrayContaining(['/apply/travel/new', '/apply/travel/detail']));
    expect(await urls(teacher)).not.toContain('/apply/travel/new');
    expect(await urls(head)).toContain('/apply/travel/detail');
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM wf_flow_registration WHERE flow IN ('leave', 'travel')`)).rows[0].n)).toBe(2);
  });
});

describe('travel: the whole flow', () => {
  it('student → head teacher → office → passed; the history, the queues and the messages of each step', async () => {
    const submitted = await submit(student, form());
    expect(submitted.body).toMatchObject({ code: 200, result: true, msg: '外出申请已提交', data: { version: 1, state: 'headTeacherReview' } });
    const id = submitted.body.data?.id as string;

    const queue = await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?flow=travel&size=50', { token: head });
    expect(queue.body.data?.list.find((t) => t.id === id)).toMatchObject({ flow: 'travel', state: 'headTeacherReview', can: ['APPROVE', 'REJECT'], student: { studentNo: '202511001' } });

    expect((await act(head, id, { type: 'APPROVE', comment: '注意安全' })).body.data).toMatchObject({ version: 2, state: 'officeReview' });
    expect((await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?size=50', { token: office })).body.data?.list.some((t) => t.id === id)).toBe(true);
    expect((await act(office, id, { type: 'APPROVE' })).body.data).toMatchObject({ version: 3, state: 'approved' });

    const v = (await view(parent, id)).body.data;
    expect(v).toMatchObject({ flow: 'travel', state: 'approved', status: { review: 'passed' }, assignees: [], can: [] });
    expect(v?.form).toMatchObject({ destination: '市图书馆', transport: 'bus', reason: '查阅资料', start: isoOf(schoolTime(1, '13:00')), end: isoOf(schoolTime(1, '17:30')) });
    expect(v?.history.map((h) => [h.type, h.actorName, h.state, h.comment])).toEqual([
      ['SUBMIT', '王子轩', 'headTeacherReview', null],
      ['APPROVE', '张老师', 'officeReview', '注意安全'],
      ['APPROVE', '李主任', 'approved', null],
    ]);
    // the head teacher was told of the task, the office of theirs; the student and the parent of each decision
    expect(await messagesOf(id, 6)).toEqual(
      expect.arrayContaining([
        'headteacher:messages.flowTask.title',
        'office:messages.flowTask.title',
        'jz202511001:messages.flowStepApproved.title',
        'jz202511001:messages.flowApproved.title',
        'student:messages.flowApproved.title',
      ]),
    );
  });

  it('a rejection needs a reason; the applicant side hears why', async () => {
    const id = await submitOk(student);
    const bare = await act(head, id, { type: 'REJECT' });
    expect(bare.status).toBe(422);
    expect(bare.body).toMatchObject({ result: false, msg: '驳回时必须填写理由' });
    expect((await act(head, id, { type: 'REJECT', comment: '期中考试周' })).body.data?.state).toBe('rejected');
    expect((await view(student, id)).body.data?.status).toEqual({ review: 'rejected' });
    expect(await messagesOf(id, 3)).toEqual(expect.arrayContaining(['jz202511001:messages.flowRejected.title']));
    const late = await act(office, id, { type: 'APPROVE' });
    expect([403, 422]).toContain(late.status);
  });

  it('a parent applies for their child and withdraws before anyone decides; the head teacher is told', async () => {
    const id = await submitOk(parent, form({ studentId: '202511001' }));
    expect((await view(head, id)).body.data?.student?.studentNo).toBe('202511001');
    expect((await act(student, id, { type: 'WITHDRAW' })).status).toBe(403); // the applicant is the parent
    expect((await act(parent, id, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await messagesOf(id, 2)).toEqual(expect.arrayContaining(['headteacher:messages.flowWithdrawn.title']));
    const after = await act(head, id, { type: 'APPROVE' });
    expect(after.status).toBe(422);
    expect(after.body.msg).toBe('该申请已结束，不能再执行此操作');
  });
});

describe('one list of every flow (我的申请, 申请记录)', () => {
  it('my applications hold leave and travel, newest first; flow= narrows; the head teacher’s records hold what they review', async () => {
    await submitLeave(parent, leaveForm(1, { studentId: '202511001' }));
    const travelId = await submitOk(parent, form({ studentId: '202511001' }));
    const mine = (await call<Page<{ id: string; flow: string }>>('/api/workflows?scope=mine&size=200', { token: parent })).body.data;
    expect(mine?.list[0]?.id).toBe(travelId);
    const kinds = new Set(mine?.list.map((r) => r.flow));
    expect(kinds.has('leave') && kinds.has('travel')).toBe(true); // (other files' flows may be there too)
    const onlyTravel = (await call<Page<{ flow: string }>>('/api/workflows?scope=mine&flow=travel&size=200', { token: parent })).body.data;
    expect(onlyTravel?.list.every((r) => r.flow === 'travel')).toBe(true);
    expect(onlyTravel?.total).toBeLessThan(mine?.total ?? 0);
    const records = (await call<Page<{ id: string }>>('/api/workflows?scope=all&size=200', { token: head })).body.data;
    expect(records?.list.some((r) => r.id === travelId)).toBe(true);
    // a teacher who reviews nothing of it sees none of it
    expect((await call<Page<{ id: string }>>('/api/workflows?scope=all&size=200', { token: teacher })).body.data?.list.some((r) => r.id === travelId)).toBe(false);
    const bad = await call('/api/workflows?scope=mine&flow=Leave!', { token: parent });
    expect([bad.status, bad.body.result]).toEqual([400, false]);
  });
});

describe('travel: bad input answers the envelope, in the caller’s language, and writes nothing', () => {
  it('end before start, a missing destination, a transport not on the list, too long a reason', async () => {
    const before = await eventCount();
    const cases: [Record<string, unknown>, string, 'zh' | 'en'][] = [
      [form({ end: schoolTime(1, '12:00') }), '结束时间不能早于开始时间', 'zh'],
      [form({ end: schoolTime(1, '12:00') }), 'The end cannot be before the start', 'en'],
      [form({ destination: '   ' }), '请输入外出目的地', 'zh'],
      [form({ destination: undefined }), 'Please enter where the student is going', 'en'],
      [form({ transport: 'rocket' }), '请选择列表中的交通方式', 'zh'],
      [form({ reason: 'x'.repeat(501) }), '外出事由不能超过500个字符', 'zh'],
      [form({ start: 'tomorrow' }), '时间格式不正确，请使用 YYYY-MM-DD HH:mm', 'zh'],
    ];
    for (const [body, msg, lang] of cases) {
      const res = await submit(student, body, lang);
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    // the same instant is allowed (the spec: the end not before the start)
    expect((await submit(student, form({ end: schoolTime(1, '13:00') }))).body.result).toBe(true);
    expect(await eventCount()).toBe(before + 1);
  });

  it('a teacher may not start it (403, logged); a parent names only their own child', async () => {
    const res = await submit(teacher, form());
    expect([res.status, res.body.msg]).toEqual([403, '您没有提交此类申请的权限']);
    const denied = await withDb(async (c) => (await c.query(`SELECT action, target FROM sys_operation_log WHERE account = 'teacher' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(denied).toEqual({ action: 'access.denied', target: 'POST workflows/travel' });
    const notMine = await submit(parent, form({ studentId: '202521001' }));
    expect([notMine.status, notMine.body.result]).toEqual([403, false]);
  });
});
