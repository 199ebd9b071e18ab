import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowCommandResult } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { leaveForm, view } from '../support/workflow.js';

// Issue 14: a double-clicked submit created two requests even with the same Idempotency-Key. A start or an event
// resent with the key it was first sent with answers the first outcome and appends nothing.

let student: string;
let head: string;
let office: string;

beforeAll(async () => {
  [student, head, office] = (await Promise.all(['student', 'headteacher', 'office'].map((a) => login(a)))) as [string, string, string];
});

const start = (token: string, key: string | null, form = leaveForm(1)) =>
  call<WorkflowCommandResult>('/api/workflows/leave', { token, json: form, headers: key ? { 'Idempotency-Key': key } : {} });
const send = (token: string, id: string, body: Record<string, unknown>, key: string | null, ifMatch?: number) =>
  call<WorkflowCommandResult>(`/api/workflows/leave/${id}/events`, {
    token,
    json: body,
    headers: { ...(key ? { 'Idempotency-Key': key } : {}), ...(ifMatch === undefined ? {} : { 'If-Match': String(ifMatch) }) },
  });
const eventsOf = (id: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM events WHERE stream_id = $1`, [`leave-${id}`])).rows[0].n));
const instancesWithReason = (reason: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM wf_instance WHERE form->>'reason' = $1`, [reason])).rows[0].n));

describe('idempotent commands', () => {
  it('a start sent again with its key answers the first outcome and creates nothing more', async () => {
    const key = randomUUID();
    const form = leaveForm(1, { reason: `idem-${key}` });
    const first = await start(student, key, form);
    expect(first.body).toMatchObject({ result: true, data: { version: 1, state: 'headTeacherReview' } });
    const again = await start(student, key, form);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await instancesWithReason(`idem-${key}`)).toBe(1);
    // a new key is a new application
    const other = await start(student, randomUUID(), form);
    expect(other.body.data?.id).not.toBe(first.body.data?.id);
    expect(await instancesWithReason(`idem-${key}`)).toBe(2);
  });

  it('five starts with one key at the same moment (a double click, retries) make one instance', async () => {
    const key = randomUUID();
    const form = leaveForm(1, { reason: `burst-${key}` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(student, key, form)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    expect(await instancesWithReason(`burst-${key}`)).toBe(1);
  });

  it('an event sent again with its key answers its first outcome — even when the same command would be possible again', async () => {
    const id = (await start(student, randomUUID())).body.data?.id as string;
    const key = randomUUID();
    const first = await send(head, id, { type: 'APPROVE', comment: 'ok' }, key, 1);
    expect(first.body.data).toMatchObject({ version: 2, state: 'officeReview' });
    const again = await send(head, id, { type: 'APPROVE', comment: 'ok' }, key, 1); // the stale If-Match of the first try
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await eventsOf(id)).toBe(2);

    // the office reviewer's approval, resent at once with its key, is appended once
    const okey = randomUUID();
    const both = await Promise.all([send(office, id, { type: 'APPROVE' }, okey), send(office, id, { type: 'APPROVE' }, okey)]);
    expect(both.map((b) => b.body.data)).toEqual([{ id, version: 3, state: 'approved.notCancelled' }, { id, version: 3, state: 'approved.notCancelled' }]);
    expect(await eventsOf(id)).toBe(3);
    expect((await view(student, id)).body.data?.history.map((h) => h.type)).toEqual(['SUBMIT', 'APPROVE', 'APPROVE']);
  });

  it('a key is one user\'s: another reviewer\'s command with the same key is their own, and a refused try leaves the key free', async () => {
    const id = (await start(student, randomUUID())).body.data?.id as string;
    const key = randomUUID();
    // refused (a rejection needs a reason): nothing appended, so the corrected input with the same key goes in
    const refused = await send(head, id, { type: 'REJECT' }, key);
    expect(refused.status).toBe(422);
    const corrected = await send(head, id, { type: 'REJECT', comment: '理由' }, key);
    expect(corrected.body.data).toMatchObject({ version: 2, state: 'rejected' });
    // the same key from the student is not the head teacher's outcome: their withdrawal is simply refused now
    const theirs = await send(student, id, { type: 'WITHDRAW' }, key);
    expect(theirs.status).toBe(422);
  });

  it('a malformed key is refused with a message and nothing is written', async () => {
    const reason = `badkey-${randomUUID()}`;
    const res = await call<WorkflowCommandResult>('/api/workflows/leave', { token: student, json: leaveForm(1, { reason }), headers: { 'Idempotency-Key': 'short' }, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: false, msg: 'The Idempotency-Key must be 8 to 100 letters, digits or _ . : - characters' });
    expect(await instancesWithReason(reason)).toBe(0);
  });
});
