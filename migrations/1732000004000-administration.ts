import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * System administration: role types (ordinary / dynamic SQL) and the dynamic role's SQL or procedure,
 * dictionary tables and the full dictionary entry of docs/product/administration.md#dictionaries (with publish status).
 * The permission value `workflow:view-all` becomes `workflow:view_all` (permission values hold letters, digits,
 * underscores and colons only), stored grants included.
 */
export class Administration1732000004000 implements MigrationInterface {
  name = 'Administration1732000004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_role_type (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 50),
        kind text NOT NULL CHECK (kind IN ('ordinary', 'dynamic')),
        remark text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO sys_role_type (name, kind, remark) VALUES ('系统角色', 'ordinary', '')`);
    await q.query(`ALTER TABLE sys_role ADD COLUMN role_type_id uuid REFERENCES sys_role_type(id)`);
    await q.query(`ALTER TABLE sys_role ADD COLUMN sql text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE sys_role ADD COLUMN procedure text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE sys_role ADD COLUMN built_in boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE sys_role SET role_type_id = (SELECT id FROM sys_role_type WHERE name = '系统角色'), built_in = true`);
    await q.query(`UPDATE sys_role_permission SET permission = 'workflow:view_all' WHERE permission = 'workflow:view-all'`);
    await q.query(`UPDATE sys_menu SET permission = 'workflow:view_all' WHERE permission = 'workflow:view-all'`);

    await q.query(`
      CREATE TABLE sys_dict_table (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        table_name text NOT NULL UNIQUE CHECK (table_name ~ '^STD_(GB_|JB_|XB_)?[A-Z][A-Z0-9_]*$'),
        title text NOT NULL,
        remark text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO sys_dict_table (table_name, title) VALUES ('STD_MESSAGE_TYPE', '消息类型')`);
    await q.query(`
      ALTER TABLE sys_dict
        ADD COLUMN parent_code text NOT NULL DEFAULT '',
        ADD COLUMN level integer NOT NULL DEFAULT 1,
        ADD COLUMN sub_name text NOT NULL DEFAULT '',
        ADD COLUMN short_name text NOT NULL DEFAULT '',
        ADD COLUMN tag1 text NOT NULL DEFAULT '', ADD COLUMN note1 text NOT NULL DEFAULT '',
        ADD COLUMN tag2 text NOT NULL DEFAULT '', ADD COLUMN note2 text NOT NULL DEFAULT '',
        ADD COLUMN tag3 text NOT NULL DEFAULT '', ADD COLUMN note3 text NOT NULL DEFAULT '',
        ADD COLUMN tag4 text NOT NULL DEFAULT '', ADD COLUMN note4 text NOT NULL DEFAULT '',
        ADD COLUMN tag5 text NOT NULL DEFAULT '', ADD COLUMN note5 text NOT NULL DEFAULT '',
        ADD COLUMN published boolean NOT NULL DEFAULT false,
        ADD COLUMN source text NOT NULL DEFAULT '',
        ADD COLUMN use_start date,
        ADD COLUMN use_end date,
        ADD COLUMN remark text NOT NULL DEFAULT ''`);
    await q.query(`UPDATE sys_dict SET published = true WHERE dict_type = 'STD_MESSAGE_TYPE'`);
    await q.query(`CREATE UNIQUE INDEX sys_dict_type_name ON sys_dict (dict_type, name)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS sys_dict_type_name`);
    for (const c of ['parent_code', 'level', 'sub_name', 'short_name', 'tag1', 'note1', 'tag2', 'note2', 'tag3', 'note3', 'tag4', 'note4', 'tag5', 'note5', 'published', 'source', 'use_start', 'use_end', 'remark']) {
      await q.query(`ALTER TABLE sys_dict DROP COLUMN IF EXISTS ${c}`);
    }
    await q.query(`DROP TABLE IF EXISTS sys_dict_table`);
    await q.query(`UPDATE sys_role_permission SET permission = 'workflow:view-all' WHERE permission = 'workflow:view_all'`);
    for (const c of ['role_type_id', 'sql', 'procedure', 'built_in']) await q.query(`ALTER TABLE sys_role DROP COLUMN IF EXISTS ${c}`);
    await q.query(`DROP TABLE IF EXISTS sys_role_type`);
  }
}
