import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { call as plainCall, type CallOptions, type CallResult } from '../support/api.js';
import { isolatedApp } from '../support/instances.js';
import { eventually, launchBrowser, newTestPage, pathOf, shot, signIn, tid, type TestPage, waitForPath, watchProblems } from '../support/browser.js';
import { bellCount, englishPage, markDocument, openFromSidebar, openReviewQueue, sameDocument, schoolInput, settledBellCount, shown, taskRow } from '../support/flow-pages.js';

// The leave workflow of docs/product/workflows.md#leave driven through the SPA, with several people signed in at once in
// their own browser contexts: what one does reaches the others' open pages live (socket pushes), never by a reload.
// One scenario, run as it is (leave-workflow.e2e-spec.ts) and with request encryption on
// (leave-workflow-encrypted.e2e-spec.ts, docs/adr/0036-request-encryption.md).

/** How a run of the scenario differs: the app's environment, how the test itself calls the API, the browser. */
export interface LeaveScenarioOptions {
  title: string;
  env?: Record<string, string>;
  /** The test's own API calls (the unread count): plain, or encrypted like the browser's. */
  call?: <T>(path: string, o: CallOptions) => Promise<CallResult<T>>;
  /** Starts the browser (a run may watch every context it opens). */
  launch?: () => Promise<Browser>;
  /** More tests after the scenario's, in the same app (e.g. checks of what the scenario's traffic looked like). */
  more?: () => void;
  /**
   * Whether the English rejection runs too (default yes). The encrypted run leaves it out: its requests are the
   * approval's kinds again in another language, and the suite's time is the whole team's.
   */
  englishRejection?: boolean;
}

let call: <T>(path: string, o: CallOptions) => Promise<CallResult<T>> = plainCall;

/** The student account's child in the demo school (see the seed): 王子轩, 高一(1)班, student number 202511001. */
const STUDENT_NAME = '王子轩';
const STUDENT_CLASS = '高一(1)班';

/**
 * Nothing is expected to go wrong in these pages: every page, request and push of the flow should succeed. The
 * only entries let through are aborted requests (ignored by watchProblems itself: a view that reloads, e.g. on a
 * push, cancels its previous call on purpose).
 */
const EXPECTED_PROBLEMS: RegExp[] = [];


/** Fills and sends the leave form; ends on the application's detail page and returns its id. */
async function submitLeave(page: Page, form: { type: 'personal' | 'sick'; start: string; end: string; reason: string; hours: string }, shotName: string): Promise<string> {
  await page.locator(tid('leave-form')).waitFor();
  await page.locator(tid('leave-type')).selectOption(form.type);
  await page.locator(tid('leave-start')).fill(form.start);
  await page.locator(tid('leave-end')).fill(form.end);
  await page.locator(tid('leave-reason')).fill(form.reason);
  await eventually(async () => expect(await page.locator(tid('leave-duration')).getAttribute('data-hours')).toBe(form.hours));
  await shot(page, shotName);
  await page.locator(tid('leave-submit')).click();
  await waitForPath(page, '/apply/leave/detail');
  const detail = page.locator(tid('leave-detail'));
  await detail.waitFor();
  const id = (await detail.getAttribute('data-id')) ?? '';
  expect(id).not.toBe('');
  expect(new URL(page.url()).searchParams.get('id')).toBe(id);
  return id;
}

async function stepMark(page: Page, state: string): Promise<string | null> {
  return page.locator(tid(`flow-step-${state}`)).getAttribute('data-state');
}

export function leaveWorkflowScenario(options: LeaveScenarioOptions): void {
  describe(options.title, () => {
    let browser: Browser;
    // An app and database of its own: the shared test server's queues hold what other test files left behind, and the
    // live row must land on the first page of the head teacher's (oldest-first) queue.
    const isolated = isolatedApp(options.env);

    beforeAll(async () => {
      call = options.call ?? plainCall;
      await isolated.start();
      browser = await (options.launch ?? launchBrowser)();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await isolated.stop();
    }, 60_000);

    it('student submits; the head teacher sees it in the queue live and approves; office approves; the student sees it approved and the bell rise live; the parent got the messages', async () => {
      const student = await newTestPage(browser);
      const head = await newTestPage(browser);
      const others: TestPage[] = [];
      try {
        const s = student.page;
        const h = head.page;
        await Promise.all([signIn(s, 'student'), signIn(h, 'headteacher')]);

        // The seeded menus show their own semantic-ui icons, not the generic folder / file fallback.
        const iconOf = async (page: Page, path: string) => page.locator(`${tid('sidebar')} ${tid(`menu-item-${path}`)} .sf-menu-icon`).getAttribute('class');
        expect(await iconOf(s, '/apply')).toMatch(/\bfile alternate outline icon\b/);
        expect(await iconOf(s, '/messageCenter')).toMatch(/\bbell outline icon\b/);

        // The head teacher's queue is open before anything is submitted.
        await openReviewQueue(h);
        await markDocument(h);
        await shot(h, 'leave-01-headteacher-queue-before');

        // The student fills the leave form: a personal leave ten days ahead, 08:00–17:30 (9.5 hours, well under the
        // principal's threshold of 3 days, so the head teacher and the office decide).
        await openFromSidebar(s, '/apply', '/apply/leave/new');
        const start = schoolInput(10, 8);
        const end = schoolInput(10, 17, 30);
        const reason = `家中有事，需请假半天（e2e ${Date.now().toString(36)}）`;
        const id = await submitLeave(s, { type: 'personal', start, end, reason, hours: '9.5' }, 'leave-02-student-form-filled');

        // The application as the student sees it now: waiting for the head teacher.
        expect((await s.locator(tid('leave-reason-value')).innerText()).trim()).toBe(reason);
        expect(await s.locator(tid('leave-period')).innerText()).toContain(`${shown(start)} 至 ${shown(end)}`);
        expect(await s.locator(tid('leave-student')).innerText()).toContain(STUDENT_NAME);
        expect(await s.locator(tid('leave-status')).getAttribute('data-review')).toBe('unreviewed'); // nobody has reviewed it yet
        expect(await s.locator(tid('leave-status')).innerText()).toContain('未审核');
        expect(await stepMark(s, 'headTeacherReview')).toBe('current');
        expect(await stepMark(s, 'officeReview')).toBe('todo');
        expect(await stepMark(s, 'approved')).toBe('todo');
        await markDocument(s);
        const bellBefore = await settledBellCount(student, call);
        await shot(s, 'leave-03-student-detail-submitted');

        // The head teacher's queue shows it without a reload.
        const row = taskRow(h, id);
        await row.waitFor();
        expect(await sameDocument(h)).toBe(true);
        expect(pathOf(h)).toBe('/apply/tasks');
        expect(await row.getAttribute('data-state')).toBe('headTeacherReview');
        const rowText = await row.innerText();
        for (const part of [STUDENT_NAME, STUDENT_CLASS, '事假', shown(start), shown(end)]) expect(rowText).toContain(part);
        await shot(h, 'leave-04-headteacher-queue-live');

        // …and approves it there, with a comment.
        await row.locator(tid('task-approve')).click();
        const taskModal = h.locator(tid('task-modal'));
        await taskModal.waitFor();
        expect(await taskModal.getAttribute('data-command')).toBe('APPROVE');
        await taskModal.locator(tid('task-comment')).fill('情况属实，同意请假。');
        await shot(h, 'leave-05-headteacher-approve-dialog');
        await taskModal.locator(tid('task-confirm')).click();
        await taskModal.waitFor({ state: 'detached' });
        await h.locator(tid('toast')).filter({ hasText: '操作成功' }).waitFor();
        await row.waitFor({ state: 'detached' }); // gone from the queue: handled
        expect(await sameDocument(h)).toBe(true);
        await shot(h, 'leave-06-headteacher-approved');

        // The student's open detail page moves on by itself, and the bell counts the progress message.
        await eventually(async () => {
          expect(await stepMark(s, 'headTeacherReview')).toBe('done');
          expect(await stepMark(s, 'officeReview')).toBe('current');
          expect(await s.locator(tid('leave-status')).getAttribute('data-review')).toBe('pending');
        });
        expect(await s.locator(tid('leave-status')).innerText()).toContain('待审核');
        await eventually(async () => expect(await bellCount(s)).toBe(bellBefore + 1));
        expect(await s.locator(tid('history')).innerText()).toContain('情况属实，同意请假。');
        expect(await sameDocument(s)).toBe(true);
        await shot(s, 'leave-07-student-after-headteacher');

        // The office opens it from its queue and approves on the detail page.
        const office = await newTestPage(browser);
        others.push(office);
        const o = office.page;
        await signIn(o, 'office');
        await openReviewQueue(o);
        const officeRow = taskRow(o, id);
        await officeRow.waitFor();
        expect(await officeRow.getAttribute('data-state')).toBe('officeReview');
        await officeRow.locator('td').nth(1).click(); // the student cell: opens the application
        await waitForPath(o, '/apply/leave/detail');
        await o.locator(`${tid('leave-detail')}[data-id="${id}"]`).waitFor();
        expect(await stepMark(o, 'officeReview')).toBe('current');
        await o.locator(tid('action-approve')).click();
        const actionModal = o.locator(tid('action-modal'));
        await actionModal.waitFor();
        expect(await actionModal.getAttribute('data-command')).toBe('APPROVE');
        await actionModal.locator(tid('action-comment')).fill('教务处同意。');
        await shot(o, 'leave-08-office-approve-dialog');
        await actionModal.locator(tid('action-submit')).click();
        await actionModal.waitFor({ state: 'detached' });
        await eventually(async () => expect(await stepMark(o, 'approved')).toMatch(/^(current|done)$/));
        // The page's own command is not someone else's: done, and no "someone acted first" after it (the page once read
        // the new version it had caused, rendered before its form closed, as another's action).
        await o.locator(tid('toast')).filter({ hasText: '操作成功' }).waitFor();
        await o.waitForTimeout(300);
        expect(await o.locator(tid('toast')).filter({ hasText: '其他人已先一步处理' }).count()).toBe(0);
        await shot(o, 'leave-09-office-approved');

        // The student's page shows it approved, still the same document, and the bell rose by the two decisions.
        await eventually(async () => {
          expect(await stepMark(s, 'officeReview')).toBe('done');
          expect(await stepMark(s, 'approved')).toMatch(/^(current|done)$/);
          expect(await s.locator(tid('leave-status')).getAttribute('data-review')).toBe('passed');
        });
        expect(await s.locator(tid('leave-status')).innerText()).toContain('审核通过');
        expect(await s.locator(tid('flow-current')).getAttribute('data-state')).toMatch(/^approved/);
        expect(await s.locator(tid('flow-step-principalReview')).count()).toBe(0); // a short leave: no principal step
        await eventually(async () => expect(await bellCount(s)).toBe(bellBefore + 2));
        const history = s.locator(tid('history-item'));
        expect(await history.evaluateAll((items) => items.map((i) => i.getAttribute('data-type')))).toEqual(['SUBMIT', 'APPROVE', 'APPROVE']);
        expect(await s.locator(tid('history')).innerText()).toContain('教务处同意。');
        expect(await sameDocument(s)).toBe(true);
        expect(pathOf(s)).toBe('/apply/leave/detail');
        await shot(s, 'leave-10-student-approved-live');

        // The bell lists the two messages about this leave.
        const link = `/apply/leave/detail?id=${id}`;
        const titlesOfLeave = async (page: Page) =>
          (await page.locator(`${tid('message-bell-item')}[data-link="${link}"] .sf-bell-item-title`).allInnerTexts()).map((x) => x.trim()).sort();
        await s.locator(tid('message-bell')).click();
        await s.locator(tid('message-bell-panel')).waitFor();
        await eventually(async () => expect(await titlesOfLeave(s)).toEqual(['请假已批准', '请假申请有进展']));
        await shot(s, 'leave-11-student-bell');
        expect(await sameDocument(s)).toBe(true);

        // The parent signs in: the bell and the message centre hold the same two messages.
        const parent = await newTestPage(browser);
        others.push(parent);
        const p = parent.page;
        await signIn(p, 'jz202511001');
        expect(await settledBellCount(parent, call)).toBeGreaterThanOrEqual(2);
        await p.locator(tid('message-bell')).click();
        await p.locator(tid('message-bell-panel')).waitFor();
        await eventually(async () => expect(await titlesOfLeave(p)).toEqual(['请假已批准', '请假申请有进展']));
        const bellItems = await p
          .locator(`${tid('message-bell-item')}[data-link="${link}"]`)
          .evaluateAll((items) => items.map((i) => ({ id: i.getAttribute('data-id') ?? '', title: i.querySelector('.sf-bell-item-title')?.textContent?.trim() ?? '' })));
        const messageIds = bellItems.map((m) => m.id);
        const approvedId = bellItems.find((m) => m.title === '请假已批准')?.id ?? '';
        expect(approvedId).not.toBe('');
        const bellText = await p.locator(tid('message-bell-panel')).innerText();
        expect(bellText).toContain(`${STUDENT_NAME}的请假申请（${shown(start)} 至 ${shown(end)}）已批准。`);
        await shot(p, 'leave-12-parent-bell');

        await p.locator(tid('message-bell-all')).click();
        await waitForPath(p, '/messageCenter/xxzx');
        await p.locator(tid('message-list')).waitFor();
        const rowsOfLeave = messageIds.map((mid) => p.locator(`${tid('message-row')}[data-id="${mid}"]`));
        for (const r of rowsOfLeave) await r.waitFor();
        const centreText = (await Promise.all(rowsOfLeave.map((r) => r.innerText()))).join('\n');
        for (const part of ['请假申请有进展', '请假已批准', `已通过${STUDENT_NAME}的请假申请`]) expect(centreText).toContain(part);
        await shot(p, 'leave-13-parent-message-centre');

        // A message with a link opens the application in a new window, where the parent sees it approved; the
        // message is read from then on.
        const approvedRow = p.locator(`${tid('message-row')}[data-id="${approvedId}"]`);
        expect(await approvedRow.getAttribute('data-status')).toBe('0');
        const [win] = await Promise.all([parent.context.waitForEvent('page'), approvedRow.click()]);
        const winProblems = watchProblems(win);
        await waitForPath(win, '/apply/leave/detail');
        await win.locator(`${tid('leave-detail')}[data-id="${id}"]`).waitFor();
        expect(await win.locator(tid('leave-status')).innerText()).toContain('审核通过');
        expect(await stepMark(win, 'approved')).toMatch(/^(current|done)$/);
        await shot(win, 'leave-14-parent-opened-application');
        await eventually(async () => expect(await approvedRow.getAttribute('data-status')).toBe('1'));

        for (const t of [student, head, ...others]) expect(t.problems.unexpected({ allow: EXPECTED_PROBLEMS })).toEqual([]);
        expect(winProblems.unexpected({ allow: EXPECTED_PROBLEMS })).toEqual([]);
      } finally {
        for (const t of [student, head, ...others]) await t.close();
      }
    }, 180_000);

    if (options.englishRejection !== false) it('in English: a rejection without a reason cannot be sent; with one, the student sees it rejected live', async () => {
      const student = await englishPage(browser);
      const head = await englishPage(browser);
      try {
        const s = student.page;
        const h = head.page;
        await Promise.all([signIn(s, 'student'), signIn(h, 'headteacher')]);
        expect((await h.locator(tid('lang-switch')).innerText()).trim()).toBe('EN');
        await openReviewQueue(h);
        await markDocument(h);

        // A sick leave twelve days ahead, one whole day — asked from a phone: the form and the application fit its width.
        await openFromSidebar(s, '/apply', '/apply/leave/new');
        await s.setViewportSize({ width: 390, height: 844 });
        const pageWidth = () => s.evaluate(() => document.documentElement.scrollWidth);
        await eventually(async () => expect(await pageWidth()).toBe(390));
        const reason = `Fever, the doctor says to stay home (e2e ${Date.now().toString(36)})`;
        const id = await submitLeave(s, { type: 'sick', start: schoolInput(12, 8), end: schoolInput(13, 8), reason, hours: '24' }, 'leave-20-en-student-form');
        expect(await s.locator(tid('leave-status')).innerText()).toContain('Unreviewed');
        expect(await pageWidth()).toBe(390);
        await s.setViewportSize({ width: 1366, height: 800 });
        await markDocument(s);
        const bellBefore = await settledBellCount(student, call);

        // The student urges the head teacher (催办): once; the history says so and the button is gone for the hour.
        await s.locator(tid('action-urge')).click();
        const urge = s.locator(tid('action-modal'));
        await urge.waitFor();
        expect(await urge.getAttribute('data-command')).toBe('URGE');
        expect(await urge.innerText()).toContain('once an hour');
        await urge.locator(tid('action-submit')).click();
        await urge.waitFor({ state: 'detached' });
        await s.locator(`${tid('history-item')}[data-type="URGE"]`).waitFor();
        await eventually(async () => expect(await s.locator(tid('action-urge')).count()).toBe(0));
        await shot(s, 'leave-20b-en-student-urged');

        // The queue shows it live. Rejecting from the queue needs a reason: the confirm button stays disabled.
        const row = taskRow(h, id);
        await row.waitFor();
        expect(await sameDocument(h)).toBe(true);
        await row.locator(tid('task-reject')).click();
        const taskModal = h.locator(tid('task-modal'));
        await taskModal.waitFor();
        expect(await taskModal.getAttribute('data-command')).toBe('REJECT');
        expect(await taskModal.locator(tid('task-confirm')).isDisabled()).toBe(true);
        expect(await taskModal.locator(tid('task-modal-problems')).innerText()).toContain('A rejection needs a reason');
        await shot(h, 'leave-21-en-queue-reject-needs-reason');
        await taskModal.locator(tid('task-cancel')).click();
        await taskModal.waitFor({ state: 'detached' });

        // Same on the detail page, also with only spaces typed; with a reason it goes.
        await row.locator('td').nth(1).click();
        await waitForPath(h, '/apply/leave/detail');
        await h.locator(`${tid('leave-detail')}[data-id="${id}"]`).waitFor();
        await h.locator(tid('action-reject')).click();
        const modal = h.locator(tid('action-modal'));
        await modal.waitFor();
        expect(await modal.getAttribute('data-command')).toBe('REJECT');
        const submit = modal.locator(tid('action-submit'));
        expect(await submit.isDisabled()).toBe(true);
        expect(await modal.locator(tid('action-modal-problems')).innerText()).toContain('A rejection needs a reason');
        await modal.locator(tid('action-comment')).fill('   ');
        expect(await submit.isDisabled()).toBe(true);
        expect(await modal.locator(tid('action-modal-problems')).innerText()).toContain('A rejection needs a reason');
        await shot(h, 'leave-22-en-detail-reject-needs-reason');
        const why = 'Please bring a doctor’s note and apply again.';
        await modal.locator(tid('action-comment')).fill(why);
        await eventually(async () => expect(await submit.isDisabled()).toBe(false));
        expect(await modal.locator(tid('action-modal-problems')).count()).toBe(0);
        await submit.click();
        await modal.waitFor({ state: 'detached' });
        await eventually(async () => expect(await stepMark(h, 'rejected')).toBe('current'));
        expect(await sameDocument(h)).toBe(true); // the queue → detail step was client-side routing
        await shot(h, 'leave-23-en-headteacher-rejected');

        // The student's open page shows the rejection and its reason without a reload; the bell counts the message.
        await eventually(async () => {
          expect(await s.locator(tid('leave-status')).getAttribute('data-review')).toBe('rejected');
          expect(await stepMark(s, 'rejected')).toBe('current');
        });
        expect(await s.locator(tid('leave-status')).innerText()).toContain('Rejected');
        expect(await s.locator(tid('flow-current')).getAttribute('data-state')).toBe('rejected');
        expect(await stepMark(s, 'headTeacherReview')).toBe('done'); // decided there (drawn as rejected-here)
        expect(await stepMark(s, 'officeReview')).toBe('todo');
        expect(await s.locator(`${tid('history-item')}[data-type="REJECT"] ${tid('history-comment')}`).innerText()).toContain(why);
        expect(await s.locator(tid('leave-no-actions')).isVisible()).toBe(true);
        await eventually(async () => expect(await bellCount(s)).toBe(bellBefore + 1));
        expect(await sameDocument(s)).toBe(true);
        await shot(s, 'leave-24-en-student-rejected-live');
        await s.locator(`${tid('history-item')}[data-type="REJECT"]`).scrollIntoViewIfNeeded();
        await shot(s, 'leave-25-en-student-rejection-reason');

        for (const t of [student, head]) expect(t.problems.unexpected({ allow: EXPECTED_PROBLEMS })).toEqual([]);
      } finally {
        await student.close();
        await head.close();
      }
    }, 150_000);
    options.more?.();
  });
}
