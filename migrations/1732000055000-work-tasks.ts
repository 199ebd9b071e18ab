import type { MigrationInterface, QueryRunner } from 'typeorm';

type Query = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * 内控工作管理 (docs/product/office.md#work-tasks, docs/adr/0055-work-tasks.md): a task as its leader assigned it
 * (`work_task`), and one row per assignee naming the `work-task` flow instance of their assignment
 * (`work_task_assignee`; its state is the instance's, in the event store and `wf_instance`). `percent` is the last
 * reported percentage and `last_comment` the last report's, submission's or return's text, written by the flow's
 * effect from committed events; `reminded_on` is the school day an overdue
 * assignment was last reminded (once a day at most).
 *
 * Menus: the console group 内控工作管理 (/nkgzgl) and the phone group (/qt_app/nkgzgl) with the spec's stems, and the
 * hidden task detail (/qt_app/rwxq/rwxq); granted by role code here on a school that has roles, and by the demo seed
 * after it made them (`grantWorkTaskMenus`).
 */
export class WorkTasks1732000055000 implements MigrationInterface {
  name = 'WorkTasks1732000055000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE work_task (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
        content text NOT NULL DEFAULT '' CHECK (length(content) <= 2000),
        deadline_date date NOT NULL,
        -- the end of the deadline's school day, as an instant (the overdue check compares it with now())
        deadline_at timestamptz NOT NULL,
        leader_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        department_ids uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX work_task_leader ON work_task (leader_id, created_at DESC)`);
    await q.query(`CREATE INDEX work_task_created ON work_task (created_at DESC)`);
    await q.query(`
      CREATE TABLE work_task_assignee (
        task_id uuid NOT NULL REFERENCES work_task(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        instance_id uuid NOT NULL UNIQUE,
        percent int NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
        last_comment text,
        reminded_on date,
        PRIMARY KEY (task_id, user_id)
      )`);
    await q.query(`CREATE INDEX work_task_assignee_user ON work_task_assignee (user_id)`);

    const groups: [string, string, string, string, string, number][] = [
      ['/nkgzgl', '内控工作管理', 'Work tasks', 'menu:nkgzgl', 'tasks', 45],
      ['/qt_app/nkgzgl', '工作任务（手机）', 'Work tasks (phone)', 'menu:qt_nkgzgl', 'mobile alternate', 46],
    ];
    for (const [url, name, nameEn, permission, icon, sort] of groups) {
      await q.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
         SELECT NULL, $2, $3, $1, $4, $5, $6, '{}'::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = $1)`,
        [url, name, nameEn, permission, icon, sort],
      );
    }
    const pages: [string, string, string, string, string, string, number, boolean][] = [
      ['/nkgzgl', '/nkgzgl/rwgl', '任务管理', 'Task management', 'work_tasks:assign', 'edit outline', 1, false],
      ['/nkgzgl', '/nkgzgl/rwlb', '任务列表', 'My tasks', 'menu:nkgzgl_rwlb', 'list', 2, false],
      ['/nkgzgl', '/nkgzgl/rwsh', '任务审核', 'Task review', 'work_tasks:assign', 'check square outline', 3, false],
      ['/qt_app/nkgzgl', '/qt_app/nkgzgl/rwgl', '任务管理', 'Task management', 'work_tasks:assign', 'edit outline', 1, false],
      ['/qt_app/nkgzgl', '/qt_app/nkgzgl/rwlb', '任务列表', 'My tasks', 'menu:nkgzgl_rwlb', 'list', 2, false],
      ['/qt_app/nkgzgl', '/qt_app/nkgzgl/rwsh', '任务审核', 'Task review', 'work_tasks:assign', 'check square outline', 3, false],
      ['/qt_app/nkgzgl', '/qt_app/nkgzgl/ldck', '领导查看', 'Leader view', 'work_tasks:view_all', 'chart bar', 4, false],
      ['/qt_app/nkgzgl', '/qt_app/rwxq/rwxq', '任务详情', 'Task detail', 'menu:nkgzgl_rwlb', 'file alternate outline', 9, true],
    ];
    for (const [parent, url, name, nameEn, permission, icon, sort, hidden] of pages) {
      await q.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
         SELECT (SELECT id FROM sys_menu WHERE url = $7), $2, $3, $1, $4, $5, $6, $8::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = $1)`,
        [url, name, nameEn, permission, icon, sort, parent, JSON.stringify(hidden ? { hidden: true, noCache: true } : {})],
      );
    }
    await grantWorkTaskMenus(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url LIKE '/nkgzgl%' OR url LIKE '/qt_app/nkgzgl%' OR url = '/qt_app/rwxq/rwxq')`);
    await q.query(`DELETE FROM sys_menu WHERE parent_id IN (SELECT id FROM sys_menu WHERE url IN ('/nkgzgl', '/qt_app/nkgzgl'))`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/nkgzgl', '/qt_app/nkgzgl')`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('work_tasks:assign', 'work_tasks:view_all', 'menu:nkgzgl', 'menu:qt_nkgzgl', 'menu:nkgzgl_rwlb')`);
    await q.query(`DROP TABLE IF EXISTS work_task_assignee`);
    await q.query(`DROP TABLE IF EXISTS work_task`);
  }
}

const LEADERS = ['admin', 'principal', 'office'];
const STAFF = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'repairman'];

/**
 * The grants of 内控工作管理 by role code (menus and their permissions): leaders (administrators, the principal, the
 * office) assign, review and see every task; every staff role has its own tasks. Run by the migration on a school
 * that has roles, and by the demo seed after it made them. Idempotent.
 */
export async function grantWorkTaskMenus(q: Query): Promise<void> {
  const grants: [string, string[]][] = [
    ['/nkgzgl', STAFF],
    ['/nkgzgl/rwgl', LEADERS],
    ['/nkgzgl/rwlb', STAFF],
    ['/nkgzgl/rwsh', LEADERS],
    ['/qt_app/nkgzgl', STAFF],
    ['/qt_app/nkgzgl/rwgl', LEADERS],
    ['/qt_app/nkgzgl/rwlb', STAFF],
    ['/qt_app/nkgzgl/rwsh', LEADERS],
    ['/qt_app/nkgzgl/ldck', LEADERS],
    ['/qt_app/rwxq/rwxq', STAFF],
  ];
  for (const [url, roles] of grants) {
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, roles]);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, m.permission FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, roles]);
  }
}
