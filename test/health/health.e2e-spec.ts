import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type MessageRow, type MyHealth, resources, type StudentRisk } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { upload, workbook } from '../support/admin.js';
import { call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { connectSocket, nextPush, schoolDate, until } from '../support/workflow.js';

/** Exams dated a month back from today, whatever day the suite runs (never a fixed date: docs/adr/0030). */
const daysAgo = (n: number): string => new Date(Date.now() - n * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * 健康管理 end to end (docs/product/campus-life.md#health-care, docs/adr/0054-health.md) on the shared test server: bad
 * input answers the spec's limit in zh and en and writes nothing; the doctor records a high-risk condition — the head
 * teacher's bell rings live and the student's page is flagged; a physical exam entered and one imported are scored by
 * the national fitness standard; a teacher who is not the class's reads nothing (403, logged); the student reads only
 * their own and the parent only their child's; the students list's risk flags answer the doctor every student's and a
 * head teacher their classes'. One browser walk: the doctor adds a visit on 就诊记录 (zh; a complaint over 1000
 * characters refused under its field), the head teacher sees the badge in the students list, the student sees no
 * such column and reads 我的健康 in English. What it makes is removed at its end.
 */
const tokens = {} as Record<'doctor' | 'headteacher' | 'teacher' | 'student' | 'parent' | 'otherHead', string>;
const ids = {} as Record<'student' | 'otherStudent', string>;
let socket: Socket | null = null;

const count = (table: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n));
const denied = (account: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE account = $1 AND result IN ('denied', 'failure') AND (action LIKE 'resource.health-%' OR action LIKE 'resource.physical-%' OR action LIKE 'health.%')`, [account])).rows[0]?.n));

beforeAll(async () => {
  [tokens.doctor, tokens.headteacher, tokens.teacher, tokens.student, tokens.parent, tokens.otherHead] = (await Promise.all(['doctor', 'headteacher', 'teacher', 'student', 'jz202511001', 'teacher02'].map((a) => login(a)))) as [string, string, string, string, string, string];
  await withDb(async (c) => {
    ids.student = (await c.query(`SELECT id FROM student WHERE student_no = '202511001'`)).rows[0]?.id as string;
    ids.otherStudent = (await c.query(`SELECT id FROM student WHERE student_no = '202521003'`)).rows[0]?.id as string;
  });
}, 60_000);

afterAll(async () => {
  socket?.disconnect();
  await withDb(async (c) => {
    await c.query(`DELETE FROM message WHERE source_key IN (SELECT 'health-condition:' || id || ':' || risk_level FROM health_condition WHERE name LIKE 'E2E%')`);
    await c.query(`DELETE FROM health_condition WHERE name LIKE 'E2E%'`);
    await c.query(`DELETE FROM health_exam WHERE remark LIKE 'E2E%'`);
    await c.query(`DELETE FROM health_visit WHERE complaint LIKE 'E2E%'`);
  });
});

describe('health care', () => {
  it('bad input answers the spec limit in zh and en and writes nothing', async () => {
    const before = await count('health_condition');
    const body = { studentId: ids.student, name: 'E2E 过长', riskLevel: 'low', description: '长'.repeat(1001) };
    for (const lang of ['zh', 'en'] as const) {
      const res = await call('/api/health/health-conditions', { token: tokens.doctor, json: body, lang });
      expect([res.status, res.body.result]).toEqual([400, false]);
      expect(res.body.msg).toContain(lang === 'zh' ? resources.zh.resource['health-conditions'].fields.description : resources.en.resource['health-conditions'].fields.description);
      expect(res.body.msg).toContain('1000');
    }
    const noStudent = await call('/api/health/health-conditions', { token: tokens.doctor, json: { ...body, description: '', studentId: crypto.randomUUID() } });
    expect([noStudent.status, noStudent.body.result]).toEqual([400, false]);
    expect(await count('health_condition')).toBe(before);
  });

  it('a new high-risk condition alerts the head teacher live and flags the student', async () => {
    socket = await connectSocket(tokens.headteacher);
    const bell = nextPush<MessageRow>(socket, 'message.created', (m) => String(m.MESSAGE_LINK).includes(ids.student));
    const made = await call<{ id: string }>('/api/health/health-conditions', { token: tokens.doctor, json: { studentId: ids.student, name: 'E2E 先天性心脏病', riskLevel: 'high', careAdvice: '避免剧烈运动' } });
    expect([made.status, made.body.result]).toEqual([200, true]);
    expect((await bell).MESSAGE_CONTENT).toContain('E2E 先天性心脏病');
    const risk = await call<StudentRisk>(`/api/health/students/${ids.student}/risk`, { token: tokens.headteacher });
    expect(risk.body.data?.risk).toBe('high');
    expect(risk.body.data?.conditions.map((c) => c.name)).toContain('E2E 先天性心脏病');
    // a low one alerts nobody
    await call('/api/health/health-conditions', { token: tokens.doctor, json: { studentId: ids.student, name: 'E2E 轻微近视', riskLevel: 'low' } });
    const alerts = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM message WHERE source_key LIKE 'health-condition:%' AND params->>'condition' LIKE 'E2E%'`)).rows[0]?.n));
    expect(await alerts()).toBe(1);
    // written with the condition, once per condition and level: saved again at high, no second message
    const saved = await call(`/api/health/health-conditions/${made.body.data?.id}`, { token: tokens.doctor, method: 'PUT', json: { studentId: ids.student, name: 'E2E 先天性心脏病', riskLevel: 'high', careAdvice: '避免剧烈运动，随身带药' } });
    expect(saved.body.result).toBe(true);
    expect(await alerts()).toBe(1);
  });

  it('an entered exam and an imported one are scored by the national fitness standard', async () => {
    const entered = await call<{ id: string }>('/api/health/physical-exams', {
      token: tokens.doctor,
      json: { studentId: ids.student, examDate: daysAgo(30), heightCm: 172, weightKg: 60, vitalCapacity: 4300, sprint50m: 7.3, sitAndReach: 19.4, standingLongJump: 250, strength: 14, enduranceRun: 220, remark: 'E2E entered' },
    });
    expect(entered.body.result).toBe(true);
    const one = await call<Record<string, unknown>>(`/api/health/physical-exams/${entered.body.data?.id}`, { token: tokens.doctor });
    expect([one.body.data?.bmi, one.body.data?.totalScore, one.body.data?.rating]).toEqual([20.3, 91.5, 'excellent']);
    const rows = [
      Object.values(resources.zh.resource['physical-exams'].fields).slice(0, 11),
      ['202511003', daysAgo(29), 170, 80, 2600, 9.5, 1, 195, 7, 285, 'E2E imported'],
    ];
    const imported = await upload<{ imported: number }>('/api/health/physical-exams/import', tokens.doctor, workbook(rows), 'exams.xlsx');
    expect([imported.status, imported.body.data?.imported]).toEqual([200, 1]);
    const scored = await withDb(async (c) => (await c.query(`SELECT bmi::float, total_score::float AS total, rating, item_scores FROM health_exam WHERE remark = 'E2E imported'`)).rows[0]);
    expect(scored).toMatchObject({ bmi: 27.7, rating: 'pass', item_scores: { bmi: 60, vitalCapacity: 60, sprint50m: 60, strength: 60, enduranceRun: 60 } });
  });

  it('a teacher who is not the class head reads nothing, and each refusal is logged', async () => {
    const before = await denied('teacher');
    for (const path of ['/api/health/health-conditions', '/api/health/physical-exams', '/api/health/health-visits', '/api/health/health-insurance', `/api/health/students/${ids.student}/risk`]) {
      const res = await call(path, { token: tokens.teacher });
      expect([path, res.status, res.body.result]).toEqual([path, 403, false]);
    }
    expect(await until(() => denied('teacher'), (n) => n >= before + 5)).toBeGreaterThanOrEqual(before + 5);
    // another class's head teacher reads only their classes' rows
    const other = await call<{ list: { studentId: string }[] }>('/api/health/health-conditions?size=100', { token: tokens.otherHead });
    expect(other.body.data?.list.some((r) => r.studentId === ids.student)).toBe(false);
    const own = await call<{ list: { studentId: string }[] }>('/api/health/health-conditions?size=100', { token: tokens.headteacher });
    expect(own.body.data?.list.some((r) => r.studentId === ids.student)).toBe(true);
  });

  it('the risk flags of a page of students: every student for the doctor, their classes for a head teacher, none for others', async () => {
    const studentIds = [ids.student, ids.otherStudent];
    const flags = async (token: string) => call<{ flags: { studentId: string; risk: string }[] }>('/api/health/student-risks', { token, json: { studentIds } });
    const doctor = await flags(tokens.doctor);
    expect(doctor.body.data?.flags.find((f) => f.studentId === ids.student)?.risk).toBe('high');
    const head = await flags(tokens.headteacher);
    expect(head.body.data?.flags.map((f) => f.studentId)).toEqual([ids.student]);
    expect((await flags(tokens.otherHead)).body.data?.flags.some((f) => f.studentId === ids.student)).toBe(false);
    for (const token of [tokens.teacher, tokens.student]) expect((await flags(token)).status).toBe(403);
    const bad = await call('/api/health/student-risks', { token: tokens.doctor, json: { studentIds: ['x'] }, lang: 'en' });
    expect([bad.status, bad.body.result]).toEqual([400, false]);
  });

  it('a student reads only their own and a parent only their child', async () => {
    const mine = await call<MyHealth>('/api/health/mine', { token: tokens.student });
    expect(mine.body.data?.student?.studentNo).toBe('202511001');
    expect(mine.body.data?.risk).toBe('high');
    expect(mine.body.data?.exams.length).toBeGreaterThan(0);
    const child = await call<MyHealth>(`/api/health/mine?studentId=${ids.student}`, { token: tokens.parent });
    expect(child.body.data?.student?.id).toBe(ids.student);
    for (const token of [tokens.student, tokens.parent]) {
      const other = await call(`/api/health/mine?studentId=${ids.otherStudent}`, { token });
      expect([other.status, other.body.msg]).toEqual([403, resources.zh.health.errors.forbidden]);
      expect((await call('/api/health/health-visits', { token })).status).toBe(403);
    }
  });

  it('in the browser: the doctor adds a visit (zh), the head teacher sees the badge, the student reads 我的健康 in en', async () => {
    const browser: Browser = await launchBrowser();
    const doctor = await newTestPage(browser);
    const head = await newTestPage(browser);
    const student = await englishPage(browser);
    try {
      // the doctor: 就诊记录, a new visit with a complaint over the limit refused under its field, then saved
      const d = doctor.page;
      await signedIn(d, 'doctor', '/jkgl/jzjl');
      expect(await d.locator(tid('resource-title')).innerText()).toContain('就诊记录');
      await d.locator(tid('resource-new')).click();
      await d.locator(tid('resource-form')).waitFor();
      await d.locator(tid('field-studentId-search')).fill('202511001');
      await eventually(async () => expect(await d.locator(`${tid('field-studentId')} option[value="${ids.student}"]`).count()).toBe(1));
      await d.locator(tid('field-studentId')).selectOption(ids.student);
      await d.locator(tid('field-visitedOn')).fill(schoolDate(0));
      await d.locator(tid('field-complaint')).fill('E2E 头痛'.padEnd(1001, '痛'));
      await d.locator(tid('field-outcome')).selectOption('rested');
      await d.locator(tid('resource-form-save')).click();
      const tooLong = resources.zh.validation.fieldTooLong.replace('{{field}}', resources.zh.resource['health-visits'].fields.complaint).replace('{{max}}', '1000');
      await eventually(async () => expect(await d.locator(tid('field-complaint-error')).innerText()).toBe(tooLong));
      await d.locator(tid('field-complaint')).fill('E2E 头痛，发热 37.8℃');
      await d.locator(tid('resource-form-save')).click();
      await d.locator(tid('resource-form')).waitFor({ state: 'detached' });
      await d.locator('tr', { hasText: 'E2E 头痛，发热 37.8℃' }).waitFor();
      expect(await count(`health_visit WHERE complaint = 'E2E 头痛，发热 37.8℃'`)).toBe(1);

      // the head teacher: the students list flags 202511001 (high since the condition above)
      const h = head.page;
      await signedIn(h, 'headteacher', '/academic/students');
      const badge = h.locator(tid(`health-risk-${ids.student}`));
      await badge.waitFor();
      expect(await badge.getAttribute('data-risk')).toBe('high');
      expect(await badge.innerText()).toBe(resources.zh.health.risk.high);

      // the student: the students list without a health column (nothing asked, nothing refused), 我的健康 in English
      const s = student.page;
      await signedIn(s, 'student', '/academic/students');
      await s.locator(tid('resource-students')).waitFor();
      await s.locator(tid(`resource-row-${ids.student}`)).waitFor();
      expect(await s.locator('th[data-field="healthRisk"]').count()).toBe(0);
      await signedIn(s, 'student', '/jkgl/wdjk');
      await s.locator(tid('my-health')).waitFor();
      expect(await s.locator(tid('health-risk')).innerText()).toBe(resources.en.health.risk.badge.replace('{{level}}', resources.en.health.risk.high));
      expect(await s.locator('h3').first().innerText()).toContain(resources.en.health.page.mine);
      for (const p of [doctor, head, student]) expect(p.problems.unexpected()).toEqual([]);
    } finally {
      await Promise.all([doctor.close(), head.close(), student.close()]);
      await browser.close();
    }
  });
});
