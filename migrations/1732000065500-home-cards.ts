import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 首页卡片管理 (docs/product/administration.md#home-cards, docs/adr/0066-pictures-and-home-cards.md#home-cards): a
 * role's own layout of the home page's cards — one row a card, its place and whether it shows. A role without rows
 * has the defaults of the contracts (`defaultHomeCards`); restoring the defaults deletes the role's rows.
 *
 * Menu 首页卡片管理 (/ms/homeCards) under 系统管理 and `home_cards:manage` for administrators: added here to a school
 * that has them; on a fresh database the demo seed makes both.
 */
export class HomeCards1732000065500 implements MigrationInterface {
  name = 'HomeCards1732000065500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE home_card (
        role_code text NOT NULL,
        card text NOT NULL CHECK (card ~ '^[a-zA-Z]{1,30}$'),
        position integer NOT NULL CHECK (position BETWEEN 0 AND 99),
        enabled boolean NOT NULL,
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (role_code, card)
      )`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, '首页卡片管理', 'Home page cards', '/ms/homeCards', 'home_cards:manage', 'th large', 55, '{}'
        FROM sys_menu p WHERE p.url = '/ms' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/ms/homeCards')`);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'home_cards:manage' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/ms/homeCards' AND r.code = 'admin' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS home_card`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/ms/homeCards'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'home_cards:manage'`);
  }
}
