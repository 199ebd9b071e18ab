import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, WorkflowTaskItem } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';
import { FLOWS } from '@schoolflow/workflows';
import { leaveForm, submitOk } from '../support/workflow.js';

// Issue 14: one review queue for every flow, filtered by flow; each row says what I may do (`can`), folded for the
// whole page at once.

let student: string;
let head: string;

beforeAll(async () => {
  [student, head] = (await Promise.all(['student', 'headteacher'].map((a) => login(a)))) as [string, string];
  for (let i = 0; i < 3; i++) await submitOk(student, leaveForm(1));
});

const queue = (token: string, query: string, lang?: 'en') => call<Page<WorkflowTaskItem>>(`/api/workflows/tasks?${query}`, { token, ...(lang ? { lang } : {}) });

describe('the review queue', () => {
  it('filters by flow; every row carries what the reviewer may do', async () => {
    const all = await queue(head, 'current=1&size=100');
    const leave = await queue(head, 'current=1&size=100&flow=leave');
    expect(leave.body.data?.list.length).toBeGreaterThanOrEqual(3);
    expect(leave.body.data?.list.every((r) => r.flow === 'leave' && r.can.includes('APPROVE') && r.can.includes('REJECT'))).toBe(true);
    // every flow's filter together makes the whole queue (other test files leave travel requests in it too)
    let sum = 0;
    for (const flow of Object.keys(FLOWS)) {
      const one = (await queue(head, `current=1&size=100&flow=${flow}`)).body.data;
      expect(one?.list.every((r) => r.flow === flow)).toBe(true);
      sum += one?.total ?? 0;
    }
    expect(sum).toBe(all.body.data?.total);
  });

  it('refuses a flow that does not exist, or a malformed one, with a message', async () => {
    const unknown = await queue(head, 'flow=no-such-flow');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 400, result: false, msg: '申请类型不正确' });
    expect((await queue(head, 'flow=Leave%27%3B', 'en')).body).toEqual({ code: 400, result: false, msg: 'The kind of application is not valid' });
  });
});
