import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Public holidays and make-up workdays (法定节假日设置; docs/product/office.md#public-holidays,
 * docs/adr/0048-public-holidays.md): one row per declared date of the school's calendar — a holiday (no lessons, not
 * counted in a leave's days) or a workday holding the lessons of another weekday (调休).
 *
 * The permission and the 系统管理 → 法定节假日设置 menu are the administrators'. On a fresh database the roles do not
 * exist yet: the demo seed makes them with this menu and grant (demo-school.seed.ts), so nothing is made twice.
 */
export class PublicHolidays1732000045000 implements MigrationInterface {
  name = 'PublicHolidays1732000045000';

  async up(q: QueryRunner): Promise<void> {
    // One declaration a date (the unique key is the service's "date used"); a workday names the weekday it takes the
    // lessons of, a holiday none — checked here too, so no writer can store a workday that holds nobody's lessons.
    await q.query(`
      CREATE TABLE calendar_holiday (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        day date NOT NULL CONSTRAINT calendar_holiday_day_key UNIQUE,
        kind text NOT NULL CHECK (kind IN ('holiday', 'workday')),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        replaces_weekday smallint CHECK (replaces_weekday BETWEEN 1 AND 7),
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT calendar_holiday_workday_weekday CHECK ((kind = 'workday') = (replaces_weekday IS NOT NULL))
      )`);

    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'calendar:holidays:edit' FROM sys_role WHERE code = 'admin' ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, '法定节假日设置', 'Public holidays', '/fdjjrsz', 'calendar:holidays:edit', 'calendar times outline', 55, '{}'
        FROM sys_menu p WHERE p.url = '/ms' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/fdjjrsz')`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = 'admin' AND m.url = '/fdjjrsz' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS calendar_holiday`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/fdjjrsz'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'calendar:holidays:edit'`);
  }
}
