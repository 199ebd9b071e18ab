import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { ParkedEventRow } from '@schoolflow/contracts';
import { workflowDetailPage } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, launchBrowser, newTestPage, shot, signIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { appendPoisonedCc } from '../support/poison.js';
import { flowCalls, leaveForm, schoolTime, submitOk, until } from '../support/workflow.js';

// Issue 32 in the browser: the server monitor lists a parked event with its error and replays it (refused while the
// cause remains); a passed status change that was not applied shows why in its history, in Chinese and in English.

const statusChange = flowCalls('student-status-change');
let no = '';

describe('parked events and refused effects in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    no = await withDb(async (c) =>
      (await c.query(
        `SELECT s.student_no FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = c.head_teacher_id
          WHERE u.account = 'headteacher' AND s.student_no <> '202511001' AND s.status = 'enrolled' ORDER BY s.student_no DESC OFFSET 8 LIMIT 1`,
      )).rows[0].student_no as string,
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (no) await withDb((c) => c.query(`UPDATE student SET status = 'enrolled' WHERE student_no = $1`, [no]));
  });

  it('the monitor lists the parked CC and its replay fails with the error; the refused suspension’s history says why in both languages', async () => {
    const [student, admin, head, office, principal] = (await Promise.all(['student', 'admin', 'headteacher', 'office', 'principal'].map((a) => login(a)))) as [string, string, string, string, string];
    const studentId = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'student'`)).rows[0].id as string);
    const leave = await submitOk(student, leaveForm(1));
    const position = await appendPoisonedCc('leave', leave, studentId, randomUUID());
    await until(() => call<ParkedEventRow[]>('/ms/monitor/parked', { token: admin }), (r) => (r.body.data ?? []).some((p) => p.position === position), 30_000);

    // a suspension passed after a transfer out of the same student
    const suspension = (await statusChange.submit(head, { studentId: no, kind: 'suspension', effectiveDate: schoolTime(3, '08:00').slice(0, 10), reason: '休学' })).body.data?.id as string;
    const transfer = (await statusChange.submit(head, { studentId: no, kind: 'transferOut', effectiveDate: schoolTime(2, '08:00').slice(0, 10), reason: '转学' })).body.data?.id as string;
    for (const id of [transfer, suspension]) {
      await statusChange.act(office, id, { type: 'APPROVE' });
      await statusChange.act(principal, id, { type: 'APPROVE' });
    }
    await until(() => statusChange.view(office, suspension), (r) => (r.body.data?.history ?? []).some((h) => h.type === 'EFFECT_REFUSED'));

    const adminPage = await newTestPage(browser);
    const officePage = await newTestPage(browser);
    const english = await englishPage(browser);
    try {
      const a = adminPage.page;
      await signIn(a, 'admin');
      await a.goto(appUrl('/serverMonitor'));
      const row = a.locator(`${tid('parked-row')}[data-position="${position}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-subscription')).toBe('workflow-notifications');
      expect(await row.locator(tid('parked-error')).innerText()).toContain('message_recipient_id_fkey');
      expect(await row.locator(tid('parked-event-type')).innerText()).toBe('抄送 (CC)');
      await shot(a, 'parked-01-monitor');
      await row.locator(tid('parked-replay')).click();
      await a.locator(`${tid('toast')}[data-kind="error"]`).filter({ hasText: '重放仍然失败（23503）' }).waitFor();
      await eventually(async () => expect(await row.locator(tid('parked-attempts')).innerText()).toBe('4'));
      // the row links to the request it belongs to
      expect(await row.locator(tid('parked-instance')).getAttribute('href')).toBe(workflowDetailPage('leave', leave));

      const o = officePage.page;
      await signIn(o, 'office');
      await o.goto(appUrl(workflowDetailPage('student-status-change', suspension)));
      const refused = o.locator(`${tid('history-item')}[data-type="EFFECT_REFUSED"]`);
      await refused.waitFor();
      expect(await refused.locator(tid('history-action')).innerText()).toBe('审核通过但未能生效');
      expect(await refused.locator(tid('history-note')).innerText()).toBe('学生的学籍状态已是“转出”，不再是“在读”，本次异动未执行');
      await shot(o, 'parked-02-refused-history');

      const e = english.page;
      await signIn(e, 'office');
      await e.goto(appUrl(workflowDetailPage('student-status-change', suspension)));
      const refusedEn = e.locator(`${tid('history-item')}[data-type="EFFECT_REFUSED"]`);
      await refusedEn.waitFor();
      expect(await refusedEn.locator(tid('history-action')).innerText()).toBe('Approved, but not applied');
      expect(await refusedEn.locator(tid('history-note')).innerText()).toBe("The student's status is now “Transferred out”, no longer “Enrolled”, so this change was not applied");
      // nothing went wrong but the refused replay, on purpose
      expect(adminPage.problems.unexpected({ allow: [/parked\/replay/, /status of 422/] })).toEqual([]);
      expect([...officePage.problems.unexpected(), ...english.problems.unexpected()]).toEqual([]);
    } finally {
      await Promise.all([adminPage.close(), officePage.close(), english.close()]);
    }
  });
});
