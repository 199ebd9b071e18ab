import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { type MessageRow, type ProjectChangedPush, type ProjectDetail, type ProjectSummary, type ProjectTask, resources, type TaskDetail } from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { upload } from '../support/admin.js';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { appUrl, launchBrowser, newTestPage, signedIn, tid } from '../support/browser.js';
import { connectSocket, nextPush, schoolDate, until } from '../support/workflow.js';

/**
 * 项目管理 end to end (docs/product/office.md#projects, docs/adr/0059-projects.md) on the shared test server: bad input
 * answers the envelope in zh and en and writes nothing; the owner's CRUD of a project, its members, tasks, a move,
 * comments and an attachment; a non-member neither reads nor writes (404, logged); a viewer reads but cannot write
 * (403, logged); a move is pushed live to another member's socket, and a task given to someone rings their bell. Then
 * Chromium: the board in zh (a card dragged to 已完成), the timeline in en, the phone page at 390 px. Everything it
 * makes is removed at its end.
 */
const zh = resources.zh.projects;
const en = resources.en.projects;
const tokens = {} as Record<'owner' | 'member' | 'viewer' | 'outsider' | 'student', string>;
const ids = {} as Record<'owner' | 'member' | 'viewer' | 'outsider' | 'student', string>;
const made: string[] = [];
const sockets: Socket[] = [];
let browser: Browser | null = null;

const api = <T>(who: keyof typeof tokens, path: string, json?: unknown, method?: 'GET' | 'POST' | 'PUT' | 'DELETE', lang?: 'zh' | 'en') =>
  call<T>(`/api/projects${path}`, { token: tokens[who], ...(json === undefined ? {} : { json }), ...(method ? { method } : {}), ...(lang ? { lang } : {}) });
const rowsOf = (projectId: string) =>
  withDb(async (c) => {
    const n = async (sql: string) => Number((await c.query(sql, [projectId])).rows[0]?.n);
    return {
      projects: Number((await c.query(`SELECT count(*) AS n FROM project WHERE created_by = $1`, [ids.owner])).rows[0]?.n),
      members: await n(`SELECT count(*) AS n FROM project_member WHERE project_id = $1`),
      tasks: await n(`SELECT count(*) AS n FROM project_task WHERE project_id = $1`),
      comments: await n(`SELECT count(*) AS n FROM project_task_comment c JOIN project_task t ON t.id = c.task_id WHERE t.project_id = $1`),
    };
  });
const failures = (account: string, action: string, target: string) =>
  withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE action = $1 AND result = 'failure' AND account = $2 AND target = $3`, [action, account, target])).rows[0]?.n));

async function newProject(name: string): Promise<ProjectDetail> {
  const res = await api<ProjectDetail>('owner', '', { name, description: '测试项目', startDate: '', endDate: '' });
  expect([res.status, res.body.msg]).toEqual([200, zh.results.created]);
  const p = res.body.data as ProjectDetail;
  made.push(p.id);
  for (const [who, role] of [['member', 'member'], ['viewer', 'viewer']] as const) {
    expect((await api<ProjectDetail>('owner', `/${p.id}/members/${ids[who]}`, { role }, 'PUT')).body.result).toBe(true);
  }
  return p;
}

const addTask = async (projectId: string, json: Record<string, unknown>): Promise<ProjectTask> => {
  const res = await api<ProjectTask>('owner', `/${projectId}/tasks`, json);
  expect(res.body).toMatchObject({ code: 200, result: true });
  return res.body.data as ProjectTask;
};

beforeAll(async () => {
  const accounts = { owner: 'headteacher', member: 'teacher', viewer: 'office', outsider: 'principal', student: 'student' } as const;
  const found = await withDb(async (c) => (await c.query(`SELECT account, id FROM sys_user WHERE account = ANY($1::text[])`, [Object.values(accounts)])).rows as { account: string; id: string }[]);
  await Promise.all(
    (Object.entries(accounts) as [keyof typeof accounts, string][]).map(async ([who, account]) => {
      tokens[who] = await login(account);
      ids[who] = found.find((u) => u.account === account)?.id as string;
    }),
  );
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await browser?.close();
  await withDb(async (c) => {
    await c.query(`DELETE FROM message WHERE source_key LIKE ANY($1::text[])`, [made.map((id) => `project:${id}:%`)]);
    await c.query(`DELETE FROM project WHERE id = ANY($1::uuid[])`, [made]);
  });
});

describe('projects', () => {
  it('bad input answers the envelope in zh and en and writes nothing', async () => {
    const p = await newProject('校运会筹备（输入检查）');
    const before = await rowsOf(p.id);
    const task = await addTask(p.id, { title: '报名表' });
    const cases: [string, unknown, string, string, 'POST' | 'PUT'][] = [
      ['', { name: '  ' }, zh.validation.nameRequired, en.validation.nameRequired, 'POST'],
      ['', { name: '长'.repeat(51) }, zh.validation.nameTooLong, en.validation.nameTooLong, 'POST'],
      ['', { name: '日期倒置', startDate: schoolDate(31), endDate: schoolDate(30) }, zh.validation.endBeforeStart, en.validation.endBeforeStart, 'POST'],
      ['', { name: '日期错误', startDate: `${schoolDate(0).slice(0, 4)}-02-30` }, zh.validation.dateInvalid, en.validation.dateInvalid, 'POST'],
      [`/${p.id}/tasks`, { title: ' ' }, zh.validation.titleRequired, en.validation.titleRequired, 'POST'],
      [`/${p.id}/tasks`, { title: '状态', status: 'later' }, zh.validation.statusInvalid, en.validation.statusInvalid, 'POST'],
      [`/${p.id}/tasks`, { title: '倒置', startDate: schoolDate(5), dueDate: schoolDate(4) }, zh.validation.dueBeforeStart, en.validation.dueBeforeStart, 'POST'],
      [`/${p.id}/tasks`, { title: '外人负责', assigneeId: ids.outsider }, zh.errors.assigneeNotMember, en.errors.assigneeNotMember, 'POST'],
      [`/${p.id}/tasks`, { title: '查看者负责', assigneeId: ids.viewer }, zh.errors.assigneeNotMember, en.errors.assigneeNotMember, 'POST'],
      [`/${p.id}/tasks/${task.id}/move`, { status: 'archive' }, zh.validation.statusInvalid, en.validation.statusInvalid, 'POST'],
      [`/${p.id}/tasks/${task.id}/comments`, { content: '' }, zh.validation.commentRequired, en.validation.commentRequired, 'POST'],
      [`/${p.id}/members/${ids.outsider}`, { role: 'boss' }, zh.validation.roleInvalid, en.validation.roleInvalid, 'PUT'],
      [`/${p.id}/members/${ids.student}`, { role: 'member' }, zh.errors.notStaff, en.errors.notStaff, 'PUT'],
      [`/${p.id}/members/${ids.owner}`, { role: 'viewer' }, zh.errors.ownerRole, en.errors.ownerRole, 'PUT'],
    ];
    for (const [path, json, zhMsg, enMsg, method] of cases) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await api('owner', path, json, method, lang);
        expect([path, res.body.result, res.body.msg]).toEqual([path, false, msg]);
        expect([400, 409]).toContain(res.status);
      }
    }
    expect(await rowsOf(p.id)).toEqual({ ...before, tasks: before.tasks + 1 });
    expect((await api<TaskDetail>('owner', `/${p.id}/tasks/${task.id}`)).body.data).toMatchObject({ task: { title: '报名表', status: 'todo', position: 1 }, comments: [] });
  });

  it('the owner runs a project: members, tasks, a move in order, a comment, an attachment; the list counts them', async () => {
    const p = await newProject('家长开放日');
    const detail = (await api<ProjectDetail>('owner', `/${p.id}`)).body.data as ProjectDetail;
    expect(detail.members.map((m) => [m.userId, m.role])).toEqual([[ids.owner, 'owner'], [ids.member, 'member'], [ids.viewer, 'viewer']]);
    const a = await addTask(p.id, { title: '场地布置', priority: 'high', assigneeId: ids.member, startDate: detail.today, dueDate: detail.today });
    const b = await addTask(p.id, { title: '签到表', dueDate: schoolDate(-30) });
    const c = await addTask(p.id, { title: '邀请函', status: 'doing' });
    expect([a.position, b.position, c.position, b.overdue, a.assigneeName]).toEqual([1, 2, 1, true, '陈老师']);

    // b before a in todo; then c to the top of todo; then a to done
    let tasks = (await api<ProjectTask[]>('owner', `/${p.id}/tasks/${b.id}/move`, { status: 'todo', beforeId: a.id })).body.data as ProjectTask[];
    expect(tasks.filter((t) => t.status === 'todo').map((t) => t.title)).toEqual(['签到表', '场地布置']);
    tasks = (await api<ProjectTask[]>('member', `/${p.id}/tasks/${c.id}/move`, { status: 'todo', beforeId: b.id })).body.data as ProjectTask[];
    expect(tasks.filter((t) => t.status === 'todo').map((t) => [t.title, t.position])).toEqual([['邀请函', 1], ['签到表', 2], ['场地布置', 3]]);
    tasks = (await api<ProjectTask[]>('owner', `/${p.id}/tasks/${a.id}/move`, { status: 'done', beforeId: null })).body.data as ProjectTask[];
    expect(tasks.find((t) => t.id === a.id)).toMatchObject({ status: 'done', position: 1, overdue: false });
    expect(tasks.find((t) => t.id === a.id)?.doneAt).not.toBeNull();

    const edited = await api<ProjectTask>('owner', `/${p.id}/tasks/${b.id}`, { title: '签到表（两份）', status: 'doing', priority: 'urgent', assigneeId: null, startDate: '', dueDate: '' }, 'PUT');
    expect(edited.body.data).toMatchObject({ title: '签到表（两份）', status: 'doing', priority: 'urgent', position: 1, overdue: false });

    const commented = await api<TaskDetail>('member', `/${p.id}/tasks/${a.id}/comments`, { content: '桌椅已借好' });
    expect([commented.body.msg, (commented.body.data as TaskDetail).comments.map((x) => [x.authorName, x.content, x.deletable])]).toEqual([zh.results.commented, [['陈老师', '桌椅已借好', true]]]);
    const pdf = await upload<{ resId: string }[]>('/file/upload?maxSize=1024&types=.pdf', tokens.member, Buffer.from('%PDF-1.4\n%%EOF\n'), '布置图.pdf');
    const resId = pdf.body.data?.[0]?.resId as string;
    const attached = await api<TaskDetail>('member', `/${p.id}/tasks/${a.id}/attachments`, { resIds: [resId] });
    expect((attached.body.data as TaskDetail).attachments).toMatchObject([{ resId, name: '布置图', deletable: true }]);
    // every member downloads it (the viewer too); someone outside the project does not learn it exists (a student:
    // the principal reads every request's files anyway)
    expect((await fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens.viewer } })).status).toBe(200);
    expect((await fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens.student } })).status).toBe(404);
    // another's upload is not theirs to attach
    expect((await api('owner', `/${p.id}/tasks/${a.id}/attachments`, { resIds: [resId] })).body.msg).toBe(zh.errors.attachmentNotYours);

    const mine = (await api<ProjectSummary[]>('member', '')).body.data as ProjectSummary[];
    expect(mine.find((x) => x.id === p.id)).toMatchObject({ myRole: 'member', members: 3, counts: { todo: 1, doing: 1, blocked: 0, done: 1 }, overdue: 0 });
    expect(((await api<ProjectSummary[]>('outsider', '')).body.data as ProjectSummary[]).map((x) => x.id)).not.toContain(p.id);

    expect((await api('owner', `/${p.id}/tasks/${c.id}`, undefined, 'DELETE')).body.msg).toBe(zh.results.taskDeleted);
    const renamed = await api<ProjectDetail>('owner', `/${p.id}`, { name: '家长开放日（五月）', description: '', archived: true }, 'PUT');
    expect(renamed.body.data).toMatchObject({ name: '家长开放日（五月）', archived: true });
    expect((await api('member', `/${p.id}/tasks`, { title: '归档后' })).body.msg).toBe(zh.errors.archived);
    expect(((await api<ProjectSummary[]>('owner', '?archived=1')).body.data as ProjectSummary[]).map((x) => x.id)).toContain(p.id);
    const logged = await withDb(async (db) => (await db.query(`SELECT action FROM sys_operation_log WHERE target = $1 AND result = 'success' AND account = 'headteacher' ORDER BY id`, [p.id])).rows.map((r: { action: string }) => r.action));
    expect(logged).toEqual(expect.arrayContaining(['project.create', 'project.member', 'project.task.create', 'project.task.delete', 'project.update']));
  });

  it('someone outside the project neither reads nor writes it (404, logged); a viewer reads but cannot write (403, logged)', async () => {
    const p = await newProject('教研周');
    const task = await addTask(p.id, { title: '听课安排' });
    for (const [method, path, json] of [
      ['GET', `/${p.id}`, undefined],
      ['GET', `/${p.id}/tasks/${task.id}`, undefined],
      ['POST', `/${p.id}/tasks/${task.id}/move`, { status: 'done' }],
      ['PUT', `/${p.id}`, { name: '改名' }],
    ] as const) {
      const res = await api(`outsider`, path, json, method, 'en');
      expect([method, path, res.status, res.body.msg]).toEqual([method, path, 404, en.errors.notFound]);
    }
    await until(() => Promise.all(['project.read', 'project.task.read', 'project.task.move', 'project.update'].map((a) => failures('principal', a, p.id))), (n) => n.every((x) => x > 0));

    const read = await api<ProjectDetail>('viewer', `/${p.id}`);
    expect(read.body.data).toMatchObject({ myRole: 'viewer', tasks: [{ id: task.id }] });
    for (const [path, json, method, msg] of [
      [`/${p.id}/tasks`, { title: '查看者加的' }, 'POST', zh.errors.readOnly],
      [`/${p.id}/tasks/${task.id}/move`, { status: 'doing' }, 'POST', zh.errors.readOnly],
      [`/${p.id}/tasks/${task.id}/comments`, { content: '我来评论' }, 'POST', zh.errors.readOnly],
      [`/${p.id}/tasks/${task.id}`, undefined, 'DELETE', zh.errors.readOnly],
      [`/${p.id}/members/${ids.outsider}`, { role: 'member' }, 'PUT', zh.errors.ownerOnly],
    ] as const) {
      const res = await api('viewer', path, json, method);
      expect([path, res.status, res.body.msg]).toEqual([path, 403, msg]);
    }
    // a member writes tasks but not the project itself
    expect((await api('member', `/${p.id}`, undefined, 'DELETE')).body.msg).toBe(zh.errors.ownerOnly);
    expect(await rowsOf(p.id)).toMatchObject({ members: 3, tasks: 1, comments: 0 });
    await until(() => Promise.all(['project.task.create', 'project.task.move', 'project.comment', 'project.task.delete', 'project.member'].map((a) => failures('office', a, p.id))), (n) => n.every((x) => x > 0));
  });

  it("a move reaches another member's socket live; a task given to someone rings their bell", async () => {
    const p = await newProject('毕业典礼');
    const task = await addTask(p.id, { title: '节目单' });
    const [memberSocket, viewerSocket] = await Promise.all([connectSocket(tokens.member), connectSocket(tokens.viewer)]);
    sockets.push(memberSocket, viewerSocket);
    const pushed = nextPush<ProjectChangedPush>(memberSocket, 'project.changed', (x) => x.projectId === p.id && x.change === 'moved');
    const viewerPushed = nextPush<ProjectChangedPush>(viewerSocket, 'project.changed', (x) => x.projectId === p.id && x.change === 'moved');
    await api('owner', `/${p.id}/tasks/${task.id}/move`, { status: 'doing', beforeId: null });
    expect(await pushed).toMatchObject({ projectId: p.id, taskId: task.id, change: 'moved', actorId: ids.owner });
    await viewerPushed;

    const bell = nextPush<MessageRow>(memberSocket, 'message.created', (m) => m.MESSAGE_LINK === `/xmgl?id=${p.id}&task=${task.id}`);
    await api('owner', `/${p.id}/tasks/${task.id}`, { title: '节目单', status: 'doing', assigneeId: ids.member }, 'PUT');
    expect((await bell).MESSAGE_TITLE).toBe('项目任务：节目单');
    // removed, the member is told once more, and the project is gone for them
    const removed = nextPush<ProjectChangedPush>(memberSocket, 'project.changed', (x) => x.projectId === p.id && x.change === 'members');
    await api('owner', `/${p.id}/members/${ids.member}`, { role: null }, 'PUT');
    await removed;
    expect((await api('member', `/${p.id}`)).status).toBe(404);
    expect(((await api<TaskDetail>('owner', `/${p.id}/tasks/${task.id}`)).body.data as TaskDetail).task.assigneeId).toBeNull();
  });

  it('Chromium: the board in zh (a card dragged to 已完成), the timeline in en, the phone page at 390 px', async () => {
    const p = await newProject('运动会');
    const today = (await api<ProjectDetail>('owner', `/${p.id}`)).body.data?.today as string;
    const card = await addTask(p.id, { title: '拖到完成', startDate: today, dueDate: today });
    await addTask(p.id, { title: '时间线上', status: 'doing', startDate: today });
    browser = await launchBrowser();

    const board = await newTestPage(browser);
    await signedIn(board.page, 'headteacher', `/xmgl?id=${p.id}`);
    const from = board.page.locator(`${tid('project-card')}[data-id="${card.id}"]`);
    const to = board.page.locator(tid('board-column-done'));
    await from.waitFor();
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('board not laid out');
    await board.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await board.page.mouse.down();
    await board.page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 3 });
    await board.page.mouse.move(b.x + b.width / 2, b.y + 60, { steps: 12 });
    await board.page.mouse.up();
    await board.page.locator(`${tid('board-column-done')} ${tid('project-card')}[data-id="${card.id}"]`).waitFor();
    await until(async () => ((await api<TaskDetail>('owner', `/${p.id}/tasks/${card.id}`)).body.data as TaskDetail).task.status, (s) => s === 'done');
    await board.page.locator(tid('project-name')).waitFor();

    // the same member in English: the timeline — two bars (a span, a start alone) and today's line
    await board.context.addCookies([{ name: 'language', value: 'en', url: appUrl('/') }]);
    await board.page.goto(appUrl(`/xmgl?id=${p.id}&view=timeline`));
    await board.page.locator(tid('timeline-bar')).first().waitFor();
    expect(await board.page.locator(tid('timeline-bar')).count()).toBe(2);
    expect(await board.page.locator(tid('timeline-today')).textContent()).toBe('Today');

    // the phone page at 390 px: one column, both tasks, nothing wider than the screen
    await board.page.setViewportSize({ width: 390, height: 844 });
    await board.page.goto(appUrl(`/qt_app/xmgl?id=${p.id}`));
    await board.page.locator(tid('projects-phone-task')).first().waitFor();
    expect(await board.page.locator(tid('projects-phone-task')).count()).toBe(2);
    expect(await board.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(board.problems.unexpected()).toEqual([]);
    await board.close();
  });
});
