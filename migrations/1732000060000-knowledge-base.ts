import type { MigrationInterface, QueryRunner } from 'typeorm';

type Query = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * 知识库 (docs/product/office.md#knowledge-base, docs/adr/0060-knowledge-base.md).
 *
 * - `knowledge_category`: a tree (`parent_id`), names in both languages, and who reads it — everyone, or the roles
 *   (codes) and departments (a department includes those under it) it names — and its named editors (user ids).
 * - `knowledge_article`: the current version of an article — sanitised HTML, its plain text (what snippets are cut
 *   from), its attachments, its version number, and `search`, the tsvector the application builds from bigrams of
 *   Chinese text and whole Latin words (no text-search extension: docs/adr/0060-knowledge-base.md#search) under a GIN
 *   index.
 * - `knowledge_article_version`: every saved version, the current one included, so each save keeps the one before.
 * - `knowledge_categories_of(user, roles, manage)`: the one definition of who reads and who edits what — the categories
 *   a user may read (their own rule and every ancestor's admit them, or they are its named editor) and whether they
 *   edit each (a named editor of it or of a category above it, or a manager). The repository and the file store (an
 *   attachment's download) both ask it.
 *
 * Menu 知识库 (/zskgl) for every role and `knowledge:manage` for administrators: granted here on a school that has
 * roles, and by the demo seed after it made them (`grantKnowledgeMenus`).
 */
export class KnowledgeBase1732000060000 implements MigrationInterface {
  name = 'KnowledgeBase1732000060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE knowledge_category (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        parent_id uuid REFERENCES knowledge_category(id) ON DELETE RESTRICT,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        name_en text NOT NULL DEFAULT '' CHECK (length(name_en) <= 60),
        sort integer NOT NULL DEFAULT 0,
        read_everyone boolean NOT NULL DEFAULT true,
        reader_roles text[] NOT NULL DEFAULT '{}',
        reader_departments uuid[] NOT NULL DEFAULT '{}',
        editor_ids uuid[] NOT NULL DEFAULT '{}',
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (id <> parent_id)
      )`);
    // one name a level: siblings are told apart by name (case-insensitive)
    await q.query(`CREATE UNIQUE INDEX knowledge_category_sibling_name ON knowledge_category (coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(btrim(name)))`);
    await q.query(`CREATE INDEX knowledge_category_parent ON knowledge_category (parent_id)`);
    await q.query(`
      CREATE TABLE knowledge_article (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        category_id uuid NOT NULL REFERENCES knowledge_category(id) ON DELETE RESTRICT,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
        body text NOT NULL,
        body_text text NOT NULL,
        attachments uuid[] NOT NULL DEFAULT '{}',
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        search tsvector NOT NULL,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX knowledge_article_search ON knowledge_article USING gin (search)`);
    await q.query(`CREATE INDEX knowledge_article_category ON knowledge_article (category_id, updated_at DESC)`);
    await q.query(`CREATE INDEX knowledge_article_updated ON knowledge_article (updated_at DESC, id)`);
    await q.query(`
      CREATE TABLE knowledge_article_version (
        article_id uuid NOT NULL REFERENCES knowledge_article(id) ON DELETE CASCADE,
        version integer NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        attachments uuid[] NOT NULL DEFAULT '{}',
        restored_from integer,
        saved_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (article_id, version)
      )`);
    // Who reads and who edits: walked from the roots, a category is seen when its own rule and every ancestor's admit
    // the user (a subcategory narrows, never widens) or when they are named its editor; a seen one is edited by a
    // manager or by a named editor of it or of a category above it (an editor of a parent does not see a subcategory
    // restricted to others). Managers see and edit all. The depths bound the walks (the tree is kept acyclic and at
    // most four deep by the application; these only make a broken row harmless).
    await q.query(`
      CREATE FUNCTION knowledge_categories_of(p_user uuid, p_roles text[], p_manage boolean)
      RETURNS TABLE (category_id uuid, editable boolean)
      LANGUAGE sql STABLE AS $fn$
        WITH RECURSIVE own_departments AS (
          SELECT d.id, d.parent_id, 1 AS depth FROM org_department d JOIN sys_user u ON u.department_id = d.id WHERE u.id = p_user
          UNION ALL
          SELECT d.id, d.parent_id, o.depth + 1 FROM org_department d JOIN own_departments o ON d.id = o.parent_id WHERE o.depth < 32
        ),
        walked AS (
          SELECT c.id,
                 (c.read_everyone OR c.reader_roles && p_roles OR c.reader_departments && ARRAY(SELECT od.id FROM own_departments od)) AS readable,
                 (p_user = ANY (c.editor_ids)) AS editing,
                 (p_user = ANY (c.editor_ids)) AS named,
                 1 AS depth
            FROM knowledge_category c WHERE c.parent_id IS NULL
          UNION ALL
          SELECT c.id,
                 w.readable AND (c.read_everyone OR c.reader_roles && p_roles OR c.reader_departments && ARRAY(SELECT od.id FROM own_departments od)),
                 w.editing OR p_user = ANY (c.editor_ids),
                 p_user = ANY (c.editor_ids),
                 w.depth + 1
            FROM knowledge_category c JOIN walked w ON c.parent_id = w.id WHERE w.depth < 16
        )
        SELECT w.id, p_manage OR w.editing FROM walked w WHERE p_manage OR w.readable OR w.named
      $fn$`);

    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '知识库', 'Knowledge base', '/zskgl', 'menu:knowledge', 'book', 47, '{}'::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/zskgl')`);
    await grantKnowledgeMenus(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'knowledge'`);
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url = '/zskgl')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/zskgl'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('knowledge:manage', 'menu:knowledge')`);
    await q.query(`DROP FUNCTION IF EXISTS knowledge_categories_of(uuid, text[], boolean)`);
    await q.query(`DROP TABLE IF EXISTS knowledge_article_version`);
    await q.query(`DROP TABLE IF EXISTS knowledge_article`);
    await q.query(`DROP TABLE IF EXISTS knowledge_category`);
  }
}

/**
 * 知识库's grants by role code: the menu (and its permission) to every role, `knowledge:manage` to administrators.
 * Run by the migration on a school that has roles, and by the demo seed after it made them. Idempotent.
 */
export async function grantKnowledgeMenus(q: Query): Promise<void> {
  await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/zskgl' ON CONFLICT DO NOTHING`);
  await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, 'menu:knowledge' FROM sys_role r ON CONFLICT DO NOTHING`);
  await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, 'knowledge:manage' FROM sys_role r WHERE r.code = 'admin' ON CONFLICT DO NOTHING`);
}
