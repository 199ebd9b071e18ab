import { beforeAll, describe, expect, it } from '@jest/globals';
import { rebuildProjections } from '../../apps/api/src/workflow/projections/rebuild-projections.js';
import { login, withDb } from '../support/api.js';
import { type DemoIds, demoTimetable, findDate, freePeriods, nextWeek, walkedBy } from '../support/timetable.js';
import { act, caughtUp, flowCalls, leaveForm, schoolTime, submitOk } from '../support/workflow.js';

// Issue 14: "npm run projections:rebuild rebuilds the instance and task read models from the events; a rebuild after
// a mixed history equals the live read models."

let student: string;
let parent: string;
let head: string;
let office: string;
let principal: string;

/** The read models as text, row by row in a fixed order: what the live projection wrote, or the rebuild. */
async function readModels(): Promise<{ instances: string[]; tasks: string[] }> {
  return withDb(async (c) => ({
    instances: (await c.query(`SELECT (i.*)::text AS r FROM wf_instance i ORDER BY id`)).rows.map((r: { r: string }) => r.r),
    tasks: (await c.query(`SELECT (t.*)::text AS r FROM wf_task t ORDER BY instance_id, assignee_id`)).rows.map((r: { r: string }) => r.r),
  }));
}

const rebuild = () => withDb((c) => rebuildProjections(c));

/** What the flows hold in tables of their own (lesson_change, classroom_booking), row by row in a fixed order. */
async function heldTables(): Promise<{ changes: string[]; bookings: string[] }> {
  return withDb(async (c) => ({
    changes: (await c.query(`SELECT (t.*)::text AS r FROM lesson_change t ORDER BY id`)).rows.map((r: { r: string }) => r.r),
    bookings: (await c.query(`SELECT (t.*)::text AS r FROM classroom_booking t ORDER BY id`)).rows.map((r: { r: string }) => r.r),
  }));
}

const loan = flowCalls('classroom-loan');
const makeUp = flowCalls('make-up-class');
/** A started request's id (its start must go in). */
async function started(res: Promise<{ status: number; body: { data?: { id: string } | null; msg?: string } }>): Promise<string> {
  const r = await res;
  if (r.status !== 200 || !r.body.data) throw new Error(`start failed: ${r.status} ${r.body.msg}`);
  return r.body.data.id;
}

beforeAll(async () => {
  [student, parent, head, office, principal] = (await Promise.all(['student', 'jz202511001', 'headteacher', 'office', 'principal'].map((a) => login(a)))) as [string, string, string, string, string];
  // a mixed history: every end and every step, by students, parents and a head teacher applying for themself
  await submitOk(student, leaveForm(1)); // pending at the head teacher
  const atOffice = await submitOk(parent, leaveForm(2));
  await act(head, atOffice, { type: 'APPROVE', comment: '同意' });
  const atPrincipal = await submitOk(student, leaveForm(5));
  await act(head, atPrincipal, { type: 'APPROVE' });
  await act(office, atPrincipal, { type: 'APPROVE' });
  const approved = await submitOk(student, leaveForm(5));
  await act(head, approved, { type: 'APPROVE' });
  await act(office, approved, { type: 'APPROVE' });
  await act(principal, approved, { type: 'APPROVE', comment: '注意安全' });
  const returned = await submitOk(parent, leaveForm(2));
  await act(head, returned, { type: 'APPROVE' });
  await act(office, returned, { type: 'APPROVE' });
  await act(parent, returned, { type: 'CANCEL_LEAVE', returnedAt: schoolTime(1, '10:00') });
  const rejected = await submitOk(student, leaveForm(1));
  await act(head, rejected, { type: 'REJECT', comment: '理由不充分' });
  const withdrawn = await submitOk(parent, leaveForm(1));
  await act(parent, withdrawn, { type: 'WITHDRAW' });

  // what flows hold beside the instance: classroom loans' bookings and a make-up's lessons and rooms, pending, passed, let go
  const teacher = await login('teacher');
  const room = await withDb(
    async (c) =>
      (
        await c.query(`SELECT id FROM classroom WHERE lendable AND enabled
          AND NOT EXISTS (SELECT 1 FROM timetable_lesson l JOIN timetable t ON t.id = l.timetable_id WHERE t.state = 'published' AND l.classroom_id = classroom.id)
          AND NOT EXISTS (SELECT 1 FROM lesson_change x WHERE x.classroom_id = classroom.id) ORDER BY code DESC LIMIT 1`)
      ).rows[0].id as string,
  );
  const loanForm = (day: number, from: string, to: string) => ({ classroomId: room, start: schoolTime(day, from), end: schoolTime(day, to), purpose: '数学兴趣小组' });
  await started(loan.submit(teacher, loanForm(3, '14:00', '15:00'))); // pending
  const lent = await started(loan.submit(teacher, loanForm(3, '15:00', '16:00')));
  await loan.act(office, lent, { type: 'APPROVE' });
  const refused = await started(loan.submit(teacher, loanForm(4, '09:00', '10:00')));
  await loan.act(office, refused, { type: 'REJECT', comment: '当天有考试' });
  const ids: DemoIds = await demoTimetable();
  let periods: number[] = [];
  const walked = await walkedBy(ids.class1);
  const date = await findDate(ids, nextWeek(ids), (lessons, all) => (periods = freePeriods(lessons, all, { classId: ids.class1, shared: walked, teacherId: ids.teacher, roomId: ids.homeRoom })).length >= 3, 7);
  const makeUpForm = (p: number[]) => ({ classId: ids.class1, courseId: ids.maths, date, periods: p, reason: '运动会占用的数学课' });
  await started(makeUp.submit(teacher, makeUpForm(periods.slice(0, 1)))); // a draft holding its period and room
  const passed = await started(makeUp.submit(teacher, makeUpForm(periods.slice(1, 2))));
  await makeUp.act(teacher, passed, { type: 'SUBMIT' });
  await makeUp.act(head, passed, { type: 'APPROVE' });
  await makeUp.act(office, passed, { type: 'APPROVE' });
  const letGo = await started(makeUp.submit(teacher, makeUpForm(periods.slice(2, 3))));
  await makeUp.act(teacher, letGo, { type: 'WITHDRAW' });
  await caughtUp('workflow-effects'); // the effects settled what the reviews decided
});

describe('rebuilding the workflow read models from the events', () => {
  it('after a mixed history, the rebuilt instances and tasks equal the live ones, column for column', async () => {
    const live = await readModels();
    expect(live.instances.length).toBeGreaterThanOrEqual(7);
    expect(live.tasks.length).toBeGreaterThan(0);
    const report = await rebuild();
    expect(report.instances).toBe(live.instances.length);
    expect(report.tasks).toBe(live.tasks.length);
    expect(await readModels()).toEqual(live);
  });

  it('restores read models that were damaged or lost', async () => {
    const live = await readModels();
    await withDb(async (c) => {
      await c.query(`UPDATE wf_instance SET state = 'broken', review_status = 'passed', assignees = '{}' WHERE id IN (SELECT id FROM wf_instance ORDER BY id LIMIT 3)`);
      await c.query(`DELETE FROM wf_task WHERE instance_id IN (SELECT instance_id FROM wf_task ORDER BY instance_id LIMIT 2)`);
      await c.query(`DELETE FROM wf_instance WHERE id IN (SELECT id FROM wf_instance ORDER BY id DESC LIMIT 1)`);
    });
    expect(await readModels()).not.toEqual(live);
    await rebuild();
    expect(await readModels()).toEqual(live);
  });

  it('the flows\' own tables (lesson_change, classroom_booking) rebuilt from the events are the same rows; lost or damaged rows come back', async () => {
    const live = await heldTables();
    // pending and passed, bookings of loans and of a make-up's room, a make-up's lessons
    expect(live.changes.some((r) => r.includes(',pending,')) && live.changes.some((r) => r.includes(',passed,'))).toBe(true);
    expect(live.bookings.some((r) => r.includes(',pending')) && live.bookings.some((r) => r.includes(',passed'))).toBe(true);
    const report = await rebuild();
    expect(report.held).toBeGreaterThanOrEqual(4);
    expect(await heldTables()).toEqual(live);
    await withDb(async (c) => {
      await c.query(`DELETE FROM classroom_booking WHERE status = 'pending'`);
      await c.query(`UPDATE lesson_change SET status = 'pending' WHERE status = 'passed'`);
    });
    expect(await heldTables()).not.toEqual(live);
    await rebuild();
    expect(await heldTables()).toEqual(live);
  });

  it('the app keeps working on the rebuilt models: a reviewer acts on a rebuilt task', async () => {
    const id = await submitOk(student, leaveForm(1));
    await rebuild();
    const res = await act(head, id, { type: 'APPROVE' }, 1);
    expect(res.body.data).toMatchObject({ version: 2, state: 'officeReview' });
  });
});
