import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MessageRow, WorkflowInstanceView } from '@schoolflow/contracts';
import { rebuildProjections } from '../../apps/api/src/workflow/projections/rebuild-projections.js';
import { call, login, withDb } from '../support/api.js';
import { flowCalls, schoolTime, until } from '../support/workflow.js';

// Issue 32, finding 4: "a status change applies after the student's status moved on" — a suspension and a transfer out
// of one student were both accepted at start; the transfer out passed, then the suspension passed and the record read
// "suspension from transferred_out". An effect re-checks its precondition on the rows it changes (docs/adr/0027).

const { submit, act } = flowCalls('student-status-change');
type Inbox = { result: MessageRow[] };
const inbox = (token: string, lang?: 'en') => call<Inbox>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100 }, ...(lang ? { lang } : {}) });
const day = (d: number) => schoolTime(d, '08:00').slice(0, 10);

let head: string;
let office: string;
let principal: string;
let no: string;
let name: string;

beforeAll(async () => {
  [head, office, principal] = (await Promise.all(['headteacher', 'office', 'principal'].map((a) => login(a)))) as [string, string, string];
  // an enrolled student of the head teacher's class that the other status-change tests leave alone
  ({ student_no: no, name } = await withDb(async (c) =>
    (await c.query(
      `SELECT s.student_no, s.name FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id
        WHERE u.account = 'headteacher' AND s.student_no <> '202511001' AND s.status = 'enrolled' ORDER BY s.student_no DESC OFFSET 3 LIMIT 1`,
    )).rows[0] as { student_no: string; name: string }));
});

// the other test files share this database: the student is enrolled again
afterAll(async () => {
  await withDb((c) => c.query(`UPDATE student SET status = 'enrolled' WHERE student_no = $1`, [no]));
});

const statusOf = () => withDb(async (c) => (await c.query(`SELECT status FROM student WHERE student_no = $1`, [no])).rows[0].status as string);

describe('effects re-check what they change (issue 32, finding 4)', () => {
  it('a suspension passed after a transfer out of the same student is not applied: the status stays transferred out, the history says why in both languages, the applicant side and its reviewers are told', async () => {
    // both accepted at start: the student is enrolled, which each asks for
    const suspension = await submit(head, { studentId: no, kind: 'suspension', effectiveDate: day(3), reason: '因病休学' });
    const transfer = await submit(head, { studentId: no, kind: 'transferOut', effectiveDate: day(2), reason: '随父母转学' });
    expect([suspension.status, transfer.status]).toEqual([200, 200]);
    const suspensionId = suspension.body.data?.id as string;
    const transferId = transfer.body.data?.id as string;

    // the transfer out passes and applies
    await act(office, transferId, { type: 'APPROVE' });
    expect((await act(principal, transferId, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    await until(statusOf, (s) => s === 'transferred_out');

    // then the suspension passes: its effect finds the student transferred out, changes nothing and says why
    await act(office, suspensionId, { type: 'APPROVE' });
    const passed = await act(principal, suspensionId, { type: 'APPROVE' });
    expect(passed.body.data).toMatchObject({ state: 'approved', version: 4 }); // SUBMIT, SKIP_STEP, APPROVE, APPROVE
    const view = await until(
      () => call<WorkflowInstanceView>(`/api/workflows/student-status-change/${suspensionId}`, { token: office }),
      (r) => (r.body.data?.history ?? []).some((h) => h.type === 'EFFECT_REFUSED'),
    );
    expect(await statusOf()).toBe('transferred_out');
    const changes = await withDb(async (c) => (await c.query(`SELECT h.kind, h.from_status, h.to_status FROM student_status_change h JOIN student s ON s.id = h.student_id WHERE s.student_no = $1`, [no])).rows);
    expect(changes).toEqual([{ kind: 'transferOut', from_status: 'enrolled', to_status: 'transferred_out' }]);

    // the instance records why: a system event after the passing one, the read model at its version, still passed
    const refusal = view.body.data?.history.at(-1);
    expect(refusal).toMatchObject({ version: 5, type: 'EFFECT_REFUSED', actorId: null, actorName: '系统', state: 'approved', note: '学生的学籍状态已是“转出”，不再是“在读”，本次异动未执行' });
    expect(view.body.data).toMatchObject({ version: 5, state: 'approved', status: { review: 'passed' } });
    const en = await call<WorkflowInstanceView>(`/api/workflows/student-status-change/${suspensionId}`, { token: office, lang: 'en' });
    expect(en.body.data?.history.at(-1)).toMatchObject({ actorName: 'System', note: "The student's status is now “Transferred out”, no longer “Enrolled”, so this change was not applied" });
    const model = await withDb(async (c) => (await c.query(`SELECT version, review_status FROM wf_instance WHERE id = $1`, [suspensionId])).rows[0]);
    expect(model).toEqual({ version: 5, review_status: 'passed' });

    // the applicant (the head teacher) and the reviewers who passed it are told, each once, in their language
    const title = '学籍异动申请未能生效';
    const content = `${name}的学籍异动申请已审核通过，但未能生效：学生的学籍状态已是“转出”，不再是“在读”，本次异动未执行。`;
    for (const token of [head, office, principal]) {
      const box = await until(() => inbox(token), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(suspensionId) && m.MESSAGE_TITLE === title));
      const told = box.body.data?.result.filter((m) => m.MESSAGE_LINK?.includes(suspensionId) && m.MESSAGE_TITLE === title) ?? [];
      expect(told.map((m) => m.MESSAGE_CONTENT)).toEqual([content]);
    }
    const english = (await inbox(head, 'en')).body.data?.result.find((m) => m.MESSAGE_LINK?.includes(suspensionId) && m.MESSAGE_TITLE === 'Not applied: a student status change request');
    expect(english?.MESSAGE_CONTENT).toBe(`${name}'s student status change request was approved but could not be applied: The student's status is now “Transferred out”, no longer “Enrolled”, so this change was not applied.`);

    // the refusal is recorded once: nothing applies it later, nothing is parked
    const parked = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM subscription_parked_events WHERE stream_id = $1`, [`student-status-change-${suspensionId}`])).rows[0].n);
    expect(parked).toBe(0);
    const refusals = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'EFFECT_REFUSED'`, [`student-status-change-${suspensionId}`])).rows[0].n);
    expect(refusals).toBe(1);

    // and its read model is what a rebuild from the events makes of it, column for column
    const readModel = () => withDb(async (c) => (await c.query(`SELECT (i.*)::text AS r FROM wf_instance i WHERE id = $1`, [suspensionId])).rows[0].r as string);
    const live = await readModel();
    await withDb((c) => rebuildProjections(c));
    expect(await readModel()).toBe(live);
  });
});
