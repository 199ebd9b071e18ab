import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom pages (自定义页面; docs/product/office.md#custom-pages, docs/adr/0056-custom-pages.md): one row a page with its
 * current layout JSON (cards on a 12-column grid, checked by the contract's schema) and a version number that every
 * save moves on; the layouts a save replaced, one row each, the last ten kept so an editor can revert. A picture card's
 * file is linked (`sys_file_link`, ref_type `custom-page`) so the files' sweep keeps it.
 *
 * The permission `pages:manage` and the group 自定义页面 with its three pages (页面管理 shown; the designer and the
 * preview hidden, opened from it) go to administrators of a school that exists; on a fresh database the demo seed
 * makes them (demo-school.seed.ts), with its demo page and the menu that carries it.
 */
export class CustomPages1732000056000 implements MigrationInterface {
  name = 'CustomPages1732000056000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE custom_page (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        layout jsonb NOT NULL DEFAULT '{"cards":[]}'::jsonb,
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        published boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE custom_page_version (
        page_id uuid NOT NULL REFERENCES custom_page(id) ON DELETE CASCADE,
        version integer NOT NULL,
        layout jsonb NOT NULL,
        saved_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (page_id, version)
      )`);
    // the menus that carry a page are found by their remark's parameter
    await q.query(`CREATE INDEX sys_menu_custom_param ON sys_menu ((remark->>'zdycs')) WHERE remark->>'sfzdy' IN ('1', 'true')`);

    // An existing school: its administrators get the permission and the pages (a fresh one gets them from the demo seed).
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'pages:manage' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '自定义页面', 'Custom pages', '/customPages', 'menu:custom_pages', 'object group outline', 95, '{}'
       WHERE EXISTS (SELECT 1 FROM sys_role WHERE code = 'admin') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/customPages')`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT g.id, v.name, v.name_en, v.url, 'pages:manage', v.icon, v.sort, v.remark::jsonb
        FROM sys_menu g, (VALUES ('页面管理', 'Pages', '/customPages/pageMangger', 'clone outline', 1, '{}'),
                                 ('页面设计', 'Page designer', '/customPages/drag_layout', 'th', 2, '{"hidden":true,"noCache":true}'),
                                 ('页面预览', 'Page preview', '/customPages/page_view', 'eye', 3, '{"hidden":true,"noCache":true}')) AS v(name, name_en, url, icon, sort, remark)
       WHERE g.url = '/customPages' AND NOT EXISTS (SELECT 1 FROM sys_menu m WHERE m.url = v.url AND coalesce(m.remark->>'sfzdy', '0') NOT IN ('1', 'true'))`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.code = 'admin' AND m.url IN ('/customPages', '/customPages/pageMangger', '/customPages/drag_layout', '/customPages/page_view') AND coalesce(m.remark->>'sfzdy', '0') NOT IN ('1', 'true')
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'custom-page'`);
    await q.query(`DROP TABLE IF EXISTS custom_page_version`);
    await q.query(`DROP TABLE IF EXISTS custom_page`);
    await q.query(`DROP INDEX IF EXISTS sys_menu_custom_param`);
    await q.query(`DELETE FROM sys_menu WHERE url LIKE '/customPages%'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('pages:manage', 'menu:custom_pages')`);
  }
}
