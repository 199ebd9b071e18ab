import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Todo, TodoList } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { until } from '../support/workflow.js';

/**
 * Personal to-dos end to end (docs/product/office.md#to-dos, docs/adr/0050-todos.md) on the shared test server: the
 * owner's CRUD and filters; another user neither reads, changes nor deletes one (404, the reach logged); bad input
 * answers the envelope in either language and writes nothing; a reminder two seconds ahead arrives as exactly one
 * bell message, and one ticked done before its moment sends none. Everything it makes is deleted at its end.
 */
const tokens = {} as Record<'teacher' | 'student', string>;
const ids: string[] = [];

const save = (json: unknown, id?: string, who: keyof typeof tokens = 'teacher', lang?: 'zh' | 'en') =>
  call<Todo>(id ? `/api/todos/${id}` : '/api/todos', { method: id ? 'PUT' : 'POST', token: tokens[who], json, ...(lang ? { lang } : {}) });
const saveOk = async (json: unknown, id?: string): Promise<Todo> => {
  const res = await save(json, id);
  expect(res.body).toMatchObject({ code: 200, result: true });
  const t = res.body.data as Todo;
  if (!id) ids.push(t.id);
  return t;
};
const list = async (status: string, who: keyof typeof tokens = 'teacher') => (await call<TodoList>(`/api/todos?status=${status}`, { token: tokens[who] })).body.data as TodoList;
const rows = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM todo_item`)).rows[0]?.n));
const reminders = (id: string) => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM message WHERE source_key LIKE $1`, [`todo:${id}:remind:%`])).rows[0]?.n));

beforeAll(async () => {
  [tokens.teacher, tokens.student] = (await Promise.all(['teacher', 'student'].map((a) => login(a)))) as [string, string];
}, 60_000);

afterAll(async () => {
  await withDb((c) => c.query(`DELETE FROM todo_item WHERE id = ANY($1::uuid[])`, [ids]));
}, 60_000);

describe('to-dos', () => {
  it('a reminder two seconds ahead arrives once; one ticked done before its moment sends none', async () => {
    const due = new Date(Date.now() + 2000).toISOString();
    const [kept, ticked] = [await saveOk({ title: '交教案', due, remindMinutes: 0 }), await saveOk({ title: '改作业', due, remindMinutes: 0 })];
    expect((await call<Todo>(`/api/todos/${ticked.id}/done`, { method: 'PUT', token: tokens.teacher, json: { done: true } })).body.data).toMatchObject({ done: true, overdue: false });

    // the rest of the file runs while the reminders wait
    await crudAndPrivacy();

    await until(() => reminders(kept.id), (n) => n > 0, 10_000);
    const [message] = (await withDb((c) => c.query(`SELECT m.type, m.link, m.params, u.account FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.source_key LIKE $1`, [`todo:${kept.id}:remind:%`]))).rows as { type: string; link: string; params: { title: string }; account: string }[];
    expect(message).toMatchObject({ type: '4', link: '/dbgl', params: { title: '交教案' }, account: 'teacher' });
    await new Promise((r) => setTimeout(r, 600)); // a second claim (the tick, a duplicate job) would have landed by now
    expect([await reminders(kept.id), await reminders(ticked.id)]).toEqual([1, 0]);
    expect((await list('overdue')).list.map((t) => t.id)).toContain(kept.id);
  }, 30_000);

  it('bad input answers the envelope in zh and en and writes nothing', async () => {
    const before = await rows();
    const bad = [
      [{ title: '' }, '请输入待办内容', 'Enter what is to be done'],
      [{ title: 'x'.repeat(101) }, '待办内容不能超过100个字符', 'The to-do cannot exceed 100 characters'],
      [{ title: '开会', remindMinutes: 15 }, '设置提醒前请先填写截止时间', 'Set a due time before choosing a reminder'],
    ] as const;
    for (const [json, zh, en] of bad) {
      const [a, b] = [await save(json, undefined, 'teacher', 'zh'), await save(json, undefined, 'teacher', 'en')];
      expect([a.status, a.body.code, a.body.result, a.body.msg]).toEqual([400, 400, false, zh]);
      expect([b.status, b.body.msg]).toEqual([400, en]);
    }
    expect(await rows()).toBe(before);
  });
});

/** The owner's writes and filters, and another user's reach refused (404, logged), nothing of it changed. */
async function crudAndPrivacy(): Promise<void> {
  const later = await saveOk({ title: '期中出卷', note: '第三单元', due: '2999-01-02 09:00', remindMinutes: 1440 });
  const sooner = await saveOk({ title: '家访', due: '2999-01-01 08:30' });
  const undated = await saveOk({ title: '读书笔记' });
  const past = await saveOk({ title: '交周报', due: '2001-01-01 10:00', remindMinutes: 60 });
  expect(later).toMatchObject({ title: '期中出卷', note: '第三单元', due: '2999-01-02 09:00', remindMinutes: 1440, done: false, overdue: false });
  expect(past.overdue).toBe(true);

  const open = (await list('open')).list.map((t) => t.id);
  expect(open.indexOf(sooner.id)).toBeLessThan(open.indexOf(later.id));
  expect(open.indexOf(later.id)).toBeLessThan(open.indexOf(undated.id));
  expect((await list('overdue')).list.map((t) => t.id)).toContain(past.id);

  const edited = await saveOk({ title: '期中出卷（修订）', due: '2999-01-03 09:00', remindMinutes: 60 }, later.id);
  expect(edited).toMatchObject({ title: '期中出卷（修订）', note: '', due: '2999-01-03 09:00', remindMinutes: 60 });
  const done = await call<Todo>(`/api/todos/${sooner.id}/done`, { method: 'PUT', token: tokens.teacher, json: { done: true } });
  expect(done.body.data).toMatchObject({ done: true });
  expect((await list('done')).list.map((t) => t.id)).toContain(sooner.id);
  expect((await list('open')).list.map((t) => t.id)).not.toContain(sooner.id);
  expect((await call<Todo>(`/api/todos/${sooner.id}/done`, { method: 'PUT', token: tokens.teacher, json: { done: false } })).body.data).toMatchObject({ done: false, doneAt: null });

  // another user: not found, whatever they try; their list does not hold it; the reach logged
  for (const [method, path, json] of [
    ['GET', `/api/todos/${later.id}`, undefined],
    ['PUT', `/api/todos/${later.id}`, { title: '改掉' }],
    ['PUT', `/api/todos/${later.id}/done`, { done: true }],
    ['DELETE', `/api/todos/${later.id}`, undefined],
  ] as const) {
    const res = await call(path, { method, token: tokens.student, ...(json ? { json } : {}) });
    expect([method, res.status, res.body.result, res.body.msg]).toEqual([method, 404, false, '该待办不存在或已删除']);
  }
  expect((await list('all', 'student')).list.map((t) => t.id)).not.toContain(later.id);
  expect((await call<Todo>(`/api/todos/${later.id}`, { token: tokens.teacher })).body.data).toMatchObject({ title: '期中出卷（修订）', done: false });
  await until(
    () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE target = $1 AND result = 'failure' AND account = 'student'`, [later.id])).rows[0]?.n)),
    (n) => n >= 4,
  );

  expect((await call(`/api/todos/${undated.id}`, { method: 'DELETE', token: tokens.teacher })).body.result).toBe(true);
  expect((await call(`/api/todos/${undated.id}`, { token: tokens.teacher })).status).toBe(404);
}
