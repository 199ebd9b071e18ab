import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 非编教职工 and 作息时间 (docs/product/base-data.md#non-establishment-staff, docs/product/base-data.md#daily-schedule,
 * docs/adr/0065-interface-languages.md).
 *
 * - `staff.employment`: 在编 or one of the four non-establishment kinds, with the contract's dates (required by the API
 *   for non-establishment staff; the end not before the start here too) and the agency of outsourced staff. The read
 *   view `staff_list` answers `non_establishment` beside them (the non-establishment page's filter).
 * - `daily_schedule` and its `daily_schedule_item`s: a season's schedule of the school day, in force from its date (one
 *   schedule a date), and its moments in order (HH:mm, an end after the start, some for boarders only).
 *
 * Their pages (非编教职工维护 /jzggl/fzbjzgwh, 作息时间管理 /zxqgl) and permissions are the resource kit's registration.
 */
export class StaffEmploymentAndDailySchedule1732000064500 implements MigrationInterface {
  name = 'StaffEmploymentAndDailySchedule1732000064500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE staff
        ADD COLUMN employment text NOT NULL DEFAULT 'establishment' CHECK (employment IN ('establishment', 'contract', 'temporary', 'outsourced', 'rehired')),
        ADD COLUMN contract_start date,
        ADD COLUMN contract_end date,
        ADD COLUMN agency text NOT NULL DEFAULT '',
        ADD CONSTRAINT staff_contract_end_after_start CHECK (contract_end IS NULL OR contract_start IS NULL OR contract_end >= contract_start)`);
    await q.query(`CREATE INDEX staff_contract_end ON staff (contract_end) WHERE employment <> 'establishment'`);
    await q.query(`DROP VIEW staff_list`);
    await q.query(`
      CREATE VIEW staff_list AS
        SELECT s.*, u.account, u.enabled,
               coalesce((SELECT array_agg(r.code ORDER BY r.sort) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id), '{}') AS roles,
               s.employment <> 'establishment' AS non_establishment
          FROM staff s JOIN sys_user u ON u.id = s.user_id`);

    await q.query(`
      CREATE TABLE daily_schedule (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT daily_schedule_name_key UNIQUE,
        season text NOT NULL DEFAULT 'summer' CHECK (season IN ('summer', 'winter')),
        effective_from date NOT NULL CONSTRAINT daily_schedule_effective_key UNIQUE,
        enabled boolean NOT NULL DEFAULT true,
        remark text NOT NULL DEFAULT ''
      )`);
    await q.query(`
      CREATE TABLE daily_schedule_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        schedule_id uuid NOT NULL REFERENCES daily_schedule(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        kind text NOT NULL DEFAULT 'other',
        name text NOT NULL,
        start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        end_time text NOT NULL DEFAULT '' CHECK (end_time = '' OR end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        boarders_only boolean NOT NULL DEFAULT false,
        CONSTRAINT daily_schedule_item_end_after_start CHECK (end_time = '' OR end_time > start_time)
      )`);
    await q.query(`CREATE INDEX daily_schedule_item_schedule ON daily_schedule_item (schedule_id, position)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS daily_schedule_item`);
    await q.query(`DROP TABLE IF EXISTS daily_schedule`);
    await q.query(`DROP VIEW staff_list`);
    await q.query(`ALTER TABLE staff DROP CONSTRAINT staff_contract_end_after_start, DROP COLUMN employment, DROP COLUMN contract_start, DROP COLUMN contract_end, DROP COLUMN agency`);
    await q.query(`
      CREATE VIEW staff_list AS
        SELECT s.*, u.account, u.enabled,
               coalesce((SELECT array_agg(r.code ORDER BY r.sort) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id), '{}') AS roles
          FROM staff s JOIN sys_user u ON u.id = s.user_id`);
  }
}
