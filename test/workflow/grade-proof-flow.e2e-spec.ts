import { beforeAll, describe, expect, it } from '@jest/globals';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { caughtUp, flowCalls, until } from '../support/workflow.js';

const { submit, act, view } = flowCalls('grade-proof');

// 成绩证明 end to end: the proof kit again (reading-proof's test covers the certificate's rules in depth); its
// certificate lists the grades published that day — the demo school's mid-term (published at start).
let parent: string;
let student: string;
let office: string;

const pdfOf = async (token: string, id: string) => {
  const res = await fetch(`${baseUrl()}/server/api/workflows/grade-proof/${id}/certificate`, { headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() } });
  return { status: res.status, text: pdfText(Buffer.from(await res.arrayBuffer())).join(' ').replace(/\s+/g, ' ') };
};

beforeAll(async () => {
  [parent, student, office] = (await Promise.all(['jz202511001', 'student', 'office'].map((a) => login(a)))) as [string, string, string];
});

describe('grade-proof', () => {
  it('parent asks in English → the office passes → a transcript listing the published mid-term, checkable by its code', async () => {
    const res = await submit(parent, { purpose: 'Summer school', language: 'en' }, 'en');
    expect(res.body).toMatchObject({ result: true, msg: 'The transcript request was submitted', data: { state: 'officeReview' } });
    const id = res.body.data?.id as string;
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    const cert = await until(() => view(student, id).then((r) => r.body.data?.certificate), (c) => c !== undefined);
    const pdf = await pdfOf(student, id);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('Transcript of Grades');
    expect(pdf.text).toContain('Mid-term');
    expect(pdf.text).toContain('Mathematics');
    expect(pdf.text).toContain('Summer school');
    const content = await withDb(async (c) => (await c.query(`SELECT content->'grades' AS grades FROM wf_certificate WHERE instance_id = $1`, [id])).rows[0].grades as { semesterEn: string; courseEn: string; score: string }[]);
    // every course of the demo's 高一 mid-term, each as published (a score out of its full marks, or the mark); other
    // test files publish batches of this student too, and the transcript lists theirs as well
    // the demo is dated from the day it is seeded: its mid-term is the current semester's
    const current = await withDb(async (c) => (await c.query(`SELECT name_en FROM semester WHERE is_current`)).rows[0].name_en as string);
    const midTerm = content.filter((g) => g.semesterEn === `${current} Mid-term`);
    expect(midTerm).toHaveLength(10);
    expect(midTerm.every((g) => /^(\d+(\.\d+)? \/ (100|150)|缺考 Absent|免考 Exempt)$/.test(g.score))).toBe(true);
    expect(midTerm.map((g) => g.courseEn)).toContain('Mathematics');
    expect((await call(`/anon/certificates/${cert?.code}`)).body.data).toMatchObject({ valid: true, flow: 'grade-proof', studentNo: '202511001' });
  });

  it('a rejection and a withdrawal issue nothing', async () => {
    const rejected = (await submit(student, { purpose: '出国留学', language: 'zh' })).body.data?.id as string;
    expect((await act(office, rejected, { type: 'REJECT', comment: '本学期成绩尚未发布' })).body.data?.state).toBe('rejected');
    const withdrawn = (await submit(student, { purpose: '出国留学', language: 'zh' })).body.data?.id as string;
    expect((await act(student, withdrawn, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    await caughtUp('workflow-effects');
    for (const id of [rejected, withdrawn]) {
      const res = await call(`/api/workflows/grade-proof/${id}/certificate`, { token: student });
      expect([res.status, res.body.msg]).toEqual([422, '证明尚未开具：申请审批通过后才能下载']);
    }
  });

  it('bad input: no purpose — in the caller’s language, nothing written', async () => {
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'grade-proof'`)).rows[0].n as number);
    const res = await submit(student, { purpose: '', language: 'en' }, 'en');
    expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, 'Please enter what the certificate is for']);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'grade-proof'`)).rows[0].n as number)).toBe(before);
  });
});
