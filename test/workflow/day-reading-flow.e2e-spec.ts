import { beforeAll, describe, expect, it } from '@jest/globals';
import { login, withDb } from '../support/api.js';
import { caughtUp, flowCalls, schoolTime, until } from '../support/workflow.js';

const { submit, act } = flowCalls('day-reading');

// 走读申请 end to end: the third flow on the kit, the first with an effect — the student becomes a day student when it
// passes, once, from the committed approval (the effects subscription).
let parent: string;
let student: string;
let head: string;
let office: string;

const day = (days: number) => schoolTime(days, '08:00').slice(0, 10);
const form = (over: Record<string, unknown> = {}) => ({ start: day(7), address: '浦东新区张江路1号', guardianPhone: '13800000000', reason: '家离学校近，可每日往返', ...over });
const boarding = (no: string) => withDb(async (c) => (await c.query(`SELECT boarding, to_char(boarding_from, 'YYYY-MM-DD') AS "from" FROM student WHERE student_no = $1`, [no])).rows[0] as { boarding: string; from: string | null });

beforeAll(async () => {
  [parent, student, head, office] = (await Promise.all(['jz202511001', 'student', 'headteacher', 'office'].map((a) => login(a)))) as [string, string, string, string];
  await withDb((c) => c.query(`UPDATE student SET boarding = 'boarding', boarding_from = NULL WHERE student_no = '202511001'`));
});

describe('day-reading', () => {
  it('parent → head teacher → office → passed: the student is a day student from the day asked, once, even after a replay', async () => {
    const res = await submit(parent, form({ studentId: '202511001' }));
    expect(res.body).toMatchObject({ result: true, msg: '走读申请已提交', data: { state: 'headTeacherReview' } });
    const id = res.body.data?.id as string;
    await act(head, id, { type: 'APPROVE' });
    expect(await boarding('202511001')).toEqual({ boarding: 'boarding', from: null }); // not before it passes
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    expect(await until(() => boarding('202511001'), (b) => b.boarding === 'day')).toEqual({ boarding: 'day', from: day(7) });

    // a replay of the effects from the start applies nothing twice: an office change made since stays
    await withDb((c) => c.query(`UPDATE student SET boarding = 'boarding', boarding_from = NULL WHERE student_no = '202511001'`));
    const applied = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM wf_effect_applied`)).rows[0].n as number);
    await withDb((c) => c.query(`UPDATE subscription_checkpoints SET position = 0, transaction_id = '0'::xid8 WHERE name = 'workflow-effects'`));
    await act(student, (await submit(student, form())).body.data?.id as string, { type: 'WITHDRAW' }); // wakes the subscription
    const caughtUp = () =>
      withDb(async (c) => (await c.query(`SELECT (SELECT position FROM subscription_checkpoints WHERE name = 'workflow-effects') >= (SELECT max(position) FROM events) AS done`)).rows[0].done as boolean);
    expect(await until(caughtUp, (done) => done)).toBe(true); // the whole history went through it again
    expect(await boarding('202511001')).toEqual({ boarding: 'boarding', from: null });
    // each event is recorded once: only the two new ones (the submission and its withdrawal) were added
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM wf_effect_applied`)).rows[0].n as number)).toBe(applied + 2);
  });

  it('a rejection changes nothing', async () => {
    const id = (await submit(student, form())).body.data?.id as string;
    expect((await act(head, id, { type: 'REJECT', comment: '家校距离过远' })).body.data?.state).toBe('rejected');
    await caughtUp('workflow-effects');
    expect((await boarding('202511001')).boarding).toBe('boarding');
  });

  it('bad input: a past day, a wrong phone, no address — in the caller’s language, nothing written', async () => {
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'day-reading'`)).rows[0].n as number);
    const cases: [Record<string, unknown>, string, 'en' | undefined][] = [
      [form({ start: day(-10) }), '走读开始日期不能早于今天', undefined],
      [form({ guardianPhone: '12345' }), '请输入正确的监护人电话（手机号或带区号的座机）', undefined],
      [form({ address: '' }), 'Please enter the home address', 'en'],
      [form({ start: '2026-13-45' }), '日期格式不正确，请使用 YYYY-MM-DD', undefined],
      // a day the calendar does not have (JavaScript's Date reads it as 2 March; PostgreSQL would refuse it in the effect)
      [form({ start: `${new Date().getUTCFullYear() + 1}-02-30` }), '日期格式不正确，请使用 YYYY-MM-DD', undefined],
    ];
    for (const [body, msg, lang] of cases) {
      const res = await submit(student, body, lang);
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'day-reading'`)).rows[0].n as number)).toBe(before);
  });
});
