import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 界面语言 (docs/product/administration.md#interface-languages, docs/adr/0065-interface-languages.md).
 *
 * - `ui_string_override`: an administrator's words for one shipped interface string — a language, a namespace of the
 *   locale bundles and a dotted key — merged over the shipped bundles by the browser after sign-in and by the
 *   server's translator. Keys are not checked here (the bundles are code): the API accepts only shipped keys, and a
 *   key the code no longer ships falls back (the override is ignored).
 * - `schoolflow_ui_strings`: every change (any statement: a save, a reset, an import, SQL by hand) is announced once,
 *   so every instance reloads its cached overrides at once (docs/adr/0010's channel-per-concern pattern).
 *
 * Menu 界面语言 (/internationalLanguage) under 系统管理 with `i18n:manage` for administrators: added here on a school that
 * has them; the demo seed lists it with the other 系统管理 menus.
 */
export class InterfaceLanguages1732000064000 implements MigrationInterface {
  name = 'InterfaceLanguages1732000064000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ui_string_override (
        lang text NOT NULL CHECK (lang IN ('zh', 'en')),
        namespace text NOT NULL CHECK (namespace ~ '^[a-z][a-z-]{0,39}$'),
        key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
        value text NOT NULL CHECK (length(value) BETWEEN 1 AND 2000),
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (lang, namespace, key)
      )`);
    await q.query(`
      CREATE FUNCTION schoolflow_ui_strings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('schoolflow_ui_strings', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER ui_string_override_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ui_string_override
      FOR EACH STATEMENT EXECUTE FUNCTION schoolflow_ui_strings_notify()`);

    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'i18n:manage' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, '界面语言', 'Interface languages', '/internationalLanguage', 'i18n:manage', 'language', 57, '{}'
        FROM sys_menu p WHERE p.url = '/ms' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/internationalLanguage')`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = 'admin' AND m.url = '/internationalLanguage' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url = '/internationalLanguage')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/internationalLanguage'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'i18n:manage'`);
    await q.query(`DROP TABLE IF EXISTS ui_string_override`);
    await q.query(`DROP FUNCTION IF EXISTS schoolflow_ui_strings_notify()`);
  }
}
