import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MessageRow, ParkedEventRow } from '@schoolflow/contracts';
import { rebuildProjections } from '../../apps/api/src/workflow/projections/rebuild-projections.js';
import { call, login, withDb } from '../support/api.js';
import { appendPoisonedCc } from '../support/poison.js';
import { flowCalls, leaveForm, schoolTime, submitOk, until } from '../support/workflow.js';

// Issue 32, finding 1: "a CC to a user who does not exist stops every workflow message and push, for everyone, for
// good". The notifications subscription must park the event it cannot handle and go on (docs/adr/0027).

type Inbox = { result: MessageRow[] };
const inbox = (token: string) => call<Inbox>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100 } });
const taskFor = (token: string, id: string) => until(() => inbox(token), (r) => (r.body.data?.result ?? []).some((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TITLE === '请假审批待办'), 30_000);

let student: string;
let head: string;
let admin: string;
let studentId: string;

/** Two enrolled students of the head teacher's class the other tests leave alone (their status is changed here). */
let refusedStudents: { id: string; no: string }[] = [];

beforeAll(async () => {
  [student, head, admin] = (await Promise.all(['student', 'headteacher', 'admin'].map((a) => login(a)))) as [string, string, string];
  studentId = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'student'`)).rows[0].id as string);
  refusedStudents = await withDb(async (c) =>
    (await c.query(
      `SELECT s.id, s.student_no AS no FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id
        WHERE u.account = 'headteacher' AND s.student_no <> '202511001' AND s.status = 'enrolled' ORDER BY s.student_no DESC OFFSET 5 LIMIT 2`,
    )).rows,
  );
});

// the other test files share this database: the students are enrolled again
afterAll(async () => {
  await withDb((c) => c.query(`UPDATE student SET status = 'enrolled' WHERE id = ANY($1::uuid[])`, [refusedStudents.map((s) => s.id)]));
});

const statusOf = (no: string) => withDb(async (c) => (await c.query(`SELECT status FROM student WHERE student_no = $1`, [no])).rows[0].status as string);

describe('no event can stop a subscription (issue 32, finding 1)', () => {
  it('a CC naming a user who does not exist is parked; a leave started after it still reaches the head teacher; the monitor lists it; its replay answers 422 while the cause remains and applies once it is gone', async () => {
    const first = await submitOk(student, leaveForm(1));
    await taskFor(head, first);
    const nobody = randomUUID();
    const position = await appendPoisonedCc('leave', first, studentId, nobody);
    // (written as the engine writes it: a rebuild from the events makes the same read model)
    const readModel = () => withDb(async (c) => (await c.query(`SELECT (i.*)::text AS r FROM wf_instance i WHERE id = $1`, [first])).rows[0].r as string);
    const live = await readModel();
    await withDb((c) => rebuildProjections(c));
    expect(await readModel()).toBe(live);

    // the next leave's task message arrives: the subscription did not stop at the poisoned CC
    const next = await submitOk(student, leaveForm(2));
    await taskFor(head, next);

    // the administrator sees it in the server monitor, with where it belongs and why it failed
    const listed = await until(
      () => call<ParkedEventRow[]>('/ms/monitor/parked', { token: admin }),
      (r) => (r.body.data ?? []).some((p) => p.position === position),
    );
    const parked = listed.body.data?.find((p) => p.position === position);
    expect(parked).toMatchObject({ subscription: 'workflow-notifications', flow: 'leave', instanceId: first, streamId: `leave-${first}`, eventType: 'CC', errorCode: '23503', attempts: 3, replayable: true });
    expect(parked?.error).toContain('message_recipient_id_fkey');
    expect(Date.parse(parked?.firstFailedAt ?? '')).toBeLessThanOrEqual(Date.parse(parked?.lastFailedAt ?? ''));
    // the monitor's permission: nobody else reads or replays it (refused, and logged)
    expect((await call('/ms/monitor/parked', { token: student })).status).toBe(403);
    expect((await call('/ms/monitor/parked/replay', { token: head, json: { subscription: 'workflow-notifications', position } })).status).toBe(403);

    // replayed while the cause remains: 422 with the error, recorded as one more try and in the operation log
    const again = await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'workflow-notifications', position } });
    expect([again.status, again.body.result]).toEqual([422, false]);
    expect(again.body.msg).toMatch(/^重放仍然失败（23503）：.*message_recipient_id_fkey/);
    const en = await call('/ms/monitor/parked/replay', { token: admin, lang: 'en', json: { subscription: 'workflow-notifications', position } });
    expect(en.body.msg).toMatch(/^The replay failed again \(23503\)/);
    expect((await call<ParkedEventRow[]>('/ms/monitor/parked', { token: admin })).body.data?.find((p) => p.position === position)?.attempts).toBe(5);
    const logged = await withDb(async (c) => (await c.query(`SELECT action, result, target FROM sys_operation_log WHERE account = 'admin' AND action = 'monitor.replay' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(logged).toEqual({ action: 'monitor.replay', result: 'failure', target: `workflow-notifications#${position}` });

    // bad input is a message, never a 500; an unknown subscription or place is told as such
    const bad = await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'workflow-notifications', position: 'x' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '事件位置不正确']);
    expect((await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'no-such-subscription', position } })).status).toBe(422);
    expect((await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'workflow-notifications', position: '1' } })).status).toBe(404);

    // the cause gone (the person now exists), the replay applies: the copy is messaged once, the event leaves the list
    await withDb((c) => c.query(`INSERT INTO sys_user (id, account, name) VALUES ($1, $2, '抄送对象')`, [nobody, `cc-${nobody.slice(0, 8)}`]));
    const replayed = await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'workflow-notifications', position } });
    expect([replayed.status, replayed.body.msg]).toEqual([200, '已重放：该事件处理成功，不再搁置']);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM message WHERE recipient_id = $1`, [nobody])).rows[0].n)).toBe(1);
    expect((await call<ParkedEventRow[]>('/ms/monitor/parked', { token: admin })).body.data?.some((p) => p.position === position)).toBe(false);
    expect((await call('/ms/monitor/parked/replay', { token: admin, json: { subscription: 'workflow-notifications', position } })).status).toBe(404);
  });

  it('an effect the database keeps refusing is parked in the effects subscription — nothing of it applied — the effects after it apply, and its replay applies it once', async () => {
    const statusChange = flowCalls('student-status-change');
    const [office, principal] = (await Promise.all(['office', 'principal'].map((a) => login(a)))) as [string, string];
    const [refused, other] = refusedStudents;
    const tag = randomUUID().slice(0, 8);
    // the database refuses the history row of one student's change, every time, until the test lifts it
    await withDb(async (c) => {
      await c.query(`CREATE FUNCTION test_refuse_${tag}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
      await c.query(`CREATE TRIGGER test_refuse_${tag} BEFORE INSERT ON student_status_change FOR EACH ROW WHEN (NEW.student_id = '${refused?.id}') EXECUTE FUNCTION test_refuse_${tag}()`);
    });
    const suspend = async (no: string): Promise<string> => {
      const id = (await statusChange.submit(head, { studentId: no, kind: 'suspension', effectiveDate: schoolTime(2, '08:00').slice(0, 10), reason: '休学' })).body.data?.id as string;
      await statusChange.act(office, id, { type: 'APPROVE' });
      expect((await statusChange.act(principal, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
      return id;
    };
    try {
      const first = await suspend(refused?.no ?? '');
      const parked = await until(
        () => call<ParkedEventRow[]>('/ms/monitor/parked', { token: admin }),
        (r) => (r.body.data ?? []).some((p) => p.instanceId === first),
        30_000,
      );
      const row = parked.body.data?.find((p) => p.instanceId === first);
      expect(row).toMatchObject({ subscription: 'workflow-effects', flow: 'student-status-change', eventType: 'APPROVE', errorCode: 'P0001', attempts: 3, error: 'refused by the test' });
      expect(await statusOf(refused?.no ?? '')).toBe('enrolled');
      // the next effect is not held back
      await suspend(other?.no ?? '');
      await until(() => statusOf(other?.no ?? ''), (s) => s === 'suspended');

      // while refused, the replay fails again; lifted, it applies — once, however often it is replayed
      const body = { subscription: 'workflow-effects', position: row?.position };
      expect((await call('/ms/monitor/parked/replay', { token: admin, json: body })).status).toBe(422);
      await withDb((c) => c.query(`DROP TRIGGER test_refuse_${tag} ON student_status_change`));
      expect((await call('/ms/monitor/parked/replay', { token: admin, json: body })).status).toBe(200);
      expect(await statusOf(refused?.no ?? '')).toBe('suspended');
      expect((await call('/ms/monitor/parked/replay', { token: admin, json: body })).status).toBe(404);
      const history = await withDb(async (c) => (await c.query(`SELECT kind FROM student_status_change h JOIN student s ON s.id = h.student_id WHERE s.student_no = $1`, [refused?.no])).rows);
      expect(history).toEqual([{ kind: 'suspension' }]);
    } finally {
      await withDb(async (c) => {
        await c.query(`DROP TRIGGER IF EXISTS test_refuse_${tag} ON student_status_change`);
        await c.query(`DROP FUNCTION IF EXISTS test_refuse_${tag}()`);
      });
    }
  });
});
