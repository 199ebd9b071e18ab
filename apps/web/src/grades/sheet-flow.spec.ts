import { describe, expect, it } from '@jest/globals';
import type { WorkflowInstanceView } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { offeredCommands, refusalOf, snapshotOf } from '../workflow/flow-model.js';

// A grade sheet's decisions as the sheet page and the flow's detail page offer and check them with the shared machine.
const def = flowOf('grade-confirmation');
if (!def) throw new Error('grade-confirmation is not in the registry');

const context = {
  applicantId: 't1',
  teacherId: 't1',
  batchId: 'b1',
  batchName: '期中考试',
  classId: 'c1',
  className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
  courseId: 'm1',
  courseName: { zh: '数学', en: 'Mathematics' },
  route: { teacher: ['t1'], reviewer: ['o1'] },
  lastComment: null,
  lastUrgedAt: null,
  cc: [],
  copiesSent: [],
  returns: 0,
};

function view(state: string, can: string[], assignees: string[]): WorkflowInstanceView {
  return {
    id: 'i1',
    flow: 'grade-confirmation',
    version: 2,
    state,
    status: { review: 'unreviewed' },
    form: {},
    context,
    applicant: { id: 't1', name: '陈老师' },
    student: null,
    assignees: assignees.map((id) => ({ id, name: id })),
    history: [],
    can,
    more: [],
    attachments: [],
  };
}

describe("a grade sheet's decisions in the browser", () => {
  it('lets its teacher submit: how many rows are empty is the server’s to count, not a refusal here', () => {
    const v = view('entering.draft', ['SUBMIT'], ['t1']);
    const s = snapshotOf(def, v);
    expect(offeredCommands(def, s, v)).toEqual(['SUBMIT']);
    expect(refusalOf(def, s, v, 'SUBMIT', {})).toBeNull();
  });

  it('offers a reviewer pass and reject; a rejection still needs its reason', () => {
    const v = view('review', ['APPROVE', 'REJECT'], ['o1']);
    const s = snapshotOf(def, v);
    expect(offeredCommands(def, s, v)).toEqual(['APPROVE', 'REJECT']);
    expect(refusalOf(def, s, v, 'APPROVE', {})).toBeNull();
    expect(refusalOf(def, s, v, 'REJECT', { comment: ' ' })).toBe('workflow.rejectNeedsReason');
    expect(refusalOf(def, s, v, 'REJECT', { comment: '第 3 行分数有误' })).toBeNull();
  });
});
