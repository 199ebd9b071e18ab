import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { call } from '../support/api.js';
import { launchBrowser, newTestPage, shot, signedIn, tid, waitForPath } from '../support/browser.js';

/** The shared widgets on the demo page: upload + download with the original name; the people picker's limit. */
describe('shared widgets in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('admin uploads a file and downloads it with its original name; the people picker refuses a selection over its limit', async () => {
    const t = await newTestPage(browser);
    const { page } = t;
    try {
      await signedIn(page, 'admin', '/demo/others');
      await waitForPath(page, '/demo/others');
      await page.locator(tid('widgets-demo')).waitFor();

      // Upload: a real PDF with a Chinese name; the list shows it; the download keeps the name and the bytes.
      const dir = mkdtempSync(join(tmpdir(), 'sf-upload-'));
      const file = join(dir, '学期计划.pdf');
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
      writeFileSync(file, pdf);
      await page.locator(tid('file-upload-input')).setInputFiles(file);
      const item = page.locator(tid('file-upload-item')).filter({ hasText: '学期计划.pdf' });
      await item.waitFor();
      await shot(page, 'widgets-uploaded');
      const [download] = await Promise.all([page.waitForEvent('download'), item.locator(tid('file-upload-download')).click()]);
      expect(download.suggestedFilename()).toBe('学期计划.pdf');
      const saved = join(dir, 'downloaded.pdf');
      await download.saveAs(saved);
      expect(readFileSync(saved).equals(pdf)).toBe(true);

      // A file whose extension is not allowed is refused before upload, with the spec's message.
      const txt = join(dir, 'notes.txt');
      writeFileSync(txt, 'hello');
      await page.locator(tid('file-upload-input')).setInputFiles(txt);
      await page.getByText('只能上传.pdf,.png,.jpg,.xlsx类型的文件').first().waitFor();

      // People picker with a limit of 2: the third person is refused with 您最多可选2个 and the selection stays at 2.
      const picker = page.locator(tid('people-picker')).first();
      await picker.locator(tid('people-picker-open')).click();
      const rows = page.locator(tid('people-picker-row'));
      await rows.nth(2).waitFor();
      for (const i of [0, 1, 2]) await rows.nth(i).locator('label').click();
      await page.getByText('您最多可选2个').first().waitFor();
      expect(await page.locator(`${tid('people-picker-row')}[data-selected="1"]`).count()).toBe(2);
      await shot(page, 'widgets-picker-limit');
      expect(t.problems.unexpected()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('exports the operation log as xlsx, with formula-looking cells escaped', async () => {
    // A sign-in attempt whose account looks like a formula lands in the log as it was typed.
    await call('/api/login/v3', { form: { username: '=HYPERLINK("x")', password: 'whatever1' } });
    const t = await newTestPage(browser);
    const { page } = t;
    try {
      await signedIn(page, 'admin', '/ms/logs');
      await page.locator(tid('logs-row')).first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('logs-export')).click()]);
      expect(download.suggestedFilename()).toBe('operation-log.xlsx');
      const path = join(mkdtempSync(join(tmpdir(), 'sf-export-')), 'log.xlsx');
      await download.saveAs(path);
      const book = XLSX.read(readFileSync(path), { type: 'buffer' });
      const sheet = book.Sheets[book.SheetNames[0] as string];
      const rows = XLSX.utils.sheet_to_json<string[]>(sheet as XLSX.WorkSheet, { header: 1, raw: false });
      expect(rows[0]?.slice(0, 3)).toEqual(['时间', '账号', '操作']);
      expect(rows.length).toBeGreaterThan(2);
      const accounts = rows.map((r) => r[1]);
      expect(accounts).toContain(`'=HYPERLINK("x")`);
      expect(accounts).not.toContain('=HYPERLINK("x")');
      expect(t.problems.unexpected()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
