import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PgListener } from '@schoolflow/event-store';
import { login, withDb } from '../support/api.js';
import { leaveForm, submitOk } from '../support/workflow.js';

// A start reads its applicant's directory — the student's class and head teacher, the office's holders, leave's
// threshold — from a cache kept until the directory changes (docs/adr/0088-directory-reads-cached.md). A change made
// anywhere (here SQL by hand, as an import or another instance would) must reach the very next start.

type Route = { headTeacher: string[]; office: string[]; principal: string[] };
const routeOf = (id: string) =>
  withDb(async (c) => (await c.query(`SELECT data->'route' AS route FROM events WHERE stream_id = 'leave-' || $1::text AND version = 1`, [id])).rows[0]?.route as Route);
const userId = (account: string) => withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = $1`, [account])).rows[0].id as string);

let student: string;
let classId: string;
/** The class's head teacher as found, given back at the end. */
let headTeacher: string;
let teacher: string;
let office: string;

beforeAll(async () => {
  student = await login('student');
  [teacher, office] = (await Promise.all(['teacher', 'office'].map(userId))) as [string, string];
  ({ classId, headTeacher } = await withDb(async (c) =>
    (await c.query(`SELECT s.class_id AS "classId", k.head_teacher_id AS "headTeacher" FROM student s JOIN admin_class k ON k.id = s.class_id JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`)).rows[0] as { classId: string; headTeacher: string },
  ));
});

// the other test files share this database: the class and the office role as they were
afterAll(async () => {
  await withDb(async (c) => {
    await c.query(`UPDATE admin_class SET head_teacher_id = $2 WHERE id = $1`, [classId, headTeacher]);
    await c.query(`DELETE FROM sys_user_role WHERE user_id = $1 AND role_id = (SELECT id FROM sys_role WHERE code = 'office')`, [teacher]);
  });
});

describe('the directory a start reads', () => {
  it('a changed head teacher and a new office holder reach the next start, though the same reads were just kept', async () => {
    const before = await routeOf(await submitOk(student, leaveForm(1)));
    expect(before.headTeacher).toEqual([headTeacher]);
    expect(before.office).toContain(office);
    // kept now: the same start again answers the same route
    expect((await routeOf(await submitOk(student, leaveForm(1)))).headTeacher).toEqual([headTeacher]);

    await withDb(async (c) => {
      await c.query(`UPDATE admin_class SET head_teacher_id = $2 WHERE id = $1`, [classId, teacher]);
      await c.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE code = 'office'`, [teacher]);
    });
    const after = await routeOf(await submitOk(student, leaveForm(1)));
    expect(after.headTeacher).toEqual([teacher]);
    expect(after.office).toEqual(expect.arrayContaining([office, teacher]));

    await withDb((c) => c.query(`UPDATE admin_class SET head_teacher_id = $2 WHERE id = $1`, [classId, headTeacher]));
    expect((await routeOf(await submitOk(student, leaveForm(1)))).headTeacher).toEqual([headTeacher]);
  });

  it('is told of a change of a column the reads read, not of the others (a student’s native place)', async () => {
    const heard: string[] = [];
    await withDb(async (listener) => {
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query('LISTEN schoolflow_directory');
      await withDb((c) => c.query(`UPDATE student SET native_place = native_place WHERE class_id = $1`, [classId]));
      await withDb((c) => c.query(`UPDATE sys_user SET lang = lang WHERE id = $1`, [teacher]));
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
      await withDb((c) => c.query(`UPDATE student SET status = status WHERE class_id = $1`, [classId]));
      const deadline = Date.now() + 5_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['schoolflow_directory']);
    });
  });

  it('a sync of the LISTEN connection answers after every notification committed before it, however many ask at once', async () => {
    const pool = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 });
    const listener = new PgListener(pool);
    const heard: string[] = [];
    await listener.on('spec_sync', (payload) => heard.push(payload));
    await listener.start();
    try {
      for (let i = 0; i < 50; i += 1) {
        await pool.query(`SELECT pg_notify('spec_sync', $1)`, [String(i)]);
        // the caller's commit is done: every sync asked from now on finds it delivered
        const synced = await Promise.all([listener.sync(), listener.sync(), listener.sync()]);
        expect({ synced, last: heard.at(-1) }).toEqual({ synced: [true, true, true], last: String(i) });
      }
    } finally {
      await listener.stop();
      await pool.end();
    }
  });
});
