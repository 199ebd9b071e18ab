import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 用车预订 (docs/product/office.md#vehicle-booking, docs/adr/0064-duty-rosters.md#vehicle-booking): the school's
 * vehicles (`vehicle`, the `vehicles` resource) and the `vehicle-booking` flow's hold (`vehicle_booking`: a vehicle's
 * time while a request is under review or once approved; an exclusion constraint refuses two overlapping bookings of
 * one vehicle, even two sent at once, as classroom loans). The vehicles' menu is the resource kit's (registered at
 * start); the phone page's (/qt_app/ycyd) and the console list's (/ycyd) are made here for the staff roles.
 */
export class VehicleBooking1732000063500 implements MigrationInterface {
  name = 'VehicleBooking1732000063500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE vehicle (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        plate text NOT NULL CONSTRAINT vehicle_plate_key UNIQUE,
        seats int NOT NULL CHECK (seats BETWEEN 1 AND 60),
        driver text NOT NULL DEFAULT '',
        driver_phone text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        remark text NOT NULL DEFAULT ''
      )`);
    await q.query(`
      CREATE TABLE vehicle_booking (
        id uuid PRIMARY KEY,
        instance_id uuid NOT NULL,
        vehicle_id uuid NOT NULL CONSTRAINT vehicle_booking_vehicle_id_fkey REFERENCES vehicle(id),
        period tstzrange NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed')),
        CONSTRAINT vehicle_booking_no_overlap EXCLUDE USING gist (vehicle_id WITH =, period WITH &&)
      )`);
    await q.query(`CREATE INDEX vehicle_booking_instance ON vehicle_booking (instance_id)`);
    const menus: [string, string, string, string, string, number][] = [
      ['/ycyd', '用车预订', 'Vehicle bookings', 'menu:ycyd', 'car', 49],
      ['/qt_app/ycyd', '用车预订（手机）', 'Book a vehicle (phone)', 'menu:qt_ycyd', 'mobile alternate', 50],
    ];
    for (const [url, name, nameEn, permission, icon, sort] of menus) {
      await q.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
         SELECT NULL, $2, $3, $1, $4, $5, $6, '{}'::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = $1)`,
        [url, name, nameEn, permission, icon, sort],
      );
    }
    await grantVehicleMenus(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url IN ('/ycyd', '/qt_app/ycyd'))`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/ycyd', '/qt_app/ycyd')`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('menu:ycyd', 'menu:qt_ycyd')`);
    await q.query(`DROP TABLE IF EXISTS vehicle_booking`);
    await q.query(`DROP TABLE IF EXISTS vehicle`);
  }
}

const STAFF = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher'];

/** The grants of 用车预订's pages by role code (every teaching and office role books). Idempotent. */
export async function grantVehicleMenus(q: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  for (const url of ['/ycyd', '/qt_app/ycyd']) {
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, STAFF]);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, m.permission FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, STAFF]);
  }
}
