import { beforeAll, describe, expect, it } from '@jest/globals';
import { finalEvaluationPath, gradesPath, type StudentFinalEvaluation, type WorkflowCommandResult, type WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { completeComments, type FinalRound, makeFinalRound } from '../support/final-evaluation.js';
import { pdfText } from '../support/pdf-text.js';
import { until } from '../support/workflow.js';
import { getFile, runTag } from '../resources/resource-support.js';

/**
 * 期末学业评价's rules on the engine (docs/product/evaluations.md#final-term-evaluation): who submits, objects,
 * answers and confirms; nobody confirms their own class; the publicity's timer; bad input answered with the envelope
 * in the caller's language, writing nothing. The shared test server puts results up for 0 school days
 * (TEST_SERVER_ENV), so the engine's timer ends the notice within a second and the office's step is reached; the
 * school-day count itself is publicity.spec.ts's.
 */
const FLOW = '/api/workflows/final-evaluation';
const ctx = {} as { r: FinalRound; head: string; office: string; teacher: string; student: string; parent: string; id: string };
const events = (id: string) => withDb(async (c) => (await c.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version`, [`final-evaluation-${id}`])).rows as { type: string; data: Record<string, unknown> }[]);
const view = (id: string, token: string) => call<WorkflowInstanceView>(`${FLOW}/${id}`, { token });
const act = (token: string, id: string, json: Record<string, unknown>, lang?: 'zh' | 'en') => call<WorkflowCommandResult>(`${FLOW}/${id}/events`, { token, json, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  ctx.r = await makeFinalRound(runTag(), 2);
  [ctx.head, ctx.office, ctx.teacher, ctx.student, ctx.parent] = await Promise.all([login('headteacher'), login('office'), login('teacher'), login('student'), login('jz202511001')]);
});

describe('final-term evaluation: submission', () => {
  it('bad input: the envelope in the caller’s language, nothing written', async () => {
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM wf_instance WHERE flow = 'final-evaluation'`)).rows[0].n as number);
    const bad = await call(FLOW, { token: ctx.head, json: { roundId: 'x', classId: ctx.r.classId } });
    expect([bad.status, bad.body.result, typeof bad.body.code]).toEqual([400, false, 'number']);
    expect(bad.body.msg).toMatch(/^请选择/);
    const en = await call(FLOW, { token: ctx.head, json: { classId: ctx.r.classId }, lang: 'en' });
    expect([en.status, en.body.result]).toEqual([400, false]);
    expect(en.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
    const unknownRound = await call(FLOW, { token: ctx.head, json: { roundId: '7d3c1a52-94a6-4b55-9a0e-3e0d6f2f7b10', classId: ctx.r.classId } });
    expect([unknownRound.status, unknownRound.body.result]).toEqual([404, false]);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM wf_instance WHERE flow = 'final-evaluation'`)).rows[0].n as number)).toBe(before);
  });

  it('only the class’s head teacher submits, and only a complete class', async () => {
    const form = { roundId: ctx.r.roundId, classId: ctx.r.classId };
    const byTeacher = await call(FLOW, { token: ctx.teacher, json: form });
    expect([byTeacher.status, byTeacher.body.result]).toEqual([403, false]);
    const byStudent = await call(FLOW, { token: ctx.student, json: form });
    expect([byStudent.status, byStudent.body.result]).toEqual([403, false]);
    const incomplete = await call(FLOW, { token: ctx.head, json: form });
    expect([incomplete.status, incomplete.body.msg]).toEqual([422, '还有学生没有评价结果或期末评语，不能提交']);
    const incompleteEn = await call(FLOW, { token: ctx.head, json: form, lang: 'en' });
    expect(incompleteEn.body.msg).toBe('Some students have no results or no term comment yet; it cannot be submitted');
    // the page says so too
    const rows = await call<{ roundId: string; missing: number }[]>(finalEvaluationPath.classes, { token: ctx.head });
    expect(rows.body.data?.find((x) => x.roundId === ctx.r.roundId)?.missing).toBe(2);
  });

  it('submitted: on notice for the class’s families, the timer ends it (0 school days here), once per round and class', async () => {
    await completeComments(ctx.r);
    const sent = await call<WorkflowCommandResult>(FLOW, { token: ctx.head, json: { roundId: ctx.r.roundId, classId: ctx.r.classId } });
    expect([sent.status, sent.body.data?.state]).toEqual([200, 'publicity']);
    ctx.id = sent.body.data?.id as string;
    const [submitted] = await events(ctx.id);
    expect(submitted?.data).toMatchObject({ publicityDays: 0, missing: 0, headTeacherId: ctx.r.headTeacherId });
    expect(Date.parse(String(submitted?.data.publicityEndsAt))).toBeGreaterThan(Date.now() - 60_000);
    // the engine's timer, as the system, once the days are over
    const reviewed = await until(() => view(ctx.id, ctx.office), (v) => v.body.data?.state === 'review', 20_000);
    expect(reviewed.body.data?.history.at(-1)).toMatchObject({ type: 'PUBLICITY_END', actorId: null });
    const again = await call(FLOW, { token: ctx.head, json: { roundId: ctx.r.roundId, classId: ctx.r.classId } });
    expect([again.status, again.body.msg]).toEqual([422, '本班该轮次的期末评价已提交，请在原流程中继续']);
    // nobody sends the timer's event
    expect((await act(ctx.office, ctx.id, { type: 'PUBLICITY_END' })).status).toBe(422);
  });
});

describe('final-term evaluation: objections and confirmation', () => {
  it('the family reads the child’s results; nobody else', async () => {
    const mine = await call<StudentFinalEvaluation[]>(finalEvaluationPath.student(ctx.r.me.id), { token: ctx.parent });
    const ev = mine.body.data?.find((e) => e.roundId === ctx.r.roundId);
    expect(ev).toMatchObject({ state: 'review', comment: ctx.r.comment, precision: 1 });
    expect(ev?.contents.map((c) => [c.content, c.value, c.level])).toEqual([
      ['品德表现', 92, '优秀'],
      ['集体意识', 92, '优秀'],
      ['艺术活动', 92, '优秀'],
    ]);
    expect((await call(finalEvaluationPath.student(ctx.r.me.id), { token: ctx.student })).status).toBe(200);
    const other = await call(finalEvaluationPath.student(ctx.r.other.id), { token: ctx.parent, lang: 'en' });
    expect([other.status, other.body.msg]).toEqual([403, 'You may read only your own or your child’s final-term evaluation']);
    expect((await call(finalEvaluationPath.student(ctx.r.me.id), { token: ctx.teacher })).status).toBe(403);
  });

  it('a family objects for its own child, with a reason; the head teacher answers; the office waits for every answer', async () => {
    expect((await act(ctx.parent, ctx.id, { type: 'OBJECT', studentId: ctx.r.other.id, comment: '不是我的孩子' })).status).toBe(403);
    // a teacher outside the flow does not even learn it exists
    expect((await act(ctx.teacher, ctx.id, { type: 'OBJECT', studentId: ctx.r.me.id, comment: '教师' })).status).toBe(404);
    const noId = await act(ctx.parent, ctx.id, { type: 'OBJECT', comment: '艺术活动等级偏低' });
    expect([noId.status, noId.body.result]).toEqual([400, false]);
    expect(noId.body.msg).toMatch(/^请选择/);
    const noText = await act(ctx.parent, ctx.id, { type: 'OBJECT', studentId: ctx.r.me.id }, 'en');
    expect([noText.status, noText.body.msg]).toEqual([422, 'Please write the objection']);
    const objected = await act(ctx.parent, ctx.id, { type: 'OBJECT', studentId: ctx.r.me.id, comment: '艺术活动应为优秀，孩子获得了艺术节一等奖' });
    expect(objected.status).toBe(200);
    // the head teacher now has the task; the office may not confirm yet
    const task = await view(ctx.id, ctx.head);
    expect(task.body.data?.can).toContain('ANSWER');
    const early = await act(ctx.office, ctx.id, { type: 'APPROVE' });
    expect([early.status, early.body.msg]).toEqual([422, '还有未答复的异议，不能确认发布']);
    expect((await act(ctx.office, ctx.id, { type: 'ANSWER', objection: 1, comment: '办公室' })).status).toBe(403);
    expect((await act(ctx.parent, ctx.id, { type: 'ANSWER', objection: 1, comment: '自己答' })).status).toBe(403);
    const wrong = await act(ctx.head, ctx.id, { type: 'ANSWER', objection: 9, comment: '无此异议' });
    expect([wrong.status, wrong.body.msg]).toEqual([422, '该异议不存在或已答复']);
    const answered = await act(ctx.head, ctx.id, { type: 'ANSWER', objection: 1, comment: '已核实获奖证书，等级维持优秀' });
    expect(answered.status).toBe(200);
    const told = () => withDb(async (c) => (await c.query(`SELECT m.title_key FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE u.account = 'jz202511001' AND m.link LIKE $1`, [`%${ctx.id}%`])).rows.map((r: { title_key: string }) => r.title_key));
    expect(await until(told, (k) => k.includes('evaluations.final.messages.answered.title'))).toContain('evaluations.final.messages.answered.title');
  });

  it('nobody confirms their own class; the office confirms: published, and the final report carries it', async () => {
    expect((await act(ctx.head, ctx.id, { type: 'APPROVE' })).status).toBe(403);
    expect((await act(ctx.parent, ctx.id, { type: 'APPROVE' })).status).toBe(403);
    const ok = await act(ctx.office, ctx.id, { type: 'APPROVE' });
    expect([ok.status, ok.body.data?.state]).toEqual([200, 'published']);
    const late = await act(ctx.parent, ctx.id, { type: 'OBJECT', studentId: ctx.r.me.id, comment: '迟到的异议' });
    expect([late.status, late.body.msg]).toEqual([422, '期末评价已发布']);
    const pdf = await getFile(`${gradesPath.report}?studentId=${ctx.r.me.id}`, ctx.student);
    expect(pdf.type).toBe('application/pdf');
    const text = pdfText(pdf.bytes).join(' ');
    expect(text).toContain('期末学业评价');
    expect(text).toContain(ctx.r.roundName);
    expect(text).toContain('艺术活动');
    expect(text).toContain('优秀 · 92.0');
    expect(text.replace(/\s+/g, '')).toContain(ctx.r.comment);
    const en = pdfText((await getFile(`${gradesPath.report}?studentId=${ctx.r.me.id}`, ctx.parent, 'en')).bytes).join(' ');
    expect(en).toContain('Final-term evaluation');
  });
});
