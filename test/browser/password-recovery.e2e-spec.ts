import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { withDb } from '../support/api.js';
import { appUrl, shot, signIn, tid, waitForPath } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';
import type { Page } from 'playwright-core';

// Password recovery in the browser (issue 25 item 5): from the sign-in page's "forgot password" link to /RePassword,
// wrong evidence answered with the one message, right evidence resets the password and the new one signs in; the
// same page in English; /qt_app/zhmm on a phone-sized screen. The student's password is put back at the end.

const student = {} as { account: string; idNumber: string; mobile: string };
/** The student's password hash before the file, put back after it (later files sign in as demo students). */
let kept = '';

beforeAll(async () => {
  await withDb(async (c) => {
    const s = (
      await c.query<{ account: string; id_number: string; mobile: string }>(
        `SELECT u.account, s.id_number, g.mobile FROM student s JOIN sys_user u ON u.id = s.user_id JOIN student_guardian g ON g.student_id = s.id AND g.position = 0
          WHERE s.id_number IS NOT NULL AND u.account ~ '^[0-9]+$' ORDER BY u.account DESC OFFSET 3 LIMIT 1`,
      )
    ).rows[0];
    if (!s) throw new Error('no demo student');
    Object.assign(student, { account: s.account, idNumber: s.id_number, mobile: s.mobile });
    kept = (await c.query<{ password_hash: string }>(`SELECT password_hash FROM sys_user WHERE account = $1`, [s.account])).rows[0]!.password_hash;
  });
}, 60_000);

afterAll(async () => {
  await withDb((c) => c.query(`UPDATE sys_user SET password_hash = $2, failed_attempts = 0, locked_until = NULL, must_change_password = false WHERE account = $1`, [student.account, kept]));
});

async function fill(p: Page, v: { account: string; idNumber: string; mobile: string; password: string }): Promise<void> {
  await p.locator(tid('recovery-account')).fill(v.account);
  await p.locator(tid('recovery-idNumber')).fill(v.idNumber);
  await p.locator(tid('recovery-mobile')).fill(v.mobile);
  await p.locator(tid('recovery-newPassword')).fill(v.password);
  await p.locator(tid('recovery-confirmPassword')).fill(v.password);
}

describe('password recovery in the browser', () => {
  const { page } = browserPages();

  it('zh: from the sign-in page, one message for wrong evidence, then reset and signed in with the new password', async () => {
    const t = await page();
    const p = t.page;
    await p.goto(appUrl('/login'));
    await p.locator(tid('login-forgot')).click();
    await waitForPath(p, '/RePassword');
    expect(await p.locator(tid('recovery-title')).innerText()).toContain('找回密码');
    // nothing typed: the shared schema's messages, nothing sent
    await p.locator(tid('recovery-submit')).click();
    expect(await p.locator(tid('recovery-account-error')).innerText()).toBe('请输入用户名');
    await fill(p, { ...student, mobile: '13900000000', password: 'Neu-Pass9x!' });
    await p.locator(tid('recovery-submit')).click();
    expect(await p.locator(tid('recovery-error')).innerText()).toContain('账号、证件号码与手机号码不匹配');
    await shot(p, 'password-recovery-01-zh-refused');
    await fill(p, { ...student, password: 'Neu-Pass9x!' });
    await p.locator(tid('recovery-submit')).click();
    expect(await p.locator(tid('recovery-done')).innerText()).toContain('密码已重置');
    await shot(p, 'password-recovery-02-zh-done');
    await p.locator(tid('recovery-login')).click();
    await waitForPath(p, '/login');
    await signIn(p, student.account, 'Neu-Pass9x!');
    expect(t.problems.unexpected({ allow: [/400 POST .*\/anon\/password\/reset/, /status of 400/] })).toEqual([]);
  });

  it('en: the same page in English, and the phone-sized /qt_app/zhmm', async () => {
    const t = await page(true);
    const p = t.page;
    await p.goto(appUrl('/RePassword'));
    expect(await p.locator(tid('recovery-title')).innerText()).toContain('Recover your password');
    await fill(p, { ...student, idNumber: '310115200001010011', password: 'Neu-Pass9x!2' });
    await p.locator(tid('recovery-submit')).click();
    expect(await p.locator(tid('recovery-error')).innerText()).toContain('The account, ID number and mobile do not match our records');
    await shot(p, 'password-recovery-03-en-refused');
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(appUrl('/qt_app/zhmm'));
    await p.locator(`.sf-recovery-compact ${tid('recovery-form')}`).waitFor();
    // nothing wider than the phone
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fill(p, { ...student, password: 'Neu-Pass9x!2' });
    await p.locator(tid('recovery-submit')).click();
    expect(await p.locator(tid('recovery-done')).innerText()).toContain('Password reset');
    await shot(p, 'password-recovery-04-en-phone-done');
    expect(t.problems.unexpected({ allow: [/400 POST .*\/anon\/password\/reset/, /status of 400/] })).toEqual([]);
  });
});
