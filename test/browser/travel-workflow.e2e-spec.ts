import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { isolatedApp } from '../support/instances.js';
import { eventually, launchBrowser, newTestPage, pathOf, shot, signedIn, tid, type TestPage, waitForPath, watchProblems } from '../support/browser.js';
import { englishPage, markDocument, openFromSidebar, openReviewQueue, sameDocument, schoolInput, shown, taskRow } from '../support/flow-pages.js';

// The travel flow in the browser: nothing of it is a page of its own — the form, the detail page and the queue row
// are the flow kit's, read from travel's declaration. The student works in Chinese, the head teacher in English.

describe('travel in the browser, on the kit’s pages', () => {
  let browser: Browser;
  // An app and database of its own, so the live row lands on the first page of the head teacher's queue.
  const isolated = isolatedApp();

  beforeAll(async () => {
    await isolated.start();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await isolated.stop();
  }, 60_000);

  it('a student submits a travel request; the head teacher’s open queue shows it without a reload; the approval reaches the student’s open page live', async () => {
    const student: TestPage = await newTestPage(browser);
    const head: TestPage = await englishPage(browser);
    try {
      const s = student.page;
      const h = head.page;
      const problems = [watchProblems(s), watchProblems(h)];
      await Promise.all([signedIn(s, 'student'), signedIn(h, 'headteacher')]);

      await openReviewQueue(h);
      await markDocument(h);

      // The form under 业务申请, drawn from the declaration; saving it empty shows each field's message.
      await openFromSidebar(s, '/apply', '/apply/travel/new');
      const form = s.locator(tid('travel-form'));
      await form.waitFor();
      await s.locator(tid('travel-submit')).click();
      await eventually(async () => expect(await s.locator(tid('travel-destination-error')).innerText()).toBe('请输入外出目的地'));
      expect(await s.locator(tid('travel-reason-error')).innerText()).toBe('请输入外出事由');
      expect(await s.locator(tid('travel-studentId')).count()).toBe(0); // a student applies for themself
      const start = schoolInput(3, 13);
      const end = schoolInput(3, 17, 30);
      await s.locator(tid('travel-destination')).fill('市图书馆');
      await s.locator(tid('travel-start')).fill(start);
      await s.locator(tid('travel-end')).fill(schoolInput(3, 12)); // before the start: refused as one types
      await eventually(async () => expect(await s.locator(tid('travel-end-error')).innerText()).toBe('结束时间不能早于开始时间'));
      await s.locator(tid('travel-end')).fill(end);
      await s.locator(tid('travel-transport')).selectOption('metro');
      await s.locator(tid('travel-reason')).fill('去市图书馆查阅研究性学习资料');
      await eventually(async () => expect(await s.locator('.sf-field-error').count()).toBe(0));
      await shot(s, 'travel-01-student-form');
      await s.locator(tid('travel-submit')).click();

      await waitForPath(s, '/apply/travel/detail');
      const detail = s.locator(tid('travel-detail'));
      await detail.waitFor();
      const id = (await detail.getAttribute('data-id')) ?? '';
      expect(id).not.toBe('');
      expect(await s.locator(tid('travel-destination-value')).innerText()).toBe('市图书馆');
      expect(await s.locator(tid('travel-transport-value')).innerText()).toBe('地铁');
      expect(await s.locator(tid('travel-start-value')).innerText()).toBe(shown(start));
      expect(await s.locator(tid('flow-step-headTeacherReview')).getAttribute('data-state')).toBe('current');
      await markDocument(s);
      await shot(s, 'travel-02-student-detail');

      // The head teacher's open queue shows it without a reload, in English.
      const row = taskRow(h, id);
      await row.waitFor();
      expect(await sameDocument(h)).toBe(true);
      expect(pathOf(h)).toBe('/apply/tasks');
      const text = await row.innerText();
      for (const part of ['Going out', shown(start), shown(end)]) expect(text).toContain(part);
      await shot(h, 'travel-03-headteacher-queue-live');

      await row.locator(tid('task-approve')).click();
      await h.locator(tid('task-modal')).waitFor();
      await h.locator(tid('task-confirm')).click();
      await row.waitFor({ state: 'detached' });

      // The student's open page moves on by itself.
      await eventually(async () => expect(await s.locator(tid('flow-step-officeReview')).getAttribute('data-state')).toBe('current'));
      expect(await sameDocument(s)).toBe(true);
      expect(await s.locator(tid('travel-status')).getAttribute('data-review')).toBe('pending');
      await shot(s, 'travel-04-student-detail-live');

      for (const p of problems) expect(p.unexpected()).toEqual([]);
    } finally {
      await student.context.close();
      await head.context.close();
    }
  });
});
