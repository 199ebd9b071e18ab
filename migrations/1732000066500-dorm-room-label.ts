import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dormitory room is named with its building (docs/product/campus-life.md#inspections): rooms are numbered within a
 * building, so a picker of rooms (the hygiene inspection's) listed 101, 101, 102 … without saying where. The read view
 * answers `label` — "building · room" — which the kit's options use as the room's name.
 */
export class DormRoomLabel1732000066500 implements MigrationInterface {
  name = 'DormRoomLabel1732000066500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS dorm_room_view`);
    await q.query(`
      CREATE VIEW dorm_room_view AS
      SELECT r.*, (SELECT count(*)::int FROM dorm_allocation a WHERE a.room_id = r.id) AS occupied,
             (SELECT b.name FROM dorm_building b WHERE b.id = r.building_id) || ' · ' || r.code AS label
        FROM dorm_room r`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS dorm_room_view`);
    await q.query(`CREATE VIEW dorm_room_view AS SELECT r.*, (SELECT count(*)::int FROM dorm_allocation a WHERE a.room_id = r.id) AS occupied FROM dorm_room r`);
  }
}
