import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, login, withDb } from '../support/api.js';
import { flowCalls, leaveForm, schoolTime, submitLeave, until } from '../support/workflow.js';

const { submit, act } = flowCalls('student-status-change');

// 学籍异动 end to end: who may ask for whom, the three steps, the effect on the student's status and class with its
// history, and a suspended student's new applications refused.
let office: string;
let head: string;
let principal: string;
let student: string;
let victimNo: string;
let otherClassNo: string;
let otherClassId: string;

const day = (d: number) => schoolTime(d, '08:00').slice(0, 10);
const studentRow = (no: string) => withDb(async (c) => (await c.query(`SELECT s.status, c.name AS class FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.student_no = $1`, [no])).rows[0] as { status: string; class: string });

beforeAll(async () => {
  [office, head, principal, student] = (await Promise.all(['office', 'headteacher', 'principal', 'student'].map((a) => login(a)))) as [string, string, string, string];
  // a student of the head teacher's class other than the demo student, and one of another class
  [victimNo, otherClassNo, otherClassId] = await withDb(async (c) => {
    const mine = (await c.query(`SELECT s.student_no FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher' AND s.student_no <> '202511001' AND s.status = 'enrolled' ORDER BY s.student_no DESC LIMIT 1`)).rows[0].student_no as string;
    const other = (await c.query(`SELECT s.student_no, c.id FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account <> 'headteacher' ORDER BY s.student_no LIMIT 1`)).rows[0] as { student_no: string; id: string };
    return [mine, other.student_no, other.id];
  });
});

// the other test files share this database: the student goes back to their class as they were
afterAll(async () => {
  await withDb((c) =>
    c.query(`UPDATE student SET status = 'enrolled', class_id = (SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher') WHERE student_no = $1`, [victimNo]),
  );
});

describe('student-status-change', () => {
  it('the head teacher suspends a student of their class: office → principal → passed; the status and its history change once; the student can apply no more; a return puts them into a class', async () => {
    const res = await submit(head, { studentId: victimNo, kind: 'suspension', effectiveDate: day(1), reason: '因病休学一学期' });
    expect(res.body).toMatchObject({ result: true, msg: '学籍异动申请已提交', data: { state: 'officeReview' } }); // their own step passed on
    const id = res.body.data?.id as string;
    await act(office, id, { type: 'APPROVE' });
    expect((await studentRow(victimNo)).status).toBe('enrolled');
    expect((await act(principal, id, { type: 'APPROVE', comment: '同意' })).body.data?.state).toBe('approved');
    expect(await until(() => studentRow(victimNo), (s) => s.status === 'suspended')).toMatchObject({ status: 'suspended', class: '高一(1)班' });
    const history = await withDb(async (c) => (await c.query(`SELECT h.kind, h.from_status, h.to_status FROM student_status_change h JOIN student s ON s.id = h.student_id WHERE s.student_no = $1`, [victimNo])).rows);
    expect(history).toEqual([{ kind: 'suspension', from_status: 'enrolled', to_status: 'suspended' }]);

    // the suspended student's account may not apply for anything
    const account = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.student_no = $1`, [victimNo])).rows[0].account as string);
    const refused = await submitLeave(await login(account), leaveForm(1));
    expect([refused.status, refused.body.msg]).toEqual([422, '该学生已休学或转出，不能提交申请']);

    // suspended again: not possible; a return needs a class, then moves them into it
    const again = await submit(office, { studentId: victimNo, kind: 'suspension', effectiveDate: day(2), reason: '重复' });
    expect([again.status, again.body.msg]).toEqual([422, '该学生当前的学籍状态不能办理此类异动']);
    const back = (await submit(office, { studentId: victimNo, kind: 'return', effectiveDate: day(30), reason: '病愈复学', toClassId: otherClassId })).body.data?.id as string;
    // the office asked, and is the office's only reviewer: that step passes on to the principal by itself
    expect((await act(head, back, { type: 'APPROVE' })).body.data?.state).toBe('principalReview');
    expect((await act(principal, back, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    const returned = await until(() => studentRow(victimNo), (s) => s.status === 'enrolled');
    expect(returned.status).toBe('enrolled');
    expect(returned.class).not.toBe('高一(1)班'); // into the class the return named

    // the student's status history, as the office reads it beside the form: newest first, each with its request
    const sid = await withDb(async (c) => (await c.query(`SELECT id FROM student WHERE student_no = $1`, [victimNo])).rows[0].id as string);
    type History = { student: { status: string; className: string }; changes: { instanceId: string; kind: string; fromStatus: string; toStatus: string; fromClass: string | null; toClass: string | null }[] };
    const read = await call<History>(`/api/workflows/student-status-change/views/history?studentId=${sid}`, { token: office });
    expect(read.body.data?.student).toMatchObject({ status: 'enrolled', className: returned.class });
    expect(read.body.data?.changes.map((c) => [c.instanceId, c.kind, c.fromStatus, c.toStatus, c.fromClass, c.toClass])).toEqual([
      [back, 'return', 'suspended', 'enrolled', '高一(1)班', returned.class],
      [id, 'suspension', 'enrolled', 'suspended', '高一(1)班', '高一(1)班'],
    ]);
    // the head teacher of the class they left may no longer read it; a student never; a bad id is a message
    const notTheirs = await call(`/api/workflows/student-status-change/views/history?studentId=${sid}`, { token: head });
    expect([notTheirs.status, notTheirs.body.msg]).toEqual([403, '班主任只能为本班学生办理学籍异动']);
    expect((await call(`/api/workflows/student-status-change/views/history?studentId=${sid}`, { token: student })).status).toBe(403);
    const bad = await call(`/api/workflows/student-status-change/views/history?studentId=202511001`, { token: office, lang: 'en' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'Please choose a student']);
  });

  it('a head teacher may not ask for another class’s student (403, logged); a student or a parent may not ask at all', async () => {
    const res = await submit(head, { studentId: otherClassNo, kind: 'transferOut', effectiveDate: day(1), reason: '转学' });
    expect([res.status, res.body.msg]).toEqual([403, '班主任只能为本班学生办理学籍异动']);
    const headDenied = await withDb(async (c) => (await c.query(`SELECT action, detail->>'reason' AS reason FROM sys_operation_log WHERE account = 'headteacher' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(headDenied).toEqual({ action: 'access.denied', reason: 'workflow.notYourStudent' });
    expect((await submit(student, { studentId: '202511001', kind: 'transferOut', effectiveDate: day(1), reason: 'x' })).status).toBe(403);
    const denied = await withDb(async (c) => (await c.query(`SELECT action, target FROM sys_operation_log WHERE account = 'student' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(denied).toEqual({ action: 'access.denied', target: 'POST workflows/student-status-change' });
  });

  it('bad input: a transfer in without a class, an unknown kind, in the caller’s language', async () => {
    const noClass = await submit(office, { studentId: victimNo, kind: 'transferIn', effectiveDate: day(1), reason: '转入' }, 'en');
    expect([noClass.status, noClass.body.msg]).toEqual([400, 'A transfer in or a return needs the class']);
    const kind = await submit(office, { studentId: victimNo, kind: 'graduate', effectiveDate: day(1), reason: 'x' });
    expect([kind.status, kind.body.msg]).toEqual([400, '请选择异动类型']);
  });
  it('a return into a class deleted before the last approval is not applied, and the instance says why; the effects after it still apply', async () => {
    // a suspended student of another class, and an empty class to return into, deleted before the last approval
    const no = await withDb(async (c) => (await c.query(`SELECT s.student_no FROM student s WHERE s.status = 'enrolled' AND s.student_no <> '202511001' AND s.student_no <> $1 ORDER BY s.student_no DESC LIMIT 1`, [victimNo])).rows[0].student_no as string);
    try {
      const classId = await withDb(async (c) => {
        await c.query(`UPDATE student SET status = 'suspended' WHERE student_no = $1`, [no]);
        return (await c.query(`INSERT INTO admin_class (grade, enrollment_year, code, name, name_en, short_name, sort) SELECT grade, enrollment_year, '9' || floor(random() * 1e9)::text, '将撤销班' || floor(random() * 1e9)::text, 'Closing class', '撤销班', 99 FROM admin_class LIMIT 1 RETURNING id`)).rows[0].id as string;
      });
      const id = (await submit(office, { studentId: no, kind: 'return', effectiveDate: day(3), reason: '复学', toClassId: classId })).body.data?.id as string;
      const head = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id WHERE s.student_no = $1`, [no])).rows[0].account as string);
      await act(await login(head), id, { type: 'APPROVE' });
      await withDb((c) => c.query(`DELETE FROM admin_class WHERE id = $1`, [classId]));
      expect((await act(principal, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
      // the effect checks the class before it moves the student (docs/adr/0027): refused, recorded in the instance's history
      const refused = await until(() => withDb(async (c) => (await c.query(`SELECT data->>'reason' AS reason FROM events WHERE stream_id = $1 AND type = 'EFFECT_REFUSED'`, [`student-status-change-${id}`])).rows), (r) => r.length > 0);
      expect(refused).toEqual([{ reason: 'workflow.effectRefusedClassGone' }]);
      expect((await studentRow(no)).status).toBe('suspended'); // nothing of it applied
      // and the effects after it are not held back: the victim's next change applies
      const next = (await submit(office, { studentId: victimNo, kind: 'suspension', effectiveDate: day(5), reason: '再次休学' })).body.data?.id as string;
      const nextHead = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id WHERE s.student_no = $1`, [victimNo])).rows[0].account as string);
      await act(await login(nextHead), next, { type: 'APPROVE' });
      await act(principal, next, { type: 'APPROVE' });
      expect(await until(() => studentRow(victimNo), (r) => r.status === 'suspended')).toMatchObject({ status: 'suspended' });
    } finally {
      await withDb((c) => c.query(`UPDATE student SET status = 'enrolled' WHERE student_no = $1`, [no]));
    }
  });
});
