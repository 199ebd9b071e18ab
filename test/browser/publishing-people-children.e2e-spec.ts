import { describe, expect, it } from '@jest/globals';
import type { CreatePostAnswer } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { browserPages, openFromSidebar } from '../support/flow-pages.js';

// Issue 24's last gaps in the browser (docs/product/publishing.md): the head teacher names a student of 高一(1)班 in
// the compose form (by class, then by student number) with parents; the parent of two children (jz202511002) confirms
// a notice for one child, then the other, each child's state shown; hands homework in for the child chosen while the
// head teacher's overview counts it without a reload (post.submission).

const GROUP = '/academic/group/publishing';
const NOTICE = '/publishing/notice';
const HOMEWORK = '/publishing/homework';
const PARENT = 'jz202511002';
/** A due time counted from now (never a calendar date). */
const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

const onTime = async (page: import('playwright-core').Page): Promise<number> => Number(await page.locator(tid('homework-counts')).getAttribute('data-on-time'));

describe('named people and a parent of two children in the browser', () => {
  const { page } = browserPages();

  it('the head teacher names a student (with parents) in the compose form; exactly they and their parent receive it', async () => {
    const { page: h, problems } = await page();
    await signedIn(h, 'headteacher');
    await openFromSidebar(h, GROUP, NOTICE);
    await h.locator(tid('post-compose')).click();
    await h.locator(tid('post-form')).waitFor();
    const title = `点名通知 ${Date.now().toString(36)}`;
    await h.locator(tid('post-title-input')).fill(title);
    await h.locator(tid('post-body-editor')).click();
    await h.keyboard.type('请明早到办公室。');
    // by class: 高一(1)班's students listed, one checked
    const classOption = h.locator(`${tid('post-people-class')} option`, { hasText: '高一(1)班' });
    await eventually(async () => expect(await classOption.count()).toBe(1));
    await h.locator(tid('post-people-class')).selectOption((await classOption.getAttribute('value')) ?? '');
    await eventually(async () => expect(await h.locator(tid('post-people-row')).count()).toBe(30));
    await h.locator(`${tid('post-people-row')}[data-account="202511002"] label`).click();
    // by student number, across classes: the sibling
    await h.locator(tid('post-people-class')).selectOption('');
    await h.locator(tid('post-people-search')).fill('202521002');
    await eventually(async () => expect(await h.locator(tid('post-people-row')).count()).toBe(1));
    await h.locator(`${tid('post-people-row')}[data-account="202521002"] label`).click();
    await eventually(async () => expect(await h.locator(tid('post-people-chosen')).count()).toBe(2));
    await h.locator(tid('post-include-parents')).click();
    await shot(h, 'publishing-people-01-compose');
    await h.locator(tid('post-submit')).click();
    await waitForPath(h, NOTICE);
    const row = h.locator(`${tid('post-row')}[data-title="${title}"]`);
    await row.waitFor();
    const id = (await row.getAttribute('data-id')) ?? '';
    const accounts = await withDb(async (c) => (await c.query<{ account: string }>(`SELECT u.account FROM post_recipient r JOIN sys_user u ON u.id = r.user_id WHERE r.post_id = $1 ORDER BY u.account`, [id])).rows.map((r) => r.account));
    expect(accounts).toEqual(['202511002', '202521002', PARENT]);
    expect(problems.unexpected()).toEqual([]);
  }, 180_000);

  it('the parent of two confirms for each child; the homework is handed in for the child chosen and the overview counts it live', async () => {
    const token = await login('headteacher');
    const cls = await withDb(async (c) => String((await c.query<{ id: string }>(`SELECT id FROM admin_class WHERE name = '高一(1)班'`)).rows[0]?.id));
    const math = await withDb(async (c) => String((await c.query<{ id: string }>(`SELECT id FROM course WHERE code = 'MATH'`)).rows[0]?.id));
    const notice = await call<CreatePostAnswer>('/api/posts', { token, json: { kind: 'notice', title: `请家长确认 ${Date.now().toString(36)}`, body: '<p>下周一返校</p>', audience: { classIds: [cls], parents: true }, requireConfirm: true, publish: true } });
    const homework = await call<CreatePostAnswer>('/api/posts', { token, json: { kind: 'homework', title: `周末作业 ${Date.now().toString(36)}`, body: '<p>阅读一章</p>', audience: { classIds: [cls], parents: true }, courseId: math, dueAt: inDays(2), publish: true } });

    const parent = await page();
    const teacher = await page();
    const p = parent.page;
    const h = teacher.page;
    await Promise.all([signedIn(p, PARENT), signedIn(h, 'headteacher')]);

    // the notice: both children offered, confirmed one at a time
    await p.goto(appUrl(`${NOTICE}?id=${notice.body.data?.id}`));
    await p.locator(tid('post-children')).waitFor();
    const children = p.locator(tid('post-child'));
    expect(await children.count()).toBe(2);
    expect(await p.locator(tid('post-confirm')).count()).toBe(0);
    await children.first().locator(tid('post-child-confirm')).click();
    await eventually(async () => expect(await children.first().getAttribute('data-confirmed')).toBe('true'));
    expect(await children.nth(1).getAttribute('data-confirmed')).toBe('false');
    await shot(p, 'publishing-people-02-parent-one-confirmed');
    await children.nth(1).locator(tid('post-child-confirm')).click();
    await eventually(async () => expect(await children.nth(1).getAttribute('data-confirmed')).toBe('true'));
    const confirmedBy = await withDb(async (c) => (await c.query<{ n: string }>(`SELECT count(*) AS n FROM post_recipient r JOIN sys_user u ON u.id = r.confirmed_by WHERE r.post_id = $1 AND r.role = 'student' AND u.account = $2`, [notice.body.data?.id, PARENT])).rows[0]?.n);
    expect(confirmedBy).toBe('2');

    // the homework: the teacher's overview open; the parent chooses the second child and hands in
    await h.goto(appUrl(`${HOMEWORK}?id=${homework.body.data?.id}`));
    await h.locator(tid('homework-counts')).waitFor();
    const before = await onTime(h);
    await p.goto(appUrl(`${HOMEWORK}?id=${homework.body.data?.id}`));
    await p.locator(tid('homework-children')).waitFor();
    const second = p.locator(tid('homework-child')).nth(1);
    expect(await second.getAttribute('data-handed-in')).toBe('false');
    await second.click();
    await p.locator(tid('homework-text-input')).fill('第二个孩子的读书笔记');
    await p.locator(tid('homework-submit')).click();
    await p.locator(tid('homework-submission')).waitFor();
    await eventually(async () => expect(await second.getAttribute('data-handed-in')).toBe('true'));
    expect(await p.locator(tid('homework-child')).first().getAttribute('data-handed-in')).toBe('false');
    await shot(p, 'publishing-people-03-parent-handed-in');
    // no reload on the teacher's page: the push moves the count
    await eventually(async () => expect(await onTime(h)).toBe(before + 1));
    await shot(h, 'publishing-people-04-overview-live');
    expect(parent.problems.unexpected()).toEqual([]);
    expect(teacher.problems.unexpected()).toEqual([]);

    // in English: the parent's per-child confirmation
    const en = await page(true);
    await signedIn(en.page, PARENT, `${NOTICE}?id=${notice.body.data?.id}`);
    await en.page.locator(tid('post-children')).waitFor();
    expect(await en.page.locator(tid('post-child-confirmed')).first().innerText()).toContain('Confirmed');
    await shot(en.page, 'publishing-people-05-parent-en');
    expect(en.problems.unexpected()).toEqual([]);
  }, 300_000);
});
