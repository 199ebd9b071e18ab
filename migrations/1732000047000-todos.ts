import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal to-dos (待办; docs/product/office.md#to-dos, docs/adr/0050-todos.md): one row per to-do, its owner's alone.
 * A reminder is a moment (`remind_at`, the due time less the minutes chosen) claimed once by a guarded UPDATE that
 * sets `reminded_at`; the partial index is what the reminder sweep reads.
 *
 * The pages' menus (个人中心 → 待办, and the phone page) for every role. On a fresh database the roles do not exist yet:
 * the demo seed makes them with these menus (demo-school.seed.ts), so nothing is made twice.
 */
export class Todos1732000047000 implements MigrationInterface {
  name = 'Todos1732000047000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE todo_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
        note text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
        due_at timestamptz,
        remind_minutes integer CHECK (remind_minutes IN (0, 15, 60, 1440)),
        remind_at timestamptz,
        reminded_at timestamptz,
        done_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- a reminder is some time before a due time, and its moment is exactly that
        CONSTRAINT todo_item_remind_needs_due CHECK (remind_minutes IS NULL OR due_at IS NOT NULL),
        CONSTRAINT todo_item_remind_at CHECK ((remind_at IS NULL) = (remind_minutes IS NULL))
      )`);
    await q.query(`CREATE INDEX todo_item_owner_due ON todo_item (owner_id, due_at)`);
    await q.query(`CREATE INDEX todo_item_reminder_due ON todo_item (remind_at) WHERE reminded_at IS NULL AND done_at IS NULL AND remind_at IS NOT NULL`);

    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, m.name, m.name_en, m.url, 'menu:todos', m.icon, m.sort, '{}'
        FROM sys_menu p, (VALUES ('待办', 'To-dos', '/dbgl', 'check square outline', 2), ('待办（手机版）', 'To-dos (phone)', '/qt_app/dbgl', 'mobile alternate', 3)) AS m(name, name_en, url, icon, sort)
       WHERE p.url = '/personal' AND NOT EXISTS (SELECT 1 FROM sys_menu x WHERE x.url = m.url)`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url IN ('/dbgl', '/qt_app/dbgl') ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS todo_item`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/dbgl', '/qt_app/dbgl')`);
  }
}
