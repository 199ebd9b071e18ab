import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { resourcePage, resources, withCheckCharacter } from '@schoolflow/contracts';
import type { Browser, Page } from 'playwright-core';
import { call, login } from '../support/api.js';
import { appUrl, eventually, launchBrowser, newTestPage, shot, signedIn, signIn, tid, waitForPath } from '../support/browser.js';
import { openFromSidebar } from '../support/flow-pages.js';

// Issue 13's browser walk: the administrator creates a building and a classroom on the kit's pages, imports three
// students of which one row is bad (nothing imported, that row's problem shown), fixes the file and imports it; one
// of the new students signs in with the initial password and is made to change it before anything else.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const dir = join(tmpdir(), `sf-base-data-${run}`);
mkdirSync(dir, { recursive: true });

function studentsFile(name: string, rows: (string | number)[][]): string {
  const t = resources.zh.resource.students;
  const header = [t.fields.studentNo, t.fields.name, t.fields.gender, t.fields.idNumber, t.fields.classId, t.fields.enrollmentYear];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'students');
  const file = join(dir, name);
  writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

async function openResource(page: Page, group: string, name: string): Promise<void> {
  await openFromSidebar(page, `/academic/group/${group}`, resourcePage(name));
  await page.locator(tid(`resource-${name}`)).waitFor();
}

describe('base data in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  // The spec files share one database and other files count the demo class's 30 students: what this test adds goes.
  const imported: string[] = [];
  afterAll(async () => {
    const admin = await login('admin');
    for (const no of imported) {
      const found = (await call<{ list: { id: string; studentNo: string }[] }>(`/api/academic/students?keyword=${no}`, { token: admin })).body.data?.list.find((x) => x.studentNo === no);
      if (found) await call(`/api/academic/students/${found.id}`, { method: 'DELETE', token: admin });
    }
  });

  it('an administrator creates a building and a classroom, imports students (a bad row refused, then the fixed file), and a new student must change the initial password', async () => {
    const admin = await newTestPage(browser);
    const a = admin.page;
    const buildingCode = `B${run}`;
    const roomCode = `R${run}`;
    try {
      await signedIn(a, 'admin');

      // A building: a floor count out of range is refused in the form, with the spec's message, before any request.
      await openResource(a, 'rooms', 'buildings');
      await a.locator(tid('resource-buildings')).locator(tid('resource-new')).click();
      await a.locator(tid('resource-form')).waitFor();
      await a.locator(tid('field-code')).fill(buildingCode);
      await a.locator(tid('field-name')).fill(`格致楼${run}`);
      const campus = (await a.locator(`${tid('field-campusId')} option`).nth(1).getAttribute('value')) as string;
      await a.locator(tid('field-campusId')).selectOption(campus);
      await a.locator(tid('field-floors')).fill('12');
      await a.locator(tid('resource-form-save')).click();
      await eventually(async () => expect(await a.locator(tid('field-floors-error')).innerText()).toBe('楼层数须为 1 到 9 的整数'));
      await shot(a, 'base-data-01-building-floors');
      await a.locator(tid('field-floors')).fill('6');
      await a.locator(tid('resource-form-save')).click();
      await a.locator(tid('resource-form')).waitFor({ state: 'detached' });
      await a.locator(tid('resource-buildings')).locator(tid('resource-search')).fill(buildingCode);
      await a.locator(tid('resource-buildings')).locator(tid('resource-search-submit')).click();
      await eventually(async () => expect(await a.locator(tid('resource-buildings')).locator(`${tid('resource-table')} tbody tr`).count()).toBe(1));
      expect(await a.locator(tid('resource-buildings')).locator(`${tid('resource-table')} tbody`).innerText()).toContain(`格致楼${run}`);

      // A classroom in it.
      await openResource(a, 'rooms', 'classrooms');
      await a.locator(tid('resource-classrooms')).locator(tid('resource-new')).click();
      await a.locator(tid('field-code')).fill(roomCode);
      await a.locator(tid('field-name')).fill(`${roomCode} 教室`);
      const building = (await call<{ list: { id: string; code: string }[] }>(`/api/academic/buildings?keyword=${buildingCode}`, { token: await login('admin') })).body.data?.list[0]?.id as string;
      await a.locator(tid('field-buildingId')).selectOption(building);
      await a.locator(tid('field-seats')).fill('40');
      await a.locator(tid('resource-form-save')).click();
      await a.locator(tid('resource-form')).waitFor({ state: 'detached' });
      await a.locator(tid('resource-classrooms')).locator(tid('resource-search')).fill(roomCode);
      await a.locator(tid('resource-classrooms')).locator(tid('resource-search-submit')).click();
      await eventually(async () => expect(await a.locator(tid('resource-classrooms')).locator(`${tid('resource-table')} tbody`).innerText()).toContain(`格致楼${run}`));
      await shot(a, 'base-data-02-classroom');

      // Students: three rows, the second with an ID number whose check digit is wrong.
      const n = (i: number) => `2099${run.replace(/[^0-9]/g, '').padEnd(3, '7').slice(0, 3)}${i}`;
      imported.push(n(1), n(2), n(3));
      const serial = String(Date.now() % 900 + 100);
      const ids = [1, 2, 3].map((i) => withCheckCharacter(`3101152010010${i}${serial}`));
      const wrong = `${(ids[1] as string).slice(0, 17)}${(ids[1] as string).endsWith('0') ? '1' : '0'}`;
      const bad = studentsFile('students-bad.xlsx', [
        [n(1), '甲同学', '男', ids[0] as string, '202501', 2025],
        [n(2), '乙同学', '女', wrong, '202501', 2025],
        [n(3), '丙同学', '男', ids[2] as string, '202501', 2025],
      ]);
      const good = studentsFile('students.xlsx', [
        [n(1), '甲同学', '男', ids[0] as string, '202501', 2025],
        [n(2), '乙同学', '女', ids[1] as string, '202501', 2025],
        [n(3), '丙同学', '男', ids[2] as string, '202501', 2025],
      ]);
      await openResource(a, 'students', 'students');
      await a.locator(tid('resource-students')).locator(tid('resource-import')).click();
      await a.locator(tid('import-dialog')).waitFor();
      await a.locator(tid('import-file')).setInputFiles(bad);
      await a.locator(tid('import-submit')).click();
      await a.locator(tid('import-errors')).waitFor();
      const errors = await a.locator(tid('import-error-row')).allInnerTexts();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('3'); // the spreadsheet's row 3 (the header is row 1)
      expect(errors[0]).toContain('身份证号码不正确');
      await shot(a, 'base-data-03-import-refused');
      const none = await call<{ total: number }>(`/api/academic/students?keyword=${n(1)}`, { token: await login('admin') });
      expect(none.body.data?.total).toBe(0);

      await a.locator(tid('import-file')).setInputFiles(good);
      await a.locator(tid('import-submit')).click();
      await eventually(async () => expect(await a.locator(tid('import-result')).innerText()).toContain('3'));
      await shot(a, 'base-data-04-imported');
      await a.locator(tid('import-close')).click();
      await a.locator(tid('resource-students')).locator(tid('resource-search')).fill(n(2));
      await a.locator(tid('resource-students')).locator(tid('resource-search-submit')).click();
      await eventually(async () => expect(await a.locator(tid('resource-students')).locator(`${tid('resource-table')} tbody`).innerText()).toContain('乙同学'));
      expect(admin.problems.unexpected({ allow: [/400 POST .*\/import/, /status of 400 .*\/students\/import/] })).toEqual([]);
    } finally {
      await admin.close();
    }

    // The new student signs in with the last six characters of the ID number and is made to change the password.
    const student = await newTestPage(browser);
    const s = student.page;
    try {
      const account = `2099${run.replace(/[^0-9]/g, '').padEnd(3, '7').slice(0, 3)}2`;
      const initial = (await call<{ list: { studentNo: string; idNumber: string }[] }>(`/api/academic/students?keyword=${account}`, { token: await login('admin') })).body.data?.list[0]?.idNumber.slice(-6) as string;
      await s.goto(appUrl('/login'));
      await s.locator(tid('login-username')).fill(account);
      await s.locator(tid('login-password')).fill(initial);
      await s.locator(tid('login-submit')).click();
      await s.locator(tid('force-password-change')).waitFor();
      expect(await s.locator(tid('force-password-change-reason')).innerText()).toContain('首次登录');
      await shot(s, 'base-data-05-must-change');
      await s.locator(tid('pwd-old')).fill(initial);
      await s.locator(tid('pwd-new')).fill('NewPass#2026');
      await s.locator(tid('pwd-confirm')).fill('NewPass#2026');
      await s.locator(tid('pwd-submit')).click();
      await waitForPath(s, '/login');
      await signIn(s, account, 'NewPass#2026');
      expect(await s.locator(tid('force-password-change')).count()).toBe(0);
      await shot(s, 'base-data-06-signed-in');
      expect(student.problems.unexpected({ allow: [/403 /] })).toEqual([]);
    } finally {
      await student.close();
    }
  });
});
