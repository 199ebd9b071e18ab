import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 项目管理 (docs/product/office.md#projects, docs/adr/0059-projects.md): a project, its members each with one role
 * (exactly one owner: a partial unique index), its tasks (a column of the board and a place in it, a priority, an
 * owner, start and due school dates), a task's comments and its attachments. An attachment row keeps its file's link
 * (`sys_file_link`, ref_type `project-task`) in step by triggers — added with it, dropped with it, also when a task or
 * a project is deleted (the cascade) — so the files' sweep keeps exactly the files some task still holds.
 *
 * Menus: 项目管理 (/xmgl) and the phone page (/qt_app/xmgl, under 个人中心) for the staff roles of a school that exists;
 * on a fresh database the demo seed makes them with its roles (demo-school.seed.ts).
 */
export class Projects1732000059000 implements MigrationInterface {
  name = 'Projects1732000059000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 50),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
        start_date date,
        end_date date,
        archived boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_dates CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
      )`);
    await q.query(`
      CREATE TABLE project_member (
        project_id uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'member', 'viewer')),
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, user_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX project_member_one_owner ON project_member (project_id) WHERE role = 'owner'`);
    await q.query(`CREATE INDEX project_member_user ON project_member (user_id)`);
    await q.query(`
      CREATE TABLE project_task (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES project(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        status text NOT NULL CHECK (status IN ('todo', 'doing', 'blocked', 'done')),
        priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
        assignee_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        start_date date,
        due_date date,
        position integer NOT NULL CHECK (position >= 1),
        done_at timestamptz,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_task_dates CHECK (start_date IS NULL OR due_date IS NULL OR start_date <= due_date)
      )`);
    await q.query(`CREATE INDEX project_task_column ON project_task (project_id, status, position)`);
    await q.query(`CREATE INDEX project_task_assignee ON project_task (assignee_id) WHERE assignee_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE project_task_comment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        task_id uuid NOT NULL REFERENCES project_task(id) ON DELETE CASCADE,
        author_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        content text NOT NULL CHECK (length(btrim(content)) BETWEEN 1 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX project_task_comment_task ON project_task_comment (task_id, created_at)`);
    await q.query(`
      CREATE TABLE project_task_attachment (
        task_id uuid NOT NULL REFERENCES project_task(id) ON DELETE CASCADE,
        res_id uuid NOT NULL REFERENCES sys_file(res_id),
        added_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (task_id, res_id)
      )`);
    await q.query(`CREATE INDEX project_task_attachment_file ON project_task_attachment (res_id)`);
    await q.query(`
      CREATE FUNCTION project_task_attachment_link() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO sys_file_link (res_id, ref_type, ref_id) VALUES (NEW.res_id, 'project-task', NEW.task_id) ON CONFLICT DO NOTHING;
          RETURN NEW;
        END IF;
        DELETE FROM sys_file_link WHERE res_id = OLD.res_id AND ref_type = 'project-task' AND ref_id = OLD.task_id;
        RETURN OLD;
      END $$`);
    await q.query(`CREATE TRIGGER project_task_attachment_link AFTER INSERT OR DELETE ON project_task_attachment FOR EACH ROW EXECUTE FUNCTION project_task_attachment_link()`);

    // An existing school: the two pages for its staff roles (a fresh one gets them from the demo seed).
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT CASE WHEN m.under_personal THEN p.id END, m.name, m.name_en, m.url, 'menu:projects', m.icon, m.sort, '{}'::jsonb
        FROM sys_menu p, (VALUES ('项目管理', 'Projects', '/xmgl', 'columns', 47, false), ('项目（手机版）', 'Projects (phone)', '/qt_app/xmgl', 'mobile alternate', 7, true)) AS m(name, name_en, url, icon, sort, under_personal)
       WHERE p.url = '/personal' AND NOT EXISTS (SELECT 1 FROM sys_menu x WHERE x.url = m.url)`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.code IN ('admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'repairman', 'doctor') AND m.url IN ('/xmgl', '/qt_app/xmgl')
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'project-task'`);
    await q.query(`DROP TABLE IF EXISTS project_task_attachment`);
    await q.query(`DROP FUNCTION IF EXISTS project_task_attachment_link()`);
    await q.query(`DROP TABLE IF EXISTS project_task_comment`);
    await q.query(`DROP TABLE IF EXISTS project_task`);
    await q.query(`DROP TABLE IF EXISTS project_member`);
    await q.query(`DROP TABLE IF EXISTS project`);
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url IN ('/xmgl', '/qt_app/xmgl'))`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/xmgl', '/qt_app/xmgl')`);
  }
}
