import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ComponentPath, type PickerPerson, type WorkflowAssignee, type WorkflowCommandResult } from '@schoolflow/contracts';
import { call, login, randomIp, withDb } from '../support/api.js';
import { TEST_SERVER_ENV } from '../support/e2e-environment.js';
import { flowCalls, leaveForm, schoolTime, until } from '../support/workflow.js';

// Issue 32, findings 1 (CC's targets), 2 (CC spams anyone) and 7 (small leaks): the repro of each, refused cleanly.

let student: string;
let head: string;
let parent: string;
let admin: string;
let ids: Record<string, string>;
/** A student of another class than the demo student's, by id and account. */
let stranger: { id: string; account: string };

const travel = flowCalls('travel');
const userId = (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0].id as string);
const startTravel = async (token: string) =>
  (await call<WorkflowCommandResult>('/api/workflows/travel', { token, json: { destination: '少年宫', start: schoolTime(2, '14:00'), end: schoolTime(2, '16:00'), reason: `cc-${randomUUID()}` } })).body.data?.id as string;
const cc = (token: string, id: string, userIds: string[], lang?: 'en') => call<WorkflowCommandResult>(`/api/workflows/travel/${id}/events`, { token, json: { type: 'CC', userIds }, ...(lang ? { lang } : {}) });
const eventsOf = (stream: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM events WHERE stream_id = $1`, [stream])).rows[0].n));
const copiedMessages = (recipient: string, id: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM message WHERE recipient_id = $1 AND link LIKE $2 AND title_key = 'messages.copied.title'`, [recipient, `%${id}`])).rows[0].n));
const candidates = async (token: string, id: string, q: string) => ((await call<WorkflowAssignee[]>(`/api/workflows/travel/${id}/cc-candidates?q=${encodeURIComponent(q)}`, { token })).body.data ?? []).map((c) => c.id);

beforeAll(async () => {
  [student, head, parent, admin] = (await Promise.all(['student', 'headteacher', 'jz202511001', 'admin'].map((a) => login(a)))) as [string, string, string, string];
  const accounts = ['student', 'teacher', 'office', 'principal', 'headteacher', 'teacher01', 'teacher02', 'jz202511001', 'admin'];
  ids = Object.fromEntries(await Promise.all(accounts.map(async (a) => [a, await userId(a)] as const)));
  stranger = await withDb(async (c) =>
    (
      await c.query(
        `SELECT u.id, u.account FROM sys_user u JOIN student s ON s.user_id = u.id
          WHERE u.enabled AND s.class_id <> (SELECT class_id FROM student WHERE user_id = $1) ORDER BY u.account LIMIT 1`,
        [ids.student],
      )
    ).rows[0] as { id: string; account: string },
  );
});

describe('finding 1: a CC names existing, enabled people the request may be shown to', () => {
  it('a CC to a random id or to another class\'s student is refused (422) with a message, nothing is appended, and the picker offers neither', async () => {
    const id = await startTravel(student);
    const nobody = await cc(student, id, [randomUUID()]);
    expect([nobody.status, nobody.body]).toEqual([422, { code: 422, result: false, msg: '只能抄送给学校的教职工，或本申请的学生及家长' }]);
    expect((await cc(student, id, [ids.teacher as string, stranger.id], 'en')).body).toMatchObject({ result: false, msg: "Only the school's staff, or this request's student and parents, can be copied" });
    expect(await eventsOf(`travel-${id}`)).toBe(1);
    expect((await travel.view(admin, id)).body.data?.history.map((h) => h.type)).toEqual(['SUBMIT']);
    // the picker offers exactly whom a CC accepts: staff and the request's own people, not another class's student
    expect(await candidates(student, id, stranger.account)).toEqual([]);
    expect(await candidates(student, id, 'teacher')).toContain(ids.teacher);
    expect(await candidates(head, id, 'jz202511001')).toEqual([ids.jz202511001]);
    // a student copies whom the directory shows them (their teachers, the office, the principal): not the administrator
    expect(await candidates(student, id, 'admin')).toEqual([]);
    expect((await cc(student, id, [ids.admin as string])).status).toBe(422);
    expect(await candidates(head, id, 'admin')).toContain(ids.admin);
    // the parent is the request's own: accepted
    expect((await cc(head, id, [ids.jz202511001 as string])).status).toBe(200);
  });
});

describe('finding 2: CC spams anyone', () => {
  it('the same CC sent 15 times at once goes in once and messages its target once; a repeat is merged; a sender copies at most 3 times an hour (429)', async () => {
    const id = await startTravel(student);
    const burst = await Promise.all(Array.from({ length: 15 }, () => cc(student, id, [ids.teacher as string])));
    expect(burst.map((r) => r.status).sort()).toEqual([200, ...Array<number>(14).fill(422)]);
    expect(burst.find((r) => r.status === 422)?.body.msg).toBe('所选人员都已抄送过，不会重复抄送');

    // a repeat with someone new: only the new one is copied (and messaged)
    expect((await cc(student, id, [ids.teacher as string, ids.office as string])).status).toBe(200);
    const history = (await travel.view(student, id)).body.data?.history ?? [];
    expect(history.filter((h) => h.type === 'CC').map((h) => h.targets?.map((t) => t.id))).toEqual([[ids.teacher], [ids.office]]);

    // the third CC of the hour goes in, the fourth is "too often", in the caller's language; nothing appended
    expect((await cc(student, id, [ids.principal as string])).status).toBe(200);
    const fourth = await cc(student, id, [ids.teacher01 as string]);
    expect([fourth.status, fourth.body]).toEqual([429, { code: 429, result: false, msg: '您一小时内在该申请上抄送的次数已达上限，请稍后再抄送' }]);
    expect((await cc(student, id, [ids.teacher01 as string], 'en')).body.msg).toBe('You have copied people on this request as often as an hour allows; please copy again later');
    expect(await eventsOf(`travel-${id}`)).toBe(4);
    // the limit is the sender's: the head teacher still copies
    expect((await cc(head, id, [ids.teacher02 as string])).status).toBe(200);

    // messages come from the committed events in order: once the last one is messaged, the first one's are all there
    await until(() => copiedMessages(ids.teacher02 as string, id), (n) => n === 1);
    expect(await copiedMessages(ids.teacher as string, id)).toBe(1);
    expect(await copiedMessages(ids.office as string, id)).toBe(1);
  });
});

describe('finding 7: small leaks', () => {
  it('a student\'s directory search finds their teachers and the school office, not other students or every account', async () => {
    const all = (token: string, search: Record<string, string>) =>
      call<{ total: number; rows: PickerPerson[] }>(ComponentPath.userAll, { token, json: { size: 100, page: 0, search: JSON.stringify(search) } });
    const mine = (await all(student, { KEYWORD: '' })).body.data;
    const accounts = (mine?.rows ?? []).map((r) => r.USERID);
    expect(accounts).toEqual(expect.arrayContaining(['headteacher', 'teacher', 'office', 'principal']));
    expect(mine?.rows.every((r) => r.USERTYPE !== '2')).toBe(true);
    expect(accounts).not.toContain('admin');
    expect((await all(student, { KEYWORD: stranger.account })).body.data).toEqual({ total: 0, rows: [] });
    expect((await all(student, { USERTYPE: '2', KEYWORD: '' })).body.data?.total).toBe(0);
    // names by account too: not a way round it
    expect((await call<{ USERID: string }[]>(ComponentPath.users, { token: student, json: { ids: [stranger.account, 'teacher'] } })).body.data?.map((r) => r.USERID)).toEqual(['teacher']);
    // a parent finds their child's teachers; staff find everyone
    expect(((await all(parent, { KEYWORD: '' })).body.data?.rows ?? []).map((r) => r.USERID)).toEqual(expect.arrayContaining(['headteacher', 'office']));
    expect((await all(parent, { KEYWORD: stranger.account })).body.data?.total).toBe(0);
    expect((await all(admin, { KEYWORD: stranger.account })).body.data?.rows.map((r) => r.USERID)).toEqual([stranger.account]);
    expect((await all(head, { KEYWORD: stranger.account })).body.data?.total).toBe(1);
  });

  it('an Idempotency-Key reused for another command answers 422 with a message and changes nothing; the same request again answers its first outcome', async () => {
    const leave = flowCalls('leave');
    const id = (await call<WorkflowCommandResult>('/api/workflows/leave', { token: student, json: leaveForm(1) })).body.data?.id as string;
    const key = randomUUID();
    const send = (body: Record<string, unknown>, lang?: 'en') => call<WorkflowCommandResult>(`/api/workflows/leave/${id}/events`, { token: student, json: body, headers: { 'Idempotency-Key': key }, ...(lang ? { lang } : {}) });
    const urged = await send({ type: 'URGE' });
    expect(urged.body.data).toMatchObject({ version: 2, state: 'headTeacherReview' });
    const withdraw = await send({ type: 'WITHDRAW' });
    expect([withdraw.status, withdraw.body]).toEqual([422, { code: 422, result: false, msg: '该 Idempotency-Key 已用于另一项不同的请求，请刷新后重新操作' }]);
    expect((await send({ type: 'WITHDRAW' }, 'en')).body.msg).toBe('This Idempotency-Key was already used for a different request; refresh and try again');
    expect((await leave.view(student, id)).body.data).toMatchObject({ version: 2, state: 'headTeacherReview' });
    const again = await send({ type: 'URGE' });
    expect([again.status, again.body.data]).toEqual([200, urged.body.data]);

    // a start too: the key of one application sent with another form starts nothing
    const startKey = randomUUID();
    const start = (reason: string) => call<WorkflowCommandResult>('/api/workflows/leave', { token: student, json: leaveForm(1, { reason }), headers: { 'Idempotency-Key': startKey } });
    const first = await start(`idem-a-${startKey}`);
    expect(first.status).toBe(200);
    expect((await start(`idem-b-${startKey}`)).status).toBe(422);
    expect(await withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM wf_instance WHERE form->>'reason' = $1`, [`idem-b-${startKey}`])).rows[0].n))).toBe(0);
    expect((await start(`idem-a-${startKey}`)).body.data).toEqual(first.body.data);

    // the key of one instance's command sent to another instance, or to a start of another flow: refused, nothing done
    const other = (await call<WorkflowCommandResult>('/api/workflows/leave', { token: student, json: leaveForm(1) })).body.data?.id as string;
    const elsewhere = await call<WorkflowCommandResult>(`/api/workflows/leave/${other}/events`, { token: student, json: { type: 'URGE' }, headers: { 'Idempotency-Key': key } });
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([422, '该 Idempotency-Key 已用于另一项不同的请求，请刷新后重新操作']);
    expect((await leave.view(student, other)).body.data?.version).toBe(1);
    const travelStart = await call<WorkflowCommandResult>('/api/workflows/travel', {
      token: student,
      json: { destination: '外婆家', start: schoolTime(2, '14:00'), end: schoolTime(2, '16:00'), reason: `idem-${startKey}` },
      headers: { 'Idempotency-Key': startKey },
    });
    expect([travelStart.status, travelStart.body.msg]).toEqual([422, '该 Idempotency-Key 已用于另一项不同的请求，请刷新后重新操作']);
    // without the key, the same form is a valid request
    expect((await call('/api/workflows/travel', { token: student, json: { destination: '外婆家', start: schoolTime(2, '14:00'), end: schoolTime(2, '16:00'), reason: `idem-${startKey}` } })).status).toBe(200);
  });

  it(`certificate verification is rate-limited: beyond ${TEST_SERVER_ENV.CERTIFICATE_RATE_LIMIT} checks a minute from one address, 429 with a message`, async () => {
    const ip = randomIp();
    const limit = Number(TEST_SERVER_ENV.CERTIFICATE_RATE_LIMIT);
    const check = (lang?: 'en') => call(`/anon/certificates/ABCD-EFGH-JKMN`, { ip, ...(lang ? { lang } : {}) });
    for (let i = 0; i < limit; i++) expect((await check()).body).toMatchObject({ result: true, data: { valid: false } });
    const over = await check();
    expect([over.status, over.body]).toEqual([429, { code: 429, result: false, msg: '证明核验过于频繁，请稍后再试' }]);
    expect((await check('en')).body.msg).toBe('Too many certificate checks; please try again later');
    // another address is not held up by it
    expect((await call(`/anon/certificates/ABCD-EFGH-JKMN`)).status).toBe(200);
    const logged = await withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = 'certificate.verify' AND result = 'denied' AND ip = $1`, [ip])).rows[0].n));
    expect(logged).toBeGreaterThan(0);
  });
});
