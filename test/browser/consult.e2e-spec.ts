import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';

// Issue 26's "done when", online consultation, in Chromium: a signed-out visitor chats with `office` — queue →
// accept → messages both ways live (typing, read marks) → close with a note; a second agent (admin) sees the
// conversation taken. Then with no agent online a visitor (in English) leaves a message that waits in the queue and is
// answered later; back on the same device, they read the answer.

/** Where the scenario is, in the test's output (a slow machine times out the whole test, not a step). */
const step = (what: string): void => void process.stderr.write(`consult browser: ${what}\n`);
const stateOf = (name: string) => withDb(async (c) => String((await c.query(`SELECT state FROM consult_conversation WHERE visitor_name = $1 ORDER BY created_at DESC LIMIT 1`, [name])).rows[0]?.state ?? ''));
const item = (p: Page, name: string) => p.locator(tid('consult-item'), { hasText: name });

async function startAsVisitor(p: Page, name: string): Promise<void> {
  await p.goto(appUrl('/onlineConsult/visitor'));
  await p.locator(tid('consult-start-button')).click();
  await p.locator(tid('consult-name-error')).waitFor();
  await p.locator(tid('consult-name')).fill(name);
  await p.locator(tid('consult-contact')).fill('138 0000 0000');
  await p.locator(tid('consult-start-button')).click();
  await p.locator(tid('consult-chat')).waitFor();
}

async function say(p: Page, text: string): Promise<void> {
  await p.locator(tid('consult-input')).fill(text);
  await p.locator(tid('consult-input')).press('Enter');
  await p.locator(tid('consult-mine'), { hasText: text }).waitFor();
}

describe('online consultation in Chromium', () => {
  const { page } = browserPages();

  it('zh: a signed-out visitor chats with office (queue → accept → both ways live → close); admin sees it taken', async () => {
    const name = `访客${Date.now().toString(36).slice(-4)}`;
    const office = await page();
    const admin = await page();
    await signedIn(office.page, 'office');
    await signedIn(admin.page, 'admin');
    step('agents signed in');
    for (const a of [office, admin]) {
      await a.page.goto(appUrl('/zxgl'));
      await a.page.locator(tid('consult-queue')).waitFor();
    }

    const visitor = await page();
    const v = visitor.page;
    await startAsVisitor(v, name);
    step('visitor started');
    await eventually(async () => expect(await v.title()).toBe('在线咨询'));
    await eventually(async () => expect(await v.locator(tid('consult-status')).innerText()).toContain('正在为您接入客服'));
    await say(v, '您好，想了解高一招生的政策');
    // the queue of both agents shows it live, with its last line
    for (const a of [office, admin]) await item(a.page, name).filter({ hasText: '高一招生' }).waitFor();
    await shot(office.page, 'consult-01-queue-zh');

    step('queued at both agents');
    await item(office.page, name).locator(tid('consult-accept')).click();
    await office.page.locator(tid('consult-conversation')).filter({ hasText: name }).waitFor();
    step('accepted');
    // the second agent sees it taken: gone from their queue, and accepting it now is refused
    await item(admin.page, name).waitFor({ state: 'detached' });
    const id = await withDb(async (c) => String((await c.query(`SELECT id FROM consult_conversation WHERE visitor_name = $1`, [name])).rows[0]?.id));
    const late = await call(`/api/consult/${id}/accept`, { method: 'POST', token: await login('admin') });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('该咨询已被其他客服接待');
    await eventually(async () => expect(await v.locator(tid('consult-status')).innerText()).toContain('李主任 正在为您服务'));

    // both ways live; the visitor's typing shows at the agent's; read marks
    // typing stays on while keys keep coming (2 s after the last one): keep typing until the agent's page shows it
    await Promise.all([v.locator(tid('consult-input')).pressSequentially('请问高一的招生简章在哪里', { delay: 400 }), office.page.locator(tid('consult-typing')).waitFor()]);
    await v.locator(tid('consult-input')).fill('');
    await say(office.page, '您好！高一招生请关注学校公众号的招生简章。');
    await v.locator(tid('consult-theirs'), { hasText: '招生简章' }).waitFor();
    await office.page.locator(tid('consult-read')).first().waitFor();
    await say(v, '好的，谢谢老师');
    await office.page.locator(tid('consult-theirs'), { hasText: '谢谢老师' }).waitFor();
    await v.locator(tid('consult-read')).last().waitFor();
    step('messages both ways');
    await shot(v, 'consult-02-visitor-chat-zh');
    await shot(office.page, 'consult-03-agent-chat-zh');

    await office.page.locator(tid('consult-close')).click();
    await office.page.locator(tid('consult-note')).fill('已告知招生简章');
    await office.page.locator(tid('consult-close-confirm')).click();
    await v.locator(`${tid('consult-chat')}[data-state="closed"]`).waitFor();
    expect(await v.locator(tid('consult-status')).innerText()).toContain('本次咨询已结束');
    expect(await stateOf(name)).toBe('closed');
    await shot(v, 'consult-04-closed-zh');
    for (const t of [office, visitor, admin]) expect(t.problems.unexpected()).toEqual([]);
    await office.close();
    await admin.close();
    await visitor.close();
  }, 300_000);

  it('en: with no agent online the message waits in the queue and is answered later; the visitor reads it on returning', async () => {
    const name = `Visitor ${Date.now().toString(36).slice(-4)}`;
    // every agent's page is closed: the server knows nobody is online once their sockets are gone
    await eventually(async () => expect((await call<{ agents: { online: boolean }[] }>('/api/consult/queue', { token: await login('office') })).body.data?.agents.some((a) => a.online)).toBe(false));
    const visitor = await page(true);
    const v = visitor.page;
    await startAsVisitor(v, name);
    await eventually(async () => expect(await v.title()).toBe('Online consultation'));
    await eventually(async () => expect(await v.locator(tid('consult-status')).innerText()).toContain('No agent is online now'));
    step('left message');
    await say(v, 'What are the school bus routes?');
    await shot(v, 'consult-05-left-message-en');
    await v.close();
    expect(await stateOf(name)).toBe('queued');

    // later: office opens the queue, finds the left message, answers it
    const office = await page();
    await signedIn(office.page, 'office', '/zxgl');
    await item(office.page, name).filter({ hasText: '留言' }).waitFor();
    await item(office.page, name).locator(tid('consult-accept')).click();
    await office.page.locator(tid('consult-theirs'), { hasText: 'school bus' }).waitFor();
    await say(office.page, 'Routes are on the school website, page Transport.');

    // the visitor comes back on the same device: the conversation and the answer are there
    const back = await visitor.context.newPage();
    await back.goto(appUrl('/onlineConsult/visitor'));
    await back.locator(tid('consult-theirs'), { hasText: 'page Transport' }).waitFor();
    expect(await back.locator(tid('consult-status')).innerText()).toContain('李主任 is helping you');
    await shot(back, 'consult-06-answered-later-en');

    // transcripts: found by a word of the message
    await office.page.locator(tid('consult-tab-transcripts')).click();
    await office.page.locator(tid('consult-search')).fill('school bus');
    await office.page.locator(tid('consult-transcript-row'), { hasText: name }).waitFor();
    // started at, in school time as the other pages write it (not the browser's locale: 2026/11/29 17:40:00)
    expect(await office.page.locator(tid('consult-transcript-row'), { hasText: name }).locator('td').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await shot(office.page, 'consult-07-transcripts-zh');
    expect(office.problems.unexpected()).toEqual([]);
  }, 240_000);
});
