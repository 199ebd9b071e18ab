import { beforeAll, describe, expect, it } from '@jest/globals';
import { rebuildProjections } from '../../apps/api/src/workflow/projections/rebuild-projections.js';
import { login, withDb } from '../support/api.js';
import { act, leaveForm, schoolTime, submitOk } from '../support/workflow.js';

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

  it('the app keeps working on the rebuilt models: a reviewer acts on a rebuilt task', async () => {
    const id = await submitOk(student, leaveForm(1));
    await rebuild();
    const res = await act(head, id, { type: 'APPROVE' }, 1);
    expect(res.body.data).toMatchObject({ version: 2, state: 'officeReview' });
  });
});
