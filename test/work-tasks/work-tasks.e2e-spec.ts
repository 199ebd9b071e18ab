import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resources, type WorkAssignment, type WorkTaskDetail, type WorkTaskOverview } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { schoolDate, until } from '../support/workflow.js';

/**
 * 内控工作管理 end to end (docs/product/office.md#work-tasks, docs/adr/0055-work-tasks.md) on the shared test server:
 * bad input answers the envelope in the caller's language and writes nothing; 王校长 assigns a task to 张老师 and 陈老师;
 * 陈老师 reports and submits, is returned once with a reason, submits again; both are approved — nobody reviews their
 * own, an outsider sees nothing; the leader view counts it. In the browser: 陈老师's task list (zh) and the leader view at
 * phone width (en). What it makes is removed at its end.
 */
const zh = resources.zh['work-tasks'];
const en = resources.en['work-tasks'];
const tokens = {} as Record<'principal' | 'teacher' | 'headteacher' | 'teacher01', string>;
const TITLE = `期末监考安排确认${Date.now() % 100000}`;

const count = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM work_task`)).rows[0]?.n));
const userId = (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0]?.id as string);
const assign = (json: unknown, lang: 'zh' | 'en' = 'zh', who: keyof typeof tokens = 'principal') => call<WorkTaskDetail>('/api/work-tasks', { token: tokens[who], json, lang });
const step = (who: keyof typeof tokens, a: WorkAssignment, type: string, extra: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'zh') =>
  call(`/api/workflows/work-task/${a.instanceId}/events`, { token: tokens[who], json: { type, ...extra }, lang });
const mine = async (who: keyof typeof tokens) => ((await call<WorkAssignment[]>('/api/work-tasks/mine', { token: tokens[who] })).body.data ?? []).filter((a) => a.title === TITLE);
const detail = async (who: keyof typeof tokens, id: string) => call<WorkTaskDetail>(`/api/work-tasks/${id}`, { token: tokens[who] });

beforeAll(async () => {
  [tokens.principal, tokens.teacher, tokens.headteacher, tokens.teacher01] = (await Promise.all(['principal', 'teacher', 'headteacher', 'teacher01'].map((a) => login(a)))) as [string, string, string, string];
}, 60_000);

describe('work tasks', () => {
  it('bad input answers the envelope in zh and en and writes nothing; a teacher may not assign', async () => {
    const before = await count();
    const teacher = await userId('teacher');
    const principal = await userId('principal');
    const ok = { title: '期中总结', deadline: schoolDate(3), assigneeIds: [teacher] };
    const bad = [
      [{ ...ok, title: '  ' }, zh.validation.titleRequired, en.validation.titleRequired],
      [{ ...ok, title: '长'.repeat(101) }, zh.validation.titleTooLong, en.validation.titleTooLong],
      [{ ...ok, assigneeIds: [] }, zh.validation.assigneesRequired, en.validation.assigneesRequired],
      [{ ...ok, deadline: schoolDate(-1) }, zh.errors.deadlinePassed, en.errors.deadlinePassed],
      [{ ...ok, assigneeIds: [principal] }, zh.errors.nobodyAssigned, en.errors.nobodyAssigned],
      [{ ...ok, assigneeIds: [crypto.randomUUID()] }, zh.errors.assigneeUnknown, en.errors.assigneeUnknown],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await assign(json, lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    const refused = await assign(ok, 'en', 'teacher');
    expect([refused.status, refused.body.result, refused.body.msg]).toEqual([403, false, en.errors.forbidden]);
    expect((await call('/api/work-tasks/overview', { token: tokens.teacher })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('a task for two teachers: reported, submitted, returned once, approved; nobody reviews their own; the leader view counts it', async () => {
    const [teacher, headteacher] = await Promise.all([userId('teacher'), userId('headteacher')]);
    const created = await assign({ title: TITLE, content: '确认各自的监考场次', deadline: schoolDate(5), assigneeIds: [teacher, headteacher] });
    expect([created.status, created.body.msg]).toEqual([200, zh.results.created.replace('{{count}}', '2')]);
    const task = created.body.data as WorkTaskDetail;
    expect(task).toMatchObject({ total: 2, submitted: 0, approved: 0, leaderName: '王校长' });

    const [mineT] = await mine('teacher');
    expect(mineT).toMatchObject({ state: 'working', percent: 0, leaderName: '王校长', overdue: false });
    // a report gives a percentage and what was done
    const noText = await step('teacher', mineT as WorkAssignment, 'REPORT', { percent: 50 }, 'en');
    expect([noText.status, noText.body.msg]).toEqual([422, en.errors.reportInvalid]);
    const badPercent = await step('teacher', mineT as WorkAssignment, 'REPORT', { percent: 120, comment: 'x' });
    expect([badPercent.status, badPercent.body.msg]).toEqual([400, zh.validation.percentInvalid]);
    // the step's effect writes the percentage and text the lists read, on its own subscription: when it has, the
    // teacher's screen is told (workflow.effected), and a list read then shows them (docs/adr/0068)
    const screen = io(baseUrl(), { path: '/server/socket.io', auth: { token: tokens.teacher }, transports: ['websocket'], reconnection: false, forceNew: true });
    // the report's own (its version); an earlier event's effect may be announced meanwhile if the subscription runs behind
    const reportVersion = (mineT as WorkAssignment).version + 1;
    const effected = new Promise<unknown>((resolve) => screen.on('workflow.effected', (p: { id: string; version: number }) => (p.id === mineT?.instanceId && p.version === reportVersion ? resolve(p) : undefined)));
    await new Promise<void>((resolve) => screen.once('connect', () => resolve()));
    expect((await step('teacher', mineT as WorkAssignment, 'REPORT', { percent: 50, comment: '已排好上午场' })).status).toBe(200);
    try {
      expect(await effected).toMatchObject({ flow: 'work-task', version: reportVersion });
    } finally {
      screen.close();
    }
    expect(await mine('teacher')).toEqual([expect.objectContaining({ percent: 50, lastComment: '已排好上午场' })]);
    expect((await step('teacher', mineT as WorkAssignment, 'SUBMIT')).status).toBe(200);
    // nobody reviews their own: the assignee may not approve; an outsider neither reads nor acts
    expect((await step('teacher', mineT as WorkAssignment, 'APPROVE')).status).toBe(403);
    expect((await detail('teacher01', task.id)).status).toBe(404);
    expect((await step('teacher01', mineT as WorkAssignment, 'APPROVE')).status).toBe(404);

    // the leader returns it once, with a reason; the teacher submits again
    // the state is the engine's at once; the percentage of 100 comes with the step's effect (docs/adr/0068)
    const reviewList = async () => (await call<WorkAssignment[]>('/api/work-tasks/review', { token: tokens.principal })).body.data ?? [];
    const submitted = (await until(reviewList, (l) => l.find((a) => a.instanceId === mineT?.instanceId)?.percent === 100)).find((a) => a.instanceId === mineT?.instanceId) as WorkAssignment;
    expect(submitted).toMatchObject({ state: 'submitted', percent: 100 });
    const noReason = await step('principal', submitted, 'RETURN', {}, 'en');
    expect([noReason.status, noReason.body.msg]).toEqual([422, en.errors.returnNeedsReason]);
    expect((await step('principal', submitted, 'RETURN', { comment: '缺少下午场' })).status).toBe(200);
    const [returned] = await until(() => mine('teacher'), ([a]) => a?.state === 'returned' && a.lastComment === '缺少下午场');
    // the teacher's bell: once, with the reason
    const bell = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM message WHERE recipient_id = $1 AND content_key = 'messages.workTaskReturned.content' AND params->>'reason' = '缺少下午场'`, [teacher])).rows[0]?.n as number);
    await until(bell, (n) => n === 1);
    expect((await step('teacher', returned as WorkAssignment, 'SUBMIT', { comment: '已补充下午场' })).status).toBe(200);

    const [mineH] = await mine('headteacher');
    expect((await step('headteacher', mineH as WorkAssignment, 'SUBMIT')).status).toBe(200);
    const again = ((await call<WorkAssignment[]>('/api/work-tasks/review', { token: tokens.principal })).body.data ?? []).filter((a) => a.taskId === task.id);
    expect(again).toHaveLength(2);
    for (const a of again) expect((await step('principal', a, 'APPROVE')).status).toBe(200);

    const done = (await detail('principal', task.id)).body.data as WorkTaskDetail;
    expect(done).toMatchObject({ total: 2, submitted: 2, approved: 2, done: true });
    // an assignee sees the task and their own assignment only
    const own = (await detail('teacher', task.id)).body.data as WorkTaskDetail;
    expect(own.assignments.map((a) => a.assigneeId)).toEqual([teacher]);
    expect(headteacher).not.toBe(teacher);
    const overview = (await call<WorkTaskOverview>('/api/work-tasks/overview', { token: tokens.principal })).body.data as WorkTaskOverview;
    expect(overview.tasks.find((t) => t.id === task.id)).toMatchObject({ total: 2, approved: 2 });
    expect(overview.departments.length).toBeGreaterThan(0);
    const logged = await withDb(async (c) => (await c.query(`SELECT account FROM sys_operation_log WHERE action = 'workTask.assign' AND target = $1`, [task.id])).rows);
    expect(logged).toEqual([{ account: 'principal' }]);
  });

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('陈老师 reports on their task list (zh); the leader view at phone width (en)', async () => {
      const teacher = await userId('teacher');
      const created = await assign({ title: `${TITLE}B`, deadline: schoolDate(2), assigneeIds: [teacher] });
      const task = created.body.data as WorkTaskDetail;
      const instanceId = task.assignments[0]?.instanceId as string;

      const t = await newTestPage(browser);
      await signedIn(t.page, 'teacher', '/nkgzgl/rwlb');
      const card = t.page.locator(tid(`work-row-${instanceId}`));
      await card.waitFor();
      await card.locator(tid('work-report')).click();
      await card.locator(tid('work-report-save')).click();
      expect(await card.locator(tid('work-report-text-error')).innerText()).toBe(zh.validation.reportRequired);
      await card.locator(tid('work-report-percent')).fill('30');
      await card.locator(tid('work-report-text')).fill('已核对名单');
      await card.locator(tid('work-report-save')).click();
      await eventually(async () => expect(await card.locator(tid('work-last-comment')).innerText()).toContain('已核对名单'));
      await shot(t.page, 'work-tasks-mine-zh');
      await t.close();

      const e = await englishPage(browser);
      await e.page.setViewportSize({ width: 390, height: 800 });
      await signedIn(e.page, 'principal', '/qt_app/nkgzgl/ldck');
      await e.page.locator(tid('work-leader-page')).waitFor();
      await eventually(async () => expect(await e.page.locator(tid('work-tasks')).innerText()).toContain(`${TITLE}B`));
      expect(await e.page.locator(tid('work-leader-page')).innerText()).toContain(en.hints.byDepartment);
      await shot(e.page, 'work-tasks-leader-en-phone');
      await e.close();
    });
  });
});
