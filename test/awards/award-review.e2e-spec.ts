import { beforeAll, describe, expect, it } from '@jest/globals';
import { call, login, withDb } from '../support/api.js';
import { upload } from '../support/admin.js';
import { caughtUp, flowCalls, schoolDate, until } from '../support/workflow.js';
import { getFile, readSheet, runTag } from '../resources/resource-support.js';

// Awards and contests end to end (docs/product/awards.md, issue 24): a contest set up; a student's city-level award
// reported with its certificate, reviewed by the head teacher then the office on the flow kit, then listed in reward
// management as passed and exported; a rejected report never listed; nobody reviews their own report; a 3 MB and a
// zero-size certificate refused with the spec's message and nothing stored; school-level awards recorded directly.

const { submit, act, view } = flowCalls('award-review');
const T = runTag();
// dates of a contest some weeks ago and of the award at its end, counted from today (the tests run any day)
const CONTEST_START = schoolDate(-41);
const CONTEST_END = schoolDate(-40);
const AWARDED_ON = schoolDate(-39);
const SCHOOL_AWARD_ON = schoolDate(-49);
type Award = { id: string; recipient: string; studentId: string | null; teacherId: string | null; kind: string; contestId: string | null; title: string; level: string; prize: string; awardedOn: string; certificateId: string | null; state: string };
type Page = { total: number; list: Award[] };

/** Bytes that begin as a PNG does (the upload checks the signature), padded to `size`. */
const png = (size: number): Buffer => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
/** The award image widget's upload: JPG or PNG, at most 2 MB (2048 KB). */
const AWARD_UPLOAD = '/file/upload?maxSize=2048&types=.jpg,.jpeg,.png&limit=4';

let student: string;
let head: string;
let office: string;
let teacher: string;
let contestId: string;
let studentId: string;

async function certificate(token: string, bytes = png(50_000), name = 'cert.png'): Promise<string> {
  const r = await upload<{ resId: string }[]>(AWARD_UPLOAD, token, bytes, name);
  expect([r.status, r.body.result]).toEqual([200, true]);
  return r.body.data?.[0]?.resId as string;
}
const report = async (token: string, over: Record<string, unknown> = {}) => ({ kind: 'contest', contestId, level: 'city', prize: `一等奖${T}`, awardedOn: AWARDED_ON, certificates: [await certificate(token)], ...over });
const awardsOf = (query: Record<string, string>, token = office) => call<Page>(`/api/awards?${new URLSearchParams({ size: '100', ...query })}`, { token });
const awardOfInstance = (id: string) => withDb(async (c) => (await c.query(`SELECT state, level, prize, student_id, teacher_id FROM award WHERE instance_id = $1`, [id])).rows);
const filesOf = (account: string) => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_file f JOIN sys_user u ON u.id = f.owner_id WHERE u.account = $1`, [account])).rows[0].n as number);

beforeAll(async () => {
  [student, head, office, teacher] = (await Promise.all(['student', 'headteacher', 'office', 'teacher'].map((a) => login(a)))) as [string, string, string, string];
  studentId = await withDb(async (c) => (await c.query(`SELECT s.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`)).rows[0].id as string);
  const created = await call<{ id: string }>('/api/awards/contests', { token: office, json: { name: `市青少年科技创新大赛${T}`, level: 'city', startDate: CONTEST_START, endDate: CONTEST_END } });
  expect([created.status, created.body.msg]).toEqual([200, '新增成功']);
  contestId = created.body.data?.id as string;
});

describe('contest setting', () => {
  it('a contest whose end is before its start is refused with the message, nothing written; a student reads no contest setting', async () => {
    const count = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM award_contest WHERE name LIKE $1`, [`%${T}`])).rows[0].n as number);
    const before = await count();
    const bad = await call<{ field: string }>('/api/awards/contests', { token: office, json: { name: `倒序竞赛${T}`, level: 'district', startDate: CONTEST_END, endDate: CONTEST_START } });
    expect([bad.status, bad.body.result, bad.body.msg]).toEqual([400, false, '结束时间不能早于开始时间']);
    const en = await call('/api/awards/contests', { token: office, json: { name: `倒序竞赛${T}`, level: 'district', startDate: CONTEST_END, endDate: CONTEST_START }, lang: 'en' });
    expect(en.body.msg).toBe('The end cannot be before the start');
    expect(await count()).toBe(before);
    // a student reads no contest setting: the API refuses
    expect((await call('/api/awards/contests', { token: student })).status).toBe(403);
  });
});

describe('award-review: reported, reviewed on the flow kit, then listed and exported', () => {
  it('student → head teacher → office → passed: listed in reward management as passed, once, and exported', async () => {
    const body = await report(student);
    const res = await submit(student, body);
    expect(res.body).toMatchObject({ result: true, msg: '奖项申报申请已提交', data: { state: 'headTeacherReview' } });
    const id = res.body.data?.id as string;
    expect((await act(head, id, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');
    await caughtUp('workflow-effects');
    expect(await awardOfInstance(id)).toEqual([]); // not before it passes
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    const rows = await until(() => awardOfInstance(id), (r) => r.length === 1, 60_000);
    // the head teacher and the office were told of their task, the student and the parents of each decision
    const messages = () => withDb(async (c) => (await c.query(`SELECT u.account || ':' || m.title_key AS m FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.link LIKE $1 ORDER BY 1`, [`%${id}`])).rows.map((r) => r.m as string));
    // a generous wait: the notifications subscription runs behind the other files sharing the two cores
    expect(await until(messages, (m) => m.length >= 6, 60_000)).toEqual(
      expect.arrayContaining(['headteacher:messages.flowTask.title', 'office:messages.flowTask.title', 'student:messages.flowStepApproved.title', 'student:messages.flowApproved.title', 'jz202511001:messages.flowStepApproved.title', 'jz202511001:messages.flowApproved.title']),
    );
    expect(rows).toEqual([{ state: 'passed', level: 'city', prize: `一等奖${T}`, student_id: studentId, teacher_id: null }]);

    const listed = await awardsOf({ keyword: T, state: 'passed', level: 'city', recipient: 'student', kind: 'contest' });
    expect(listed.status).toBe(200);
    expect(listed.body.data?.list).toEqual([expect.objectContaining({ recipient: 'student', studentId, contestId, level: 'city', prize: `一等奖${T}`, awardedOn: AWARDED_ON, state: 'passed' })]);
    expect((await awardsOf({ keyword: T, level: 'school' })).body.data?.total).toBe(0);
    // the certificate is kept with the award (the upload sweep leaves it, the award's readers may open it)
    const certificateId = (await call<Award>(`/api/awards/${listed.body.data?.list[0]?.id}`, { token: office })).body.data?.certificateId as string;
    expect(certificateId).toBe(body.certificates[0]);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_file_link WHERE res_id = $1 AND ref_type = 'resource:awards'`, [certificateId])).rows[0].n)).toBe(1);

    // the export: the header and the award, its references and labels as people read them
    const file = await getFile(`/api/awards/export?${new URLSearchParams({ keyword: T, state: 'passed' })}`, office);
    expect([file.status, file.type]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    const { rows: sheet, formulas } = readSheet(file.bytes);
    expect(formulas).toEqual([]);
    expect(sheet).toHaveLength(2);
    const [header, row] = sheet as string[][];
    const cell = (title: string) => (row as string[])[(header as string[]).indexOf(title)];
    expect([cell('获奖对象'), cell('奖项类别'), cell('竞赛'), cell('奖项级别'), cell('获奖等级'), cell('获奖日期'), cell('状态')]).toEqual(['学生', '竞赛奖项', `市青少年科技创新大赛${T}`, '市级', `一等奖${T}`, AWARDED_ON, '审核通过']);
    expect(cell('获奖学生')).toBeTruthy();
    const en = readSheet((await getFile(`/api/awards/export?${new URLSearchParams({ keyword: T, state: 'passed' })}`, office, 'en')).bytes).rows as string[][];
    expect(en[1]?.[(en[0] as string[]).indexOf('Award level')]).toBe('City');

    // the contest now has an award: deleting it is refused, nothing deleted
    const del = await call(`/api/awards/contests/${contestId}`, { method: 'DELETE', token: office });
    expect([del.status, del.body.msg]).toEqual([409, '该竞赛已有获奖记录，不能删除']);
  });

  it('a rejected report is never listed', async () => {
    const id = (await submit(student, await report(student, { contestId: undefined, title: `区数学竞赛${T}`, level: 'district', prize: `二等奖${T}` }))).body.data?.id as string;
    expect((await act(head, id, { type: 'REJECT' })).body.msg).toBe('驳回时必须填写理由');
    expect((await act(head, id, { type: 'REJECT', comment: '证书信息不清晰' })).body.data?.state).toBe('rejected');
    await caughtUp('workflow-effects');
    expect(await awardOfInstance(id)).toEqual([]);
    expect((await awardsOf({ keyword: `二等奖${T}` })).body.data?.total).toBe(0);
  });

  it('a teacher’s report goes to the office; nobody reviews their own report', async () => {
    const own = await submit(teacher, await report(teacher, { contestId: undefined, title: `市优秀教练员${T}`, kind: 'honour', level: 'city', prize: '优秀' }));
    expect(own.body.data?.state).toBe('officeReview');
    const ownId = own.body.data?.id as string;
    expect((await act(teacher, ownId, { type: 'APPROVE' })).status).toBe(403);
    expect((await act(head, ownId, { type: 'APPROVE' })).status).toBe(404); // not the office's: not even theirs to read
    expect((await act(office, ownId, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    const teacherId = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0].id as string);
    expect(await until(() => awardOfInstance(ownId), (r) => r.length === 1, 60_000)).toEqual([{ state: 'passed', level: 'city', prize: '优秀', student_id: null, teacher_id: teacherId }]);

    // the office's own report: while `teacher` also sits in the office, the office's step is theirs, never the reporter's
    const officeRole = await withDb(async (c) => (await c.query(`SELECT id FROM sys_role WHERE code = 'office'`)).rows[0].id as string);
    await withDb((c) => c.query(`INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [teacherId, officeRole]));
    try {
      const id = (await submit(teacher, await report(teacher, { contestId: undefined, title: `省级课题成果${T}`, kind: 'honour', level: 'province', prize: '一等奖' }))).body.data?.id as string;
      const refused = await act(teacher, id, { type: 'APPROVE' });
      expect([refused.status, refused.body.result]).toEqual([403, false]);
      expect((await view(teacher, id)).body.data?.can ?? []).not.toContain('APPROVE');
      expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    } finally {
      await withDb((c) => c.query(`DELETE FROM sys_user_role WHERE user_id = $1 AND role_id = $2`, [teacherId, officeRole]));
    }
  });

  it('a school-level award is not reported but recorded directly; above school level it must be reported', async () => {
    const school = await submit(student, await report(student, { level: 'school' }));
    expect([school.status, school.body.msg]).toEqual([400, '请选择校级以上的奖项级别']);
    const base = { recipient: 'student', studentId, kind: 'subject', title: `校运动会${T}`, prize: '第一名', awardedOn: SCHOOL_AWARD_ON };
    const above = await call<{ field: string }>('/api/awards', { token: office, json: { ...base, level: 'district' } });
    expect([above.status, above.body.msg]).toEqual([400, '校级以上奖项须由获奖人申报，经班主任和教务处审核后计入']);
    const direct = await call<{ id: string }>('/api/awards', { token: office, json: { ...base, level: 'school' } });
    expect([direct.status, direct.body.msg]).toEqual([200, '新增成功']);
    expect((await awardsOf({ keyword: `校运动会${T}`, state: 'recorded', level: 'school' })).body.data?.list.map((a) => a.id)).toEqual([direct.body.data?.id]);
    // a student may not write reward management
    expect((await call('/api/awards', { token: student, json: { ...base, level: 'school' } })).status).toBe(403);
  });
});

describe('certificate images: at most 2 MB, not empty', () => {
  it('a 3 MB image is refused with the message, and nothing is stored', async () => {
    const files = await filesOf('student');
    const big = await upload(AWARD_UPLOAD, student, png(3 * 1024 * 1024), 'big.png');
    expect([big.status, big.body.result, big.body.msg]).toEqual([400, false, '上传文件大小不能超过2048KB']);
    expect(await filesOf('student')).toBe(files);

    // stored by an upload without the widget's limit, then named: the report and the award are refused alike
    const stored = await upload<{ resId: string }[]>('/file/upload', student, png(3 * 1024 * 1024), 'big.png');
    const bigId = stored.body.data?.[0]?.resId as string;
    const events = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'award-review'`)).rows[0].n as number);
    const before = await events();
    const refused = await submit(student, await report(student, { certificates: [bigId] }));
    expect([refused.status, refused.body.msg]).toEqual([400, '奖项图片须为 JPG 或 PNG 格式，且不超过 2MB']);
    expect(await events()).toBe(before);

    const officeBig = (await upload<{ resId: string }[]>('/file/upload', office, png(3 * 1024 * 1024), 'big.png')).body.data?.[0]?.resId as string;
    const count = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM award WHERE title = $1`, [`大图${T}`])).rows[0].n as number);
    const award = await call<{ field: string }>('/api/awards', { token: office, json: { recipient: 'student', studentId, kind: 'subject', title: `大图${T}`, level: 'school', prize: '一等奖', awardedOn: SCHOOL_AWARD_ON, certificateId: officeBig } });
    expect([award.status, award.body.msg, award.body.data?.field]).toEqual([400, '奖项图片须为 JPG 或 PNG 格式，且不超过 2MB', 'certificateId']);
    expect(await count()).toBe(0);
  });

  it('a zero-size image is refused with the message, and nothing is stored', async () => {
    const files = await filesOf('student');
    const empty = await upload(AWARD_UPLOAD, student, Buffer.alloc(0), 'empty.png');
    expect([empty.status, empty.body.result, empty.body.msg]).toEqual([400, false, '上传文件大小不能为0']);
    expect(await filesOf('student')).toBe(files);
  });

  it('a PNG certificate is kept with a school-level award', async () => {
    const pic = await certificate(office);
    const created = await call<{ id: string }>('/api/awards', { token: office, json: { recipient: 'student', studentId, kind: 'subject', title: `图片奖${T}`, level: 'school', prize: '一等奖', awardedOn: SCHOOL_AWARD_ON, certificateId: pic } });
    expect([created.status, created.body.msg]).toEqual([200, '新增成功']);
    expect((await call<Award>(`/api/awards/${created.body.data?.id}`, { token: office })).body.data?.certificateId).toBe(pic);
  });
});
