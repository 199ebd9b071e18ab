import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { baseUrl, login } from '../support/api.js';
import { downloadBytes, eventually, launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { englishPage, markDocument, openFromSidebar, sameDocument } from '../support/flow-pages.js';
import { pdfText } from '../support/pdf-text.js';
import { flowCalls } from '../support/workflow.js';

// 在读证明 in the browser: the kit's form and detail page; when the office passes it, the student's open page shows
// the certificate without a reload, the PDF downloads, and a stranger checks the code on the public page.

describe('reading proof in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('student asks → office passes → the certificate appears live, downloads as a PDF, and checks out on /verify', async () => {
    const student = await newTestPage(browser);
    const stranger = await englishPage(browser);
    try {
      const s = student.page;
      await signedIn(s, 'student');
      await openFromSidebar(s, '/apply', '/apply/reading_proof/new');
      await s.locator(tid('reading-proof-form')).waitFor();
      await s.locator(tid('reading-proof-submit')).click();
      await eventually(async () => expect(await s.locator(tid('reading-proof-purpose-error')).innerText()).toBe('请输入证明用途'));
      expect(await s.locator(tid('reading-proof-language-error')).innerText()).toBe('请选择证明的语言：中文或英文');
      await s.locator(tid('reading-proof-purpose')).fill('办理出国签证');
      await s.locator(tid('reading-proof-language')).selectOption('en');
      await shot(s, 'reading-proof-01-form');
      await s.locator(tid('reading-proof-submit')).click();

      await waitForPath(s, '/apply/reading_proof/detail');
      const detail = s.locator(tid('reading-proof-detail'));
      await detail.waitFor();
      const id = (await detail.getAttribute('data-id')) ?? '';
      expect(await s.locator(tid('reading-proof-language-value')).innerText()).toBe('英文');
      expect(await s.locator(tid('reading-proof-certificate')).count()).toBe(0);
      await markDocument(s);

      // the office passes it (its queue is the kit's, tested with travel): the student's page shows the certificate by itself
      await flowCalls('reading-proof').act(await login('office'), id, { type: 'APPROVE' });
      const code = await eventually(async () => {
        const text = await s.locator(tid('reading-proof-certificate-code')).innerText();
        expect(text).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
        return text;
      });
      expect(await sameDocument(s)).toBe(true);
      // every state reads as words, the passed end of a flow without substates too (it once showed a raw key)
      expect(await detail.innerText()).not.toMatch(/workflow\.state/);
      expect(await s.locator(tid('reading-proof-state')).count()).toBe(0);
      await shot(s, 'reading-proof-02-certificate');

      const [download] = await Promise.all([s.waitForEvent('download'), s.locator(tid('reading-proof-certificate-download')).click()]);
      expect(download.suggestedFilename()).toBe(`在读证明-${code}.pdf`);
      const pdf = await downloadBytes(download);
      expect(pdfText(pdf).join(' ')).toContain(`Verification code: ${code}`);

      // a stranger, not signed in, in English: the code as printed, then as typed carelessly, then a wrong one
      const v = stranger.page;
      await v.goto(`${baseUrl()}/verify/${code}`);
      await v.locator(tid('verify-valid')).waitFor();
      expect(await v.locator(tid('verify-valid')).innerText()).toContain('The certificate is valid');
      expect(await v.locator(tid('verify-valid')).innerText()).toContain('202511001');
      await shot(v, 'reading-proof-03-verify-valid');
      await v.goto(`${baseUrl()}/verify`);
      await v.locator(tid('verify-code')).locator('input').fill('12-34');
      await v.locator(tid('verify-submit')).click();
      expect(await v.locator(tid('verify-invalid-code')).innerText()).toBe('That is not a verification code');
      await v.locator(tid('verify-code')).locator('input').fill(code.toLowerCase().replace(/-/g, ' '));
      await v.locator(tid('verify-submit')).click();
      await v.locator(tid('verify-valid')).waitFor();
      await v.goto(`${baseUrl()}/verify/ABCD-EFGH-JKMN`);
      await v.locator(tid('verify-not-found')).waitFor();
      await shot(v, 'reading-proof-04-verify-unknown');

      for (const t of [student, stranger]) expect(t.problems.unexpected()).toEqual([]);
    } finally {
      await student.close();
      await stranger.close();
    }
  });
});
