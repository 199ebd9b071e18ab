import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User feedback (用户反馈; docs/product/campus-life.md#user-feedback, docs/adr/0051-feedback.md): one row a feedback
 * with its current state, and its history (submitted, taken, replied, closed, re-opened) one row a step. Pictures are
 * files of the files module, linked (`sys_file_link`, ref_type `feedback`) so the sweep keeps them.
 *
 * The categories are a dictionary (STD_FEEDBACK_CATEGORY), seeded here as the questionnaires' are. The permission
 * `feedback:handle` and the two menus (个人中心 → 我的反馈 for every role, 反馈处理 for administrators and the office) are
 * added here to a school that exists; on a fresh database the roles and 个人中心 do not exist yet: the demo seed makes
 * them with these menus (demo-school.seed.ts), so nothing is made twice.
 */
export class Feedback1732000051000 implements MigrationInterface {
  name = 'Feedback1732000051000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feedback (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        category text NOT NULL,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 50),
        content text NOT NULL CHECK (length(btrim(content)) BETWEEN 1 AND 1000),
        pictures uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(pictures) <= 3),
        anonymous boolean NOT NULL DEFAULT false,
        state text NOT NULL DEFAULT 'submitted' CHECK (state IN ('submitted', 'in_progress', 'replied', 'closed')),
        handler_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        reopened_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX feedback_author ON feedback (author_id, created_at DESC)`);
    await q.query(`CREATE INDEX feedback_created ON feedback (created_at DESC)`);
    await q.query(`
      CREATE TABLE feedback_entry (
        id bigserial PRIMARY KEY,
        feedback_id uuid NOT NULL REFERENCES feedback(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('submitted', 'taken', 'replied', 'closed', 'reopened')),
        actor_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        text text NOT NULL DEFAULT '' CHECK (length(text) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX feedback_entry_of ON feedback_entry (feedback_id, id)`);

    await q.query(`INSERT INTO sys_dict_table (table_name, title) VALUES ('STD_FEEDBACK_CATEGORY', '反馈类别') ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_dict (dict_type, code, name, name_en, sort, published) VALUES
        ('STD_FEEDBACK_CATEGORY', '1', '意见建议', 'Suggestion', 1, true),
        ('STD_FEEDBACK_CATEGORY', '2', '问题反馈', 'Problem', 2, true),
        ('STD_FEEDBACK_CATEGORY', '3', '投诉', 'Complaint', 3, true),
        ('STD_FEEDBACK_CATEGORY', '4', '表扬', 'Praise', 4, true),
        ('STD_FEEDBACK_CATEGORY', '5', '其他', 'Other', 5, true)
      ON CONFLICT DO NOTHING`);

    // An existing school: its 个人中心 exists, so the menus go in (a fresh one gets them from the demo seed).
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, '我的反馈', 'My feedback', '/feedback/mine', 'menu:feedback_mine', 'comment alternate outline', 5, '{}'
        FROM sys_menu p WHERE p.url = '/personal' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/feedback/mine')`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '反馈处理', 'Feedback handling', '/feedback/handle', 'feedback:handle', 'comments outline', 76, '{}'
       WHERE EXISTS (SELECT 1 FROM sys_menu WHERE url = '/personal') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/feedback/handle')`);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'feedback:handle' FROM sys_role WHERE code IN ('admin', 'office') ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/feedback/mine' AND r.code IN ('admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'student', 'parent') ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/feedback/handle' AND r.code IN ('admin', 'office') ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'feedback'`);
    await q.query(`DROP TABLE IF EXISTS feedback_entry`);
    await q.query(`DROP TABLE IF EXISTS feedback`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/feedback/mine', '/feedback/handle')`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('feedback:handle', 'menu:feedback_mine')`);
    await q.query(`DELETE FROM sys_dict WHERE dict_type = 'STD_FEEDBACK_CATEGORY'`);
    await q.query(`DELETE FROM sys_dict_table WHERE table_name = 'STD_FEEDBACK_CATEGORY'`);
  }
}
