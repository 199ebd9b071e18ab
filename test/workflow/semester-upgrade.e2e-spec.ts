import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobProgress, WorkflowCommandResult, WorkflowInstanceView, WorkflowListItem } from '@schoolflow/contracts';
import type { UpgradeChoices, UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import type { Socket } from 'socket.io-client';
import { call, login, withDb } from '../support/api.js';
import { type Instance, isolatedDatabase, startInstance, stopInstance } from '../support/instances.js';
import { connectSocket, until } from '../support/workflow.js';
import { type DemoSemesters, startInFirstSemester } from '../support/demo-semesters.js';

/**
 * 学期升级 end to end (issue 11, docs/adr/0025) on a database and server of its own: an upgrade changes the current
 * semester and every class's grade, which the other files' shared demo school depends on. The refusals in both
 * languages, one at a time (two administrators at once: one wins), the two confirmations, the job with its pushes to
 * every administrator, the exact promotions and graduations, the history, the messages once; then an upgrade within
 * the school year.
 */
const FLOW = '/api/workflows/semester-upgrade';
const shared = { base: process.env.E2E_BASE_URL, db: process.env.E2E_DATABASE_URL };
let db: Awaited<ReturnType<typeof isolatedDatabase>>;
let app: Instance | undefined;
let admin: string;
let admin2: string;
let teacher: string;
/** The demo's semesters around this school year (its first semester made current: see beforeAll). */
let S: DemoSemesters;

interface ClassRow {
  id: string;
  name: string;
  grade: number;
  in_school: boolean;
  enrolled: number;
  head_teacher_id: string | null;
}

const sem = (code: string) => withDb(async (c) => (await c.query<{ id: string }>(`SELECT id FROM semester WHERE code = $1`, [code])).rows[0]?.id as string);
const classes = () =>
  withDb(
    async (c) =>
      (
        await c.query<ClassRow>(
          `SELECT c.id, c.name, c.grade, c.in_school, c.head_teacher_id, (SELECT count(*)::int FROM student s WHERE s.class_id = c.id AND s.status = 'enrolled') AS enrolled
             FROM admin_class c ORDER BY c.name`,
        )
      ).rows,
  );
const currentCode = () => withDb(async (c) => (await c.query<{ code: string }>(`SELECT code FROM semester WHERE is_current`)).rows.map((r) => r.code));
const start = (token: string, semesterId: unknown, lang?: 'zh' | 'en', headers?: Record<string, string>) => call<WorkflowCommandResult>(FLOW, { token, json: { semesterId }, ...(lang ? { lang } : {}), ...(headers ? { headers } : {}) });
const send = (token: string, id: string, type: string, version?: number, lang?: 'zh' | 'en') =>
  call<WorkflowCommandResult>(`${FLOW}/${id}/events`, { token, json: { type }, ...(version ? { headers: { 'If-Match': String(version) } } : {}), ...(lang ? { lang } : {}) });
const instance = async (token: string, id: string, lang?: 'zh' | 'en') => (await call<WorkflowInstanceView>(`${FLOW}/${id}`, { token, ...(lang ? { lang } : {}) })).body.data as WorkflowInstanceView;
const choices = async () => (await call<UpgradeChoices>(`${FLOW}/views/choices`, { token: admin })).body.data as UpgradeChoices;
/** Messages of the upgrade's completion, per recipient account. */
const completionMessages = () =>
  withDb(
    async (c) =>
      (
        await c.query<{ account: string; n: number }>(
          `SELECT u.account, count(*)::int AS n FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.title_key LIKE 'messages.semesterUpgradeCompleted%' GROUP BY u.account ORDER BY u.account`,
        )
      ).rows,
  );

beforeAll(async () => {
  db = await isolatedDatabase();
  // the job at full speed, as in production (the fault tests slow it down to cut it)
  app = await startInstance(db.url, db.name, { LOG_LEVEL: 'info' });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATABASE_URL = db.url;
  // the demo is dated from today: whichever semester that is, these tests start in the first of the school year
  S = await startInFirstSemester();
  // a second administrator: the principal is given the role (before signing in, so the session holds it)
  await withDb((c) => c.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.account = 'principal' AND r.code = 'admin' ON CONFLICT DO NOTHING`));
  [admin, admin2, teacher] = [await login('admin'), await login('principal'), await login('teacher')];
}, 180_000);

afterAll(async () => {
  process.env.E2E_BASE_URL = shared.base;
  process.env.E2E_DATABASE_URL = shared.db;
  await stopInstance(app);
  await db?.drop();
}, 60_000);

describe('semester upgrade', () => {
  it('offers the later semesters with what each would do, from the demo school (the next school year exists)', async () => {
    const c = await choices();
    expect(c.current?.name).toEqual(S.name.c1);
    expect(c.active).toBeNull();
    const byName = Object.fromEntries(c.choices.map((x) => [x.semester.name.zh, x.plan]));
    expect(Object.keys(byName)).toEqual([S.name.c2.zh, S.name.n1.zh, S.name.n2.zh]);
    expect(byName[S.name.c2.zh]).toMatchObject({ newSchoolYear: false, classes: 6, promoted: 0, graduatingClasses: 0, graduating: 0 });
    expect(byName[S.name.n1.zh]).toMatchObject({ newSchoolYear: true, classes: 6, promoted: 4, graduatingClasses: 2, graduating: 60 });
  });

  it('refuses, in the caller’s language: not a later semester (the spec’s message), not enabled, not a semester, not an administrator', async () => {
    for (const code of [S.code.p2, S.code.c1]) {
      const zh = await start(admin, await sem(code));
      expect(zh.status).toBe(422);
      expect(zh.body).toMatchObject({ code: 422, result: false, msg: '设置当前学期失败：请选择比当前学期晚的学期' });
      const en = await start(admin, await sem(code), 'en');
      expect(en.body).toMatchObject({ code: 422, result: false, msg: 'Setting the current semester failed: choose a semester later than the current one' });
    }
    const unknown = await start(admin, '00000000-0000-4000-8000-000000000000', 'en');
    expect(unknown.body).toMatchObject({ code: 422, msg: 'Choose an enabled semester' });
    const bad = await start(admin, 'not-a-semester');
    expect(bad.body).toMatchObject({ code: 400, msg: '请选择要设为当前学期的学期' });
    const badEn = await start(admin, undefined, 'en');
    expect(badEn.body).toMatchObject({ code: 400, msg: 'Choose the semester to make current' });
    const notAdmin = await start(teacher, await sem(S.code.n1));
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.msg).toBe('您没有提交此类申请的权限');
    expect((await choices()).active).toBeNull();
  });

  it('one at a time: two administrators at the same moment — one wins, the other is told one is running; withdrawn, the lock is free', async () => {
    const target = await sem(S.code.n1);
    const [a, b] = await Promise.all([start(admin, target), start(admin2, target)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 422]);
    const lost = a.status === 422 ? a : b;
    expect(lost.body.msg).toBe('已有一次学期升级在等待确认或正在进行，请等它结束后再试');
    const won = (a.status === 200 ? a : b).body.data as WorkflowCommandResult;
    expect(won.state).toBe('firstConfirmation');
    const again = await start(admin2, await sem(S.code.c2), 'en');
    expect(again.body).toMatchObject({ code: 422, msg: 'A semester upgrade is already waiting for its confirmations or running: try again when it has finished' });
    expect((await choices()).active).toMatchObject({ id: won.id, state: 'firstConfirmation' });
    await withDb(async (c) => expect((await c.query(`SELECT count(*)::int AS n FROM semester_upgrade WHERE state IN ('pending', 'running')`)).rows[0]).toEqual({ n: 1 }));

    // the other administrator withdraws it (one left pending must not block the school); the lock is released
    const w = await send(admin2, won.id, 'WITHDRAW');
    expect(w.body.data?.state).toBe('withdrawn');
    await until(choices, (c) => c.active === null, 15_000);
    // and a withdrawn upgrade moves no more
    expect((await send(admin, won.id, 'CONFIRM')).body).toMatchObject({ code: 422, msg: '该申请已结束，不能再执行此操作' });
    // an Idempotency-Key: the same start sent twice is one upgrade
    const key = { 'Idempotency-Key': `upgrade-${Date.now()}` };
    const k1 = await start(admin, await sem(S.code.c2), undefined, key);
    const k2 = await start(admin, await sem(S.code.c2), undefined, key);
    expect(k2.body.data?.id).toBe(k1.body.data?.id);
    expect((await send(admin, k1.body.data?.id as string, 'WITHDRAW')).body.data?.state).toBe('withdrawn');
    await until(choices, (c) => c.active === null, 15_000);
  });

  it('a confirmation is refused when the current semester changed meanwhile', async () => {
    const started = (await start(admin, await sem(S.code.n1))).body.data as WorkflowCommandResult;
    // as if another upgrade had finished in between (only possible in a race): the machine's rule, from the database
    await withDb(async (c) => {
      await c.query(`UPDATE semester SET is_current = false WHERE is_current`);
      await c.query(`UPDATE semester SET is_current = true WHERE code = $1`, [S.code.c2]);
    });
    expect((await send(admin, started.id, 'CONFIRM')).body).toMatchObject({ code: 422, msg: '当前学期已变更，此次升级不能再确认，请取消后重新选择' });
    expect((await send(admin, started.id, 'CONFIRM', undefined, 'en')).body.msg).toBe('The current semester has changed since this upgrade was chosen: cancel it and choose again');
    await withDb(async (c) => {
      await c.query(`UPDATE semester SET is_current = false WHERE is_current`);
      await c.query(`UPDATE semester SET is_current = true WHERE code = $1`, [S.code.c1]);
    });
    await send(admin, started.id, 'WITHDRAW');
    await until(choices, (c) => c.active === null, 15_000);
  });

  it('into a new school year: two confirmations naming the plan, the job pushed to every administrator, every class promoted exactly once, the last grade graduated, the history and the messages once', async () => {
    const target = await sem(S.code.n1);
    const before = await classes();
    // a teaching class of the old semester (it closes) and one of the new (it stays open)
    await withDb(async (c) => {
      const t = (await c.query<{ id: string }>(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0]?.id;
      const course = (await c.query<{ id: string }>(`SELECT id FROM course WHERE code = 'MATH'`)).rows[0]?.id;
      await c.query(`INSERT INTO teaching_class (name, course_id, semester_id, teacher_id) VALUES ('升级前教学班', $1, $2, $3), ('新学期教学班', $1, $4, $3)`, [course, await sem(S.code.c1), t, target]);
    });

    const started = await start(admin, target);
    expect(started.body).toMatchObject({ code: 200, data: { state: 'firstConfirmation', version: 1 } });
    const id = (started.body.data as WorkflowCommandResult).id;
    // what the start recorded, as both confirmations show it
    const v1 = await instance(admin, id);
    expect(v1.context.plan).toMatchObject({ from: { name: { zh: S.name.c1.zh } }, to: { id: target }, newSchoolYear: true, classes: 6, promoted: 4, graduatingClasses: 2, graduating: 60 });
    expect(v1.can).toEqual(['CONFIRM', 'WITHDRAW']);
    // a teacher may not see it, let alone confirm it; nor may the engine's events be sent
    expect((await send(teacher, id, 'CONFIRM')).status).toBe(404);
    expect((await send(admin, id, 'COMPLETE')).body).toMatchObject({ code: 422, msg: '不支持的操作' });
    // a stale confirmation (If-Match) is a conflict
    expect((await send(admin, id, 'CONFIRM', 7)).status).toBe(409);

    const first = await send(admin, id, 'CONFIRM', 1);
    expect(first.body.data?.state).toBe('secondConfirmation');
    const v2 = await instance(admin2, id);
    expect(v2.context.plan).toEqual(v1.context.plan);

    // both administrators watch: each socket sees the same bar
    const sockets: Socket[] = [await connectSocket(admin), await connectSocket(admin2)];
    const seen: JobProgress[][] = [[], []];
    sockets.forEach((s, i) => s.on('job.progress', (p: JobProgress) => seen[i]?.push(p)));
    try {
      const second = await send(admin2, id, 'CONFIRM', 2);
      expect(second.body.data?.state).toBe('running');
      const done = await until(() => instance(admin, id), (v) => v.state === 'completed', 60_000, 300);
      await until(async () => seen.map((s) => s.some((p) => p.state === 'completed')), (both) => both.every(Boolean), 10_000);

      // the pushes: `{flow, id, done, total}` to both, the same, from 0 of 6 rising to 6 of 6
      for (const pushes of seen) {
        const ours = pushes.filter((p) => (p as UpgradeProgress).flow === 'semester-upgrade' && p.id === id);
        expect(ours[0]).toMatchObject({ flow: 'semester-upgrade', id, state: 'running', done: 0, total: 6 });
        expect(ours.at(-1)).toMatchObject({ flow: 'semester-upgrade', id, state: 'completed', done: 6, total: 6 });
        const running = ours.filter((p) => p.state === 'running').map((p) => p.done);
        expect(running).toEqual([...running].sort((x, y) => x - y));
      }
      expect(seen[0]?.map((p) => `${p.state}:${p.done}`)).toEqual(seen[1]?.map((p) => `${p.state}:${p.done}`));

      // the history: who chose, who confirmed, when it began and finished, what it moved
      expect(done.history.map((h) => [h.type, h.actorName])).toEqual([
        ['CHOOSE', '系统管理员'],
        ['CONFIRM', '系统管理员'],
        ['CONFIRM', expect.any(String)],
        ['BEGIN', '系统'],
        ['COMPLETE', '系统'],
      ]);
      expect(done.history[2]?.actorName).not.toBe('系统管理员');
      expect(done.status).toEqual({ review: 'passed', extra: 'completed' });
      expect(done.context).toMatchObject({ result: { classes: 6, promoted: 4, graduatedClasses: 2, graduated: 60 }, total: 6 });
      const ctx = done.context as { startedAt: string; finishedAt: string };
      expect(Date.parse(ctx.finishedAt)).toBeGreaterThanOrEqual(Date.parse(ctx.startedAt));
      const en = await instance(admin, id, 'en');
      expect(en.history.at(-1)?.actorName).toBe('System');
    } finally {
      for (const s of sockets) s.disconnect();
    }

    // exactly: grade + 1 below the last grade (still in school); the last grade out of school, its students graduated
    const after = await classes();
    for (const b of before) {
      const a = after.find((x) => x.id === b.id) as ClassRow;
      if (b.grade < 12) expect(a).toMatchObject({ grade: b.grade + 1, in_school: true, enrolled: b.enrolled });
      else expect(a).toMatchObject({ grade: 12, in_school: false, enrolled: 0 });
    }
    await withDb(async (c) => {
      const graduated = (await c.query(`SELECT count(*)::int AS n FROM student s JOIN admin_class k ON k.id = s.class_id WHERE s.status = 'graduated' AND NOT k.in_school`)).rows[0];
      expect(graduated).toEqual({ n: 60 });
      expect((await c.query(`SELECT count(*)::int AS n FROM student WHERE status = 'graduated'`)).rows[0]).toEqual({ n: 60 });
      // every class handled once, its step recorded
      expect((await c.query(`SELECT count(*)::int AS n, count(done_at)::int AS done FROM semester_upgrade_step WHERE instance_id = $1`, [id])).rows[0]).toEqual({ n: 6, done: 6 });
      // the old semester's teaching classes closed, the new one's open
      expect((await c.query(`SELECT name, closed FROM teaching_class ORDER BY name`)).rows).toEqual([
        { name: '升级前教学班', closed: true },
        { name: '新学期教学班', closed: false },
      ]);
      // the job's record
      expect((await c.query(`SELECT j.state, j.done, j.total, j.result FROM sys_job j JOIN semester_upgrade u ON u.job_id = j.id WHERE u.instance_id = $1`, [id])).rows[0]).toEqual({
        state: 'completed',
        done: 6,
        total: 6,
        result: { classes: 6, promoted: 4, graduatedClasses: 2, graduated: 60 },
      });
      // the engine's events once each
      expect((await c.query(`SELECT type, count(*)::int AS n FROM events WHERE stream_id = $1 GROUP BY type ORDER BY type`, [`semester-upgrade-${id}`])).rows).toEqual([
        { type: 'BEGIN', n: 1 },
        { type: 'CHOOSE', n: 1 },
        { type: 'COMPLETE', n: 1 },
        { type: 'CONFIRM', n: 2 },
      ]);
    });
    expect(await currentCode()).toEqual([S.code.n1]);
    // nothing undoes it
    expect((await send(admin, id, 'WITHDRAW')).body).toMatchObject({ code: 422, msg: '学期升级已完成，不能撤销' });

    // the bell: administrators and head teachers, once each (the six classes' head teachers), in their language
    const msgs = await until(completionMessages, (m) => m.length >= 8, 15_000);
    expect(msgs).toEqual(
      ['admin', 'headteacher', 'principal', 'teacher01', 'teacher02', 'teacher03', 'teacher04', 'teacher05'].map((account) => ({ account, n: 1 })),
    );
    const bell = await call('/api/message/info/getInfoByRecipient', { token: admin, lang: 'en', json: { page: 1, size: 5 } });
    expect(JSON.stringify(bell.body.data)).toContain(`The current semester is now ${S.name.n1.en}: 4 classes moved up a grade, and 2 classes left school as their 60 students graduated.`);

    // the list of upgrades (the page's history) names it first
    const list = (await call<{ list: WorkflowListItem[] }>(`${FLOW}?scope=all&current=1&size=10`, { token: admin })).body.data?.list ?? [];
    expect(list[0]).toMatchObject({ id, state: 'completed' });
    expect(list.map((l) => l.state).sort()).toEqual(['completed', 'withdrawn', 'withdrawn', 'withdrawn']);
  }, 120_000);

  it('within the school year: grades stay, nothing graduates, the semester becomes current and the old one’s teaching classes close', async () => {
    const before = await classes();
    const c = await choices();
    const choice = c.choices.find((x) => x.semester.name.zh === S.name.n2.zh);
    expect(choice?.plan).toMatchObject({ newSchoolYear: false, classes: 4, promoted: 0, graduating: 0 });
    const id = ((await start(admin2, choice?.semester.id)).body.data as WorkflowCommandResult).id;
    expect((await send(admin2, id, 'CONFIRM')).body.data?.state).toBe('secondConfirmation');
    expect((await send(admin2, id, 'CONFIRM')).body.data?.state).toBe('running');
    const done = await until(() => instance(admin2, id), (v) => v.state === 'completed', 30_000, 300);
    expect(done.context).toMatchObject({ result: { classes: 0, promoted: 0, graduatedClasses: 0, graduated: 0 } });
    expect(await classes()).toEqual(before);
    expect(await currentCode()).toEqual([S.code.n2]);
    await withDb(async (q) => expect((await q.query(`SELECT name, closed FROM teaching_class ORDER BY name`)).rows).toEqual([
      { name: '升级前教学班', closed: true },
      { name: '新学期教学班', closed: true },
    ]));
    // no later semester is left to choose
    expect((await choices()).choices).toEqual([]);
    const msgs = await until(
      () => withDb(async (q) => (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM message WHERE title_key = 'messages.semesterUpgradeCompletedSameYear.title'`)).rows[0]?.n ?? 0),
      (n) => n > 0,
      15_000,
    );
    expect(msgs).toBe(8);
  }, 60_000);
});
