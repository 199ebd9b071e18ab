import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GradeSheet, SheetSummary, WorkflowInstanceView } from '@schoolflow/contracts';
import type { Browser, Page } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { isolatedApp } from '../support/instances.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid, type TestPage, waitForPath } from '../support/browser.js';
import { bellCount, englishPage, openFromSidebar, serverUnread, settledBellCount } from '../support/flow-pages.js';

// Issue 10's browser walk: a teacher pastes a column of 30 scores into the sheet of 高一(1)班 数学 (a keystroke that is
// no score refused where it is typed, a score above full marks red as it is typed) and submits; the office passes it
// on the sheet page; publishing is refused while the batch's other sheet has not passed, and once it has (arranged
// through the API by its own teacher and the office), the administrator publishes and the student's bell counts one
// more — live, without a reload.

const run = Date.now().toString(36).slice(-5).toUpperCase();
/** The demo class whose 数学 the demo `teacher` (陈老师) teaches, and the one student account of it. */
const CLASS = '高一(1)班';

/** A command of a sheet's grade-confirmation through the API, as its page sends it (If-Match, an action's key). */
async function sheetCommand(token: string, instanceId: string, type: string, comment?: string): Promise<void> {
  const view = await call<WorkflowInstanceView>(`/api/workflows/grade-confirmation/${instanceId}`, { token });
  const version = view.body.data?.version;
  if (version === undefined) throw new Error(`instance not read: ${view.status} ${view.body.msg}`);
  const res = await call(`/api/workflows/grade-confirmation/${instanceId}/events`, {
    token,
    json: { type, ...(comment ? { comment } : {}) },
    headers: { 'If-Match': String(version), 'Idempotency-Key': randomUUID() },
  });
  if (!res.body.result) throw new Error(`${type} refused: ${res.status} ${res.body.msg}`);
}

/** Pastes text into an element as a spreadsheet's copy arrives: a paste event carrying text/plain. */
async function paste(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((el, clip) => {
    const data = new DataTransfer();
    data.setData('text/plain', clip);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The focused element's test id. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('grade entry and confirmation in the browser', () => {
  let browser: Browser;
  // An app and database of its own: opening a batch makes a sheet for every in-school class of its grade, and a class
  // another test file left without a teacher would refuse it; the student's bell must count this batch only.
  const isolated = isolatedApp();
  const arranged: { admin: string; batchId: string; classId: string; mathId: string } = { admin: '', batchId: '', classId: '', mathId: '' };

  beforeAll(async () => {
    await isolated.start();
    browser = await launchBrowser();

    // Arranged through the API: an exam node, a batch of grade 10 examining 数学 (full marks 100), opened.
    const admin = await login('admin');
    const node = await call<{ id: string }>('/api/grades/exam-nodes', { token: admin, json: { code: `E${run}`, name: `月考${run}`, englishName: `Monthly ${run}`, weight: 0, enabled: true, sort: 9 } });
    expect(node.body.result).toBe(true);
    const courses = await call<{ list: { id: string; code: string }[] }>('/api/academic/courses?size=50', { token: admin });
    const math = courses.body.data?.list.find((c) => c.code === 'MATH');
    // the current semester's teaching weeks: the demo is dated from the day it is seeded
    const semester = await withDb(async (c) => (await c.query(`SELECT id, to_char(teaching_start, 'YYYY-MM-DD') AS "teachingStart", to_char(teaching_end, 'YYYY-MM-DD') AS "teachingEnd" FROM semester WHERE is_current`)).rows[0] as { id: string; teachingStart: string; teachingEnd: string } | undefined);
    if (!math || !semester || !node.body.data) throw new Error('no MATH course, current semester or exam node');
    const batch = await call<{ id: string }>('/api/grades/batches', {
      token: admin,
      json: { name: `浏览器录入${run}`, semesterId: semester.id, examNodeId: node.body.data.id, grade: '10', start: semester.teachingStart, end: semester.teachingEnd, enabled: true, courses: [{ courseId: math.id, fullMarks: 100, weight: 0 }] },
    });
    if (!batch.body.result || !batch.body.data) throw new Error(`batch not created: ${batch.body.msg}`);
    const opened = await call<{ sheets: number }>(`/api/grades/batches/${batch.body.data.id}/open`, { token: admin, method: 'POST' });
    expect({ status: opened.status, msg: opened.body.msg, enough: (opened.body.data?.sheets ?? 0) >= 2 }).toMatchObject({ status: 200, enough: true }); // 高一(1)班 and 高一(2)班 at least
    const sheets = await call<SheetSummary[]>(`/api/grades/batches/${batch.body.data.id}/sheets`, { token: admin });
    const mine = sheets.body.data?.find((s) => s.className === CLASS);
    if (!mine) throw new Error(`no sheet of ${CLASS}`);
    Object.assign(arranged, { admin, batchId: batch.body.data.id, classId: mine.classId, mathId: math.id });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await isolated.stop(); // the database goes with everything arranged here
  }, 60_000);

  it('a teacher pastes 30 scores and submits, the office passes the sheet, the batch is published once every sheet has passed, and the student is told', async () => {
    const { batchId, classId, mathId } = arranged;
    const sheetUrl = `/grades/sheet?batchId=${batchId}&classId=${classId}&courseId=${mathId}`;
    const pages: TestPage[] = [];
    const opened = async (english = false): Promise<TestPage> => {
      const p = english ? await englishPage(browser) : await newTestPage(browser);
      pages.push(p);
      return p;
    };
    try {
      const student = await opened();
      const teacher = await opened();
      await Promise.all([signedIn(student.page, 'student'), signedIn(teacher.page, 'teacher')]);
      const bellBefore = await settledBellCount(student);

      // 成绩录入: the batch's sheet of 高一(1)班 数学, still to enter.
      const t = teacher.page;
      await openFromSidebar(t, '/academic/group/grades', '/grades/entry');
      const row = t.locator(`${tid('entry-batch')}[data-batch="${batchId}"] ${tid('entry-sheet')}[data-class="${classId}"][data-course="${mathId}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-state')).toBe('entering.draft');
      expect(await row.locator(tid('entry-sheet-progress')).innerText()).toBe('0 / 30');
      await shot(t, 'grades-entry-01-my-sheets');
      await row.locator(tid('entry-sheet-open')).click();
      await waitForPath(t, '/grades/sheet');
      const sheet = t.locator(tid('grade-sheet'));
      await sheet.waitFor();
      expect(await t.locator(tid('sheet-row')).count()).toBe(30);
      expect(await t.locator(tid('sheet-full-marks')).innerText()).toBe('100');

      // A keystroke that makes no score is refused where it is typed; a score above full marks is red with its message.
      await t.locator(tid('sheet-score-0')).click();
      await t.keyboard.type('a');
      expect(await t.locator(tid('sheet-score-0')).inputValue()).toBe('');
      expect(await t.locator(tid('sheet-score-0')).getAttribute('data-refused')).toBe('true');
      await t.keyboard.type('150');
      expect(await t.locator(tid('sheet-score-0-error')).innerText()).toBe('成绩须在 0 到 100 之间');
      await shot(t, 'grades-entry-02-sheet-refused-zh');
      // Enter goes down, Shift+Enter back up.
      await t.keyboard.press('Enter');
      expect(await focused(t)).toBe('sheet-score-1');
      await t.keyboard.press('Shift+Enter');
      expect(await focused(t)).toBe('sheet-score-0');

      // A column of 30 scores copied from Excel (CRLF lines, the trailing empty line) pasted into the first cell.
      const scores = Array.from({ length: 30 }, (_, i) => (60 + ((i * 7) % 40) + (i % 4 === 0 ? 0.5 : 0)).toString());
      await paste(t, tid('sheet-score-0'), `${scores.join('\r\n')}\r\n`);
      await eventually(async () => expect(await t.locator(tid('sheet-score-29')).inputValue()).toBe(scores[29]));
      expect(await t.locator(tid('sheet-score-0')).inputValue()).toBe(scores[0]);
      expect(await t.locator(tid('sheet-score-0-error')).count()).toBe(0);
      expect(await t.locator(tid('sheet-summary')).getAttribute('data-count')).toBe('30');
      expect(await t.locator(tid('sheet-summary')).getAttribute('data-missing')).toBe('0');
      expect(await sheet.getAttribute('data-dirty')).toBe('true');
      expect(await t.locator(tid('sheet-dirty')).innerText()).toContain('30 行未保存');
      const numbers = scores.map(Number);
      expect(await t.locator(tid('sheet-summary')).innerText()).toContain(`最高分 ${Math.max(...numbers)}，最低分 ${Math.min(...numbers)}`);
      await shot(t, 'grades-entry-03-sheet-pasted-zh');

      // The same sheet in English, read by the teacher in a second window before submitting.
      const english = await opened(true);
      await signedIn(english.page, 'teacher', sheetUrl);
      await english.page.locator(tid('grade-sheet')).waitFor();
      await english.page.locator(tid('sheet-score-2')).fill('');
      await english.page.locator(tid('sheet-score-2')).pressSequentially('101');
      expect(await english.page.locator(tid('sheet-score-2-error')).innerText()).toBe('A score lies between 0 and 100');
      expect(await english.page.locator(tid('sheet-actions')).innerText()).toContain('Submit for review');
      await shot(english.page, 'grades-entry-04-sheet-en');
      await english.close();

      // Submitting saves the typing first, then sends the sheet to review.
      await t.locator(tid('sheet-action-submit')).click();
      await t.locator(tid('sheet-modal')).waitFor();
      await t.locator(tid('sheet-confirm')).click();
      await eventually(async () => expect(await sheet.getAttribute('data-state')).toBe('review'));
      expect(await t.locator(tid('sheet-read-only')).isVisible()).toBe(true);
      const saved = await call<GradeSheet>(`/api/grades/batches/${batchId}/sheets/${classId}/${mathId}`, { token: await login('teacher') });
      expect(saved.body.data?.rows.map((r) => r.score)).toEqual(numbers);
      await shot(t, 'grades-entry-05-submitted');
      expect(teacher.problems.unexpected()).toEqual([]);
      await teacher.close();

      // The office passes it on the sheet page, opened from 成绩确认.
      const office = await opened();
      const o = office.page;
      await signedIn(o, 'office');
      await openFromSidebar(o, '/academic/group/grades', '/grades/confirmation');
      await o.locator(tid('confirmation-batch')).selectOption(batchId);
      const mineRow = o.locator(`${tid('confirmation-sheet')}[data-class="${classId}"][data-course="${mathId}"]`);
      await eventually(async () => expect(await mineRow.getAttribute('data-state')).toBe('review'));
      await shot(o, 'grades-entry-06-confirmation');
      await mineRow.locator(tid('confirmation-sheet-open')).click();
      await waitForPath(o, '/grades/sheet');
      await o.locator(tid('sheet-action-approve')).click();
      await o.locator(tid('sheet-modal')).waitFor();
      await o.locator(tid('sheet-confirm')).click();
      await eventually(async () => expect(await o.locator(tid('grade-sheet')).getAttribute('data-state')).toBe('passed'));
      await shot(o, 'grades-entry-07-passed');
      expect(office.problems.unexpected()).toEqual([]);
      await office.close();

      // The administrator cannot publish yet: 高一(2)班's sheet has not passed, and the refusal names it.
      const admin = await opened();
      const a = admin.page;
      await signedIn(a, 'admin');
      await openFromSidebar(a, '/academic/group/grades', '/grades/confirmation');
      await a.locator(tid('confirmation-batch')).selectOption(batchId);
      await a.locator(tid('confirmation-sheet')).first().waitFor();
      await a.locator(tid('confirmation-publish')).click();
      await a.locator(tid('confirm-ok')).click();
      const refused = a.locator(tid('confirmation-publish-refused'));
      await refused.waitFor();
      expect(await refused.innerText()).toContain('高一(2)班 数学');
      expect(await refused.innerText()).not.toContain(`${CLASS} 数学`);
      await shot(a, 'grades-entry-08-publish-refused');

      // The batch's other sheets, through the API: each entered and submitted by its own teacher, passed by the office.
      const others = ((await call<SheetSummary[]>(`/api/grades/batches/${batchId}/sheets`, { token: arranged.admin })).body.data ?? []).filter((s) => s.state !== 'passed');
      expect(others.map((s) => s.className)).toContain('高一(2)班');
      const officeToken = await login('office');
      for (const s of others) {
        const account = await withDb(async (db) => (await db.query<{ account: string }>(`SELECT u.account FROM grade_sheet g JOIN sys_user u ON u.id = g.teacher_id WHERE g.instance_id = $1`, [s.instanceId])).rows[0]?.account);
        if (!account) throw new Error(`no teacher for ${s.className} ${s.courseName}`);
        const token = await login(account);
        const read = await call<GradeSheet>(`/api/grades/batches/${batchId}/sheets/${s.classId}/${s.courseId}`, { token });
        const body = { scores: (read.body.data?.rows ?? []).map((r, i) => ({ studentId: r.studentId, score: 70 + (i % 25) })) };
        const put = await call(`/api/grades/batches/${batchId}/sheets/${s.classId}/${s.courseId}`, { token, method: 'PUT', json: body });
        expect(put.body.result).toBe(true);
        await sheetCommand(token, s.instanceId, 'SUBMIT');
        await sheetCommand(officeToken, s.instanceId, 'APPROVE');
      }

      // Now the administrator publishes, and the student's bell counts one more without a reload.
      await a.locator(tid('confirmation-refresh')).click();
      await eventually(async () => expect(await a.locator(tid('confirmation-passed')).innerText()).toBe(`已通过 ${others.length + 1} / ${others.length + 1}`));
      await a.locator(tid('confirmation-publish')).click();
      await a.locator(tid('confirm-ok')).click();
      await eventually(async () => expect(await a.locator(tid('confirmation-status')).getAttribute('data-status')).toBe('published'));
      expect(await a.locator(tid('confirmation-publish-refused')).count()).toBe(0);
      await shot(a, 'grades-entry-09-published');
      expect(admin.problems.unexpected({ allow: [/422 POST .*\/publish/, /status of 422/] })).toEqual([]);

      await eventually(async () => expect(await bellCount(student.page)).toBe(bellBefore + 1));
      expect(await serverUnread(student)).toBe(bellBefore + 1);
      await shot(student.page, 'grades-entry-10-student-bell');
    } finally {
      // a context closed already (each page is closed once its part is done) closes again without complaint
      for (const p of pages) await p.close().catch(() => undefined);
    }
  }, 300_000);
});
