import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gradesPath, workflowDetailPage } from '@schoolflow/contracts';
import type { Browser, Page } from 'playwright-core';
import { login, withDb } from '../support/api.js';
import { appUrl, eventually, keepShot, launchBrowser, newTestPage, signedIn, tid } from '../support/browser.js';
import { completeComments, makeFinalRound } from '../support/final-evaluation.js';
import { englishPage } from '../support/flow-pages.js';
import { pdfText } from '../support/pdf-text.js';
import { until } from '../support/workflow.js';
import { getFile, runTag } from '../resources/resource-support.js';

// 期末学业评价 in the browser: the head teacher submits 高一(1)班's results; during the notice jz202511001 reads them
// (with the radar) and objects; the head teacher answers; the office confirms; the student's page shows the published
// results and the radar, the final report PDF carries them; the parent's page in English.

async function openFinal(page: Page): Promise<void> {
  await page.goto(appUrl('/evaluation/qmpj'));
  await page.locator(tid('final-evaluation-page')).waitFor();
}

describe('final-term evaluation in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('submit → notice with an objection and its answer → office confirms → published with the radar and in the report (zh, en)', async () => {
    const r = await makeFinalRound(runTag());
    await completeComments(r);
    const head = await newTestPage(browser);
    const parent = await newTestPage(browser);
    const student = await newTestPage(browser);
    const english = await englishPage(browser);
    try {
      const h = head.page;
      await signedIn(h, 'headteacher');
      await openFinal(h);
      const row = h.locator(tid(`final-row-${r.roundId}`));
      await row.locator(tid('final-submit')).click();
      await eventually(async () => expect(await row.locator(tid('final-state')).count()).toBe(1));
      await keepShot(h, 'final-evaluation-01-submitted');

      // the parent reads the child's results on notice, with the radar, and objects
      const p = parent.page;
      await signedIn(p, 'jz202511001');
      await openFinal(p);
      const ev = p.locator(tid(`final-evaluation-${r.roundId}`));
      await ev.waitFor();
      expect(await ev.locator(tid('final-comment')).innerText()).toBe(r.comment);
      await eventually(async () => expect(await ev.locator(tid('final-radar')).getAttribute('data-ready')).toBe('true'));
      await ev.locator(tid('final-object-send')).click();
      await eventually(async () => expect(await ev.locator('.sf-field-error').innerText()).toBe('请填写异议内容'));
      await ev.locator(tid('final-object-text')).fill('艺术活动应为优秀，孩子获得了艺术节一等奖');
      await ev.locator(tid('final-object-send')).click();
      await eventually(async () => expect(await ev.locator(tid('final-objection-1')).innerText()).toContain('待班主任答复'));
      await keepShot(p, 'final-evaluation-02-objection');

      // the head teacher answers it
      await openFinal(h);
      const answer = h.locator(tid(`final-row-${r.roundId}`)).locator(tid('final-answer-1-text'));
      await answer.waitFor();
      await answer.fill('已核实获奖证书，等级为优秀');
      await h.locator(tid(`final-row-${r.roundId}`)).locator(tid('final-answer-1-send')).click();
      await eventually(async () => expect(await h.locator(tid(`final-row-${r.roundId}`)).locator(tid('final-objection-1')).innerText()).toContain('已核实获奖证书'));
      await keepShot(h, 'final-evaluation-03-answered');

      // the office confirms on the flow's page once the notice is over (0 school days on the test server)
      const office = await newTestPage(browser);
      const o = office.page;
      await signedIn(o, 'office');
      const id = await until(
        () => withDb(async (c) => (await c.query(`SELECT id, state FROM wf_instance WHERE flow = 'final-evaluation' AND form->>'roundId' = $1`, [r.roundId])).rows[0] as { id: string; state: string }),
        (x) => x?.state === 'review',
        20_000,
      );
      await o.goto(appUrl(workflowDetailPage('final-evaluation', id.id)));
      await o.locator(tid('action-approve')).click();
      await o.locator(tid('action-submit')).click();
      await eventually(async () => expect(await o.locator(tid('flow-step-published')).getAttribute('data-state')).toBe('current'));
      await keepShot(o, 'final-evaluation-04-confirmed');
      await office.context.close();

      // the student's page: published, the radar drawn
      const s = student.page;
      await signedIn(s, 'student');
      await openFinal(s);
      const mine = s.locator(tid(`final-evaluation-${r.roundId}`));
      await eventually(async () => expect(await mine.locator(tid('final-state')).innerText()).toBe('已发布'));
      await eventually(async () => expect(await mine.locator(tid('final-radar')).getAttribute('data-ready')).toBe('true'));
      await keepShot(s, 'final-evaluation-05-student-published');

      // the final report PDF carries the evaluation
      const pdf = pdfText((await getFile(`${gradesPath.report}?studentId=${r.me.id}`, await login('student'))).bytes).join(' ');
      expect(pdf).toContain('期末学业评价');
      expect(pdf.replace(/\s+/g, '')).toContain(r.comment);

      // the parent's page in English
      const e = english.page;
      await signedIn(e, 'jz202511001');
      await openFinal(e);
      const en = e.locator(tid(`final-evaluation-${r.roundId}`));
      await eventually(async () => expect(await en.locator(tid('final-state')).innerText()).toBe('Published'));
      await eventually(async () => expect(await en.locator(tid('final-radar')).getAttribute('data-ready')).toBe('true'));
      await keepShot(e, 'final-evaluation-06-parent-en');
    } finally {
      for (const t of [head, parent, student, english]) await t.context.close();
    }
    // four people's sessions and a PDF: longer than one flow's page
  }, 300_000);
});
