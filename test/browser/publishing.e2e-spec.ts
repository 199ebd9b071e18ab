import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { PostReceipts } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { bellCount, browserPages, markDocument, openFromSidebar, sameDocument, settledBellCount } from '../support/flow-pages.js';

// Issue 24's "done when" in the browser: the head teacher writes a notice to 高一(1)班 with parents, a picture and a
// confirmation asked for; the demo parent's bell rises while their page stays open, they open the notice from the
// bell and confirm it; the head teacher's receipts page — open all along — shows the counts change and the remaining
// unread by name without a reload; a reminder goes once, and within the hour the button is off saying when it may
// be asked again. Then the same pages in English.

const GROUP = '/academic/group/publishing';
const NOTICES = '/publishing/notice';
const CLASS = '高一(1)班';
const PARENT = 'jz202511001';
/** The parent's child, the demo student (student number 202511001). */
const CHILD = 'student';
/** A 1×1 PNG: the picture the notice carries. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const counts = async (page: Page) => ({
  total: Number(await page.locator(tid('receipts-total')).getAttribute('data-value')),
  read: Number(await page.locator(tid('receipts-read')).getAttribute('data-value')),
  confirmed: Number(await page.locator(tid('receipts-confirmed')).getAttribute('data-value')),
  unread: Number(await page.locator(tid('receipts-unread')).getAttribute('data-value')),
});

/** The state a person's row shows on the receipts page (unread, read, confirmed). */
const rowState = (page: Page, account: string) => page.locator(`${tid('receipt-row')}[data-account="${account}"]`).getAttribute('data-state');

describe('publishing in the browser', () => {
  const { page } = browserPages();

  it('a notice to 高一(1)班 with parents: the bell rises live, the parent confirms, the receipts follow without a reload', async () => {
    const title = `家长会通知 ${Date.now().toString(36)}`;
    const head = await page();
    const parent = await page();
    const h = head.page;
    const f = parent.page;
    await Promise.all([signedIn(h, 'headteacher'), signedIn(f, PARENT)]);
    await markDocument(f);
    const bellBefore = await settledBellCount(parent);

    // the head teacher composes under 信息发布 → 通知
    await openFromSidebar(h, GROUP, NOTICES);
    await h.locator(tid('post-compose')).click();
    await h.locator(tid('post-form')).waitFor();
    // what the limits are is said before anything is chosen
    expect(await h.locator(tid('post-attachment-limits')).innerText()).toBe('图片最多 9 张；MP4 视频 1 个，不超过 100MB；PDF/DOC/PPT 文档最多 4 个，每个不超过 10MB');
    // nothing filled: the shared schema's messages, nothing sent
    await h.locator(tid('post-submit')).click();
    await h.locator(tid('post-title-error')).waitFor();
    expect(await h.locator(tid('post-audience-error')).isVisible()).toBe(true);

    await h.locator(tid('post-title-input')).fill(title);
    await h.locator(tid('post-body-editor')).click();
    await h.keyboard.type('本周五下午三点召开家长会，请准时参加。');
    const classOption = h.locator(`${tid('post-classIds')} option`, { hasText: CLASS });
    await eventually(async () => expect(await classOption.count()).toBe(1));
    await h.locator(tid('post-classIds')).selectOption((await classOption.getAttribute('value')) ?? '');
    // a class chosen, the audience is no longer wanting
    await h.locator(tid('post-audience-error')).waitFor({ state: 'detached' });
    await h.locator(tid('post-include-parents')).click();
    await h.locator(tid('post-require-confirm')).click();
    await h.locator(tid('post-pictures-input')).setInputFiles({ name: '会场.png', mimeType: 'image/png', buffer: PNG });
    await eventually(async () => expect(await h.locator(tid('post-pictures-item')).count()).toBe(1));
    await shot(h, 'publishing-01-compose');
    await h.locator(tid('post-submit')).click();

    // back on the list: the notice, published, with its receipts a click away
    await waitForPath(h, NOTICES);
    const row = h.locator(`${tid('post-row')}[data-title="${title}"]`);
    await row.waitFor();
    expect(await row.locator(tid('post-state')).getAttribute('data-state')).toBe('published');
    const id = (await row.getAttribute('data-id')) ?? '';
    await row.locator(tid('post-receipts')).click();
    await h.locator(tid('post-receipts')).waitFor();
    const before = await eventually(async () => {
      const c = await counts(h);
      expect(c.total).toBeGreaterThan(1);
      return c;
    });
    expect(before).toEqual({ total: before.total, read: 0, confirmed: 0, unread: before.total });
    expect(await h.locator(`${tid('receipts-class')}[data-class="${CLASS}"]`).count()).toBe(1);
    expect(await rowState(h, PARENT)).toBe('unread');
    await markDocument(h);
    await shot(h, 'publishing-02-receipts-before');

    // the parent's bell rises by itself, and the notice is in the bell
    await eventually(async () => expect(await bellCount(f)).toBe(bellBefore + 1));
    // and the home page lists it among the unread notices, on the same push
    await f.locator(`${tid('dashboard-unread-notices')} ${tid('dashboard-post')}[data-id="${id}"]`).waitFor();
    expect(await sameDocument(f)).toBe(true);
    await f.locator(tid('message-bell')).click();
    const item = f.locator(`${tid('message-bell-item')}[data-link="${NOTICES}?id=${id}"]`);
    await item.waitFor();
    // a message's link opens in a window of its own (the shell's rule), signed in with the same session
    const [d] = await Promise.all([parent.context.waitForEvent('page'), item.click()]);
    await waitForPath(d, NOTICES);
    await d.locator(`${tid('post-detail')}[data-id="${id}"]`).waitFor();
    expect(await d.locator(tid('post-title')).innerText()).toContain(title);
    expect(await d.locator(tid('post-body')).innerText()).toContain('本周五下午三点召开家长会');
    await d.locator(`img${tid('post-picture')}`).waitFor();

    // opening it counts as read on the head teacher's page, without a reload
    await eventually(async () => expect((await counts(h)).read).toBe(1));
    // the push writes the counts at once and reads the rows again (use-posts-live.ts): the row follows the counts
    await eventually(async () => expect(await rowState(h, PARENT)).toBe('read'));

    await shot(d, 'publishing-03-parent-detail');
    await d.locator(tid('post-confirm')).click();
    await d.locator(tid('post-confirmed')).waitFor();
    // a parent's confirmation counts for the child too (issue 24): two rows, the parent's and the student's
    await eventually(async () => expect(await counts(h)).toEqual({ total: before.total, read: 2, confirmed: 2, unread: before.total - 2 }));
    await eventually(async () => {
      expect(await rowState(h, PARENT)).toBe('confirmed');
      expect(await rowState(h, CHILD)).toBe('confirmed');
    });
    expect(await sameDocument(h)).toBe(true);

    // the remaining unread, by name: the server's list, filtered on the page
    await h.locator(tid('receipts-filter-state')).selectOption('unread');
    const token = await login('headteacher');
    const unread = await call<PostReceipts>(`/api/posts/${id}/receipts?state=unread`, { token });
    const names = (unread.body.data?.list ?? []).map((r) => r.name).sort();
    expect(names.length).toBe(before.total - 2);
    await eventually(async () => expect((await h.locator(tid('receipt-name')).allInnerTexts()).sort()).toEqual(names));
    expect(await h.locator(`${tid('receipt-row')}[data-account="${PARENT}"]`).count()).toBe(0);
    await shot(h, 'publishing-04-receipts-after');

    // one reminder; then, within the hour, the button is off and says when it may be asked again — on this page
    // (the receipts read again) and on one opened afresh (the receipts' remindAgainAt), without a refused call
    await h.locator(tid('receipts-remind')).click();
    await h.locator(tid('receipts-remind-wait')).waitFor();
    expect(await h.locator(tid('receipts-remind-wait')).innerText()).toMatch(/^已提醒过未读的接收人，\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? 后可再次提醒$/);
    expect(await h.locator(tid('receipts-remind')).isDisabled()).toBe(true);
    await shot(h, 'publishing-05-remind-wait');
    const fresh = await page();
    await signedIn(fresh.page, 'headteacher', `${NOTICES}?id=${id}&view=receipts`);
    await fresh.page.locator(tid('receipts-remind-wait')).waitFor();
    expect(await fresh.page.locator(tid('receipts-remind')).isDisabled()).toBe(true);
    // and a second reminder asked anyway (another window, an old page) is still the server's 429
    expect((await call(`/api/posts/${id}/remind`, { token, json: {} })).status).toBe(429);
    expect(fresh.problems.unexpected()).toEqual([]);

    expect(head.problems.unexpected({ allow: [new RegExp(`429 POST .*/api/posts/${id}/remind`), /status of 429/] })).toEqual([]);
    expect(parent.problems.unexpected()).toEqual([]);

    // in English: the head teacher's receipts and the parent's notice
    const headEn = await page(true);
    const parentEn = await page(true);
    await Promise.all([signedIn(headEn.page, 'headteacher'), signedIn(parentEn.page, PARENT)]);
    await headEn.page.goto(appUrl(`${NOTICES}?id=${id}&view=receipts`));
    // the card stands before the post's title arrives (" Receipts:" was read once on a loaded machine): wait for the title
    await headEn.page.locator(`${tid('post-receipts')} .sf-card-title`, { hasText: `Receipts: ${title}` }).waitFor();
    expect((await headEn.page.locator(tid('receipts-remind')).innerText()).trim()).toBe('Remind the unread');
    expect(await headEn.page.locator(tid('receipts-remind-wait')).innerText()).toMatch(/^The unread were reminded; you may remind them again after \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);
    await shot(headEn.page, 'publishing-06-receipts-en');
    await parentEn.page.goto(appUrl(`${NOTICES}?id=${id}`));
    await parentEn.page.locator(tid('post-confirmed')).waitFor();
    expect((await parentEn.page.locator(tid('post-confirmed')).innerText()).trim()).toMatch(/^Confirmed at \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(parentEn.page, 'publishing-07-detail-en');
    expect(headEn.problems.unexpected()).toEqual([]);
    expect(parentEn.problems.unexpected()).toEqual([]);

    // back on the list: pinned, then withdrawn — gone from the parent's inbox
    await h.locator(tid('receipts-back')).click();
    const listed = h.locator(`${tid('post-row')}[data-id="${id}"]`);
    await listed.locator(tid('post-pin')).click();
    await listed.locator(tid('post-pinned')).waitFor();
    await listed.locator(tid('post-withdraw')).click();
    await h.locator(tid('confirm-ok')).click();
    await eventually(async () => expect(await listed.locator(tid('post-state')).getAttribute('data-state')).toBe('withdrawn'));
    const inbox = await call<{ list: { id: string }[] }>(`/api/posts?kind=notice&box=inbox&size=200`, { token: await login(PARENT) });
    expect((inbox.body.data?.list ?? []).some((p) => p.id === id)).toBe(false);
    expect(head.problems.unexpected({ allow: [new RegExp(`429 POST .*/api/posts/${id}/remind`), /status of 429/] })).toEqual([]);
  }, 240_000);
});
