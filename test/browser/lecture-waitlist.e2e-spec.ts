import { describe, expect, it } from '@jest/globals';
import { registrationsPath, resources } from '@schoolflow/contracts';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';

// Issue 27's "done when" for lectures, in Chromium: a lecture of one place is taken by one student; a second student
// joins the waitlist on 讲座; the first cancels; the second's page turns to "registered" and their bell rings with the
// promotion message, live, without a reload.

const data = <T>(r: CallResult<T>): T => r.body.data as T;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const MIN = 60_000;

describe('a lecture\'s waitlist in Chromium', () => {
  const { page } = browserPages();

  it('a cancellation promotes the waiting student, whose page and bell show it live', async () => {
    const teacher = await login('teacher');
    const title = `量子计算入门-${Date.now().toString(36)}`;
    const id = data(
      await call<{ id: string }>(registrationsPath.events, {
        token: teacher,
        json: { kind: 'lecture', title, speaker: '李教授', place: '报告厅', start: iso(120 * MIN), end: iso(180 * MIN), registrationStart: iso(-MIN), registrationEnd: iso(60 * MIN), capacity: 1 },
      }),
    ).id;
    const [first, second] = await withDb(async (c) => (await c.query(`SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.status = 'enrolled' AND u.account <> 'student' ORDER BY s.student_no DESC OFFSET 20 LIMIT 2`)).rows.map((r: { account: string }) => r.account) as string[]);
    const firstToken = await login(first as string);
    expect(data(await call<{ state: string }>(registrationsPath.signUp(id), { token: firstToken, method: 'POST' })).state).toBe('registered');

    const p = await page();
    await signedIn(p.page, second as string, '/jiangzuo/jzhd');
    const card = p.page.locator(`${tid('reg-event')}[data-id="${id}"]`);
    await card.waitFor();
    const bell = p.page.locator(tid('message-bell'));
    const before = Number(await bell.getAttribute('data-count'));
    await card.locator(tid('reg-sign-up')).click();
    await eventually(async () => expect(await card.getAttribute('data-state')).toBe('waitlisted'));
    expect(await card.locator(tid('reg-mine-state')).textContent()).toContain('1');
    await shot(p.page, 'lecture-waitlisted');

    const cancelled = await call<{ promoted: boolean }>(registrationsPath.signUp(id), { token: firstToken, method: 'DELETE' });
    expect(data(cancelled).promoted).toBe(true);
    await eventually(async () => expect(await card.getAttribute('data-state')).toBe('registered'));
    await eventually(async () => expect(Number(await bell.getAttribute('data-count'))).toBe(before + 1));
    await bell.click();
    await eventually(async () => expect(await p.page.locator(tid('message-bell-panel')).textContent()).toContain(resources.zh.registrations.message.promotedTitle));
    await shot(p.page, 'lecture-promoted-bell');
  });
});
