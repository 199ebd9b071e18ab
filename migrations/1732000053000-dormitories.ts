import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 宿舍管理 (docs/product/campus-life.md#dormitories, docs/adr/0053-dormitories.md): buildings and rooms (the resource
 * kit's tables; a room's effective beds not above its total), who sleeps in which bed now (`dorm_allocation`: one row
 * an occupied bed — a bed holds one student, a student one bed, both unique), every attach, unassign and removal kept
 * in `dorm_allocation_log` (append-only: a trigger refuses changes), hygiene inspections and night records.
 *
 * A room's effective beds cannot go below the beds taken, nor can a bed above them be taken: the trigger raises
 * `check_violation` named `dorm_room_occupied_beds`, which the kit answers with its message. Pages, menus and grants
 * are registered at start (DORMITORY_PAGES), as 报修管理's are.
 */
export class Dormitories1732000053000 implements MigrationInterface {
  name = 'Dormitories1732000053000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dorm_building (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CONSTRAINT dorm_building_code_key UNIQUE CHECK (code ~ '^[A-Za-z0-9]+$' AND length(code) <= 30),
        name text NOT NULL CONSTRAINT dorm_building_name_key UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 50),
        floors integer NOT NULL CHECK (floors BETWEEN 1 AND 30),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 998),
        remark text NOT NULL DEFAULT '' CHECK (length(remark) <= 200)
      )`);
    await q.query(`
      CREATE TABLE dorm_room (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        building_id uuid NOT NULL CONSTRAINT dorm_room_building_id_fkey REFERENCES dorm_building(id),
        code text NOT NULL CHECK (code ~ '^[A-Za-z0-9]+$' AND length(code) <= 20),
        floor integer NOT NULL CHECK (floor BETWEEN 1 AND 30),
        gender text NOT NULL CHECK (gender IN ('M', 'F')),
        beds_total integer NOT NULL CHECK (beds_total BETWEEN 1 AND 20),
        beds_effective integer NOT NULL CHECK (beds_effective >= 0),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 998),
        remark text NOT NULL DEFAULT '' CHECK (length(remark) <= 200),
        CONSTRAINT dorm_room_code_key UNIQUE (building_id, code),
        CONSTRAINT dorm_room_effective_not_above_total CHECK (beds_effective <= beds_total)
      )`);
    await q.query(`
      CREATE TABLE dorm_allocation (
        student_id uuid PRIMARY KEY REFERENCES student(id) ON DELETE CASCADE,
        room_id uuid NOT NULL CONSTRAINT dorm_allocation_room_id_fkey REFERENCES dorm_room(id),
        bed_no integer NOT NULL CHECK (bed_no >= 1),
        since timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT dorm_allocation_bed_key UNIQUE (room_id, bed_no)
      )`);
    await q.query(`
      CREATE TABLE dorm_allocation_log (
        id bigserial PRIMARY KEY,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        room_id uuid NOT NULL CONSTRAINT dorm_allocation_log_room_id_fkey REFERENCES dorm_room(id),
        bed_no integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('attached', 'unassigned', 'removed')),
        actor_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dorm_allocation_log_room ON dorm_allocation_log (room_id, id)`);
    await q.query(`CREATE INDEX dorm_allocation_log_student ON dorm_allocation_log (student_id, id)`);
    // append-only: the history is what happened (a student's deletion still cascades)
    await q.query(`
      CREATE FUNCTION dorm_allocation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'dorm_allocation_log is append-only' USING ERRCODE = 'restrict_violation';
      END $$`);
    await q.query(`CREATE TRIGGER dorm_allocation_log_no_update BEFORE UPDATE ON dorm_allocation_log FOR EACH ROW EXECUTE FUNCTION dorm_allocation_log_append_only()`);

    // No bed above the effective ones is taken, and a room's effective beds never drop below a taken bed.
    await q.query(`
      CREATE FUNCTION dorm_beds_within_effective() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'dorm_room' THEN
          IF EXISTS (SELECT 1 FROM dorm_allocation a WHERE a.room_id = NEW.id AND a.bed_no > NEW.beds_effective) THEN
            RAISE EXCEPTION 'a taken bed above the effective beds' USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_room_occupied_beds';
          END IF;
        ELSIF NEW.bed_no > (SELECT beds_effective FROM dorm_room WHERE id = NEW.room_id) THEN
          RAISE EXCEPTION 'a bed above the effective beds' USING ERRCODE = 'check_violation', CONSTRAINT = 'dorm_allocation_bed_in_use';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER dorm_room_beds BEFORE UPDATE OF beds_effective ON dorm_room FOR EACH ROW EXECUTE FUNCTION dorm_beds_within_effective()`);
    await q.query(`CREATE TRIGGER dorm_allocation_beds BEFORE INSERT OR UPDATE ON dorm_allocation FOR EACH ROW EXECUTE FUNCTION dorm_beds_within_effective()`);
    await q.query(`CREATE VIEW dorm_room_view AS SELECT r.*, (SELECT count(*)::int FROM dorm_allocation a WHERE a.room_id = r.id) AS occupied FROM dorm_room r`);

    await q.query(`
      CREATE TABLE dorm_inspection (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        room_id uuid NOT NULL CONSTRAINT dorm_inspection_room_id_fkey REFERENCES dorm_room(id),
        inspected_on date NOT NULL,
        score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
        remark text NOT NULL DEFAULT '' CHECK (length(remark) <= 200),
        photos uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(photos) <= 4),
        inspector_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dorm_inspection_on ON dorm_inspection (inspected_on DESC, created_at DESC)`);
    await q.query(`
      CREATE TABLE dorm_night_record (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('late', 'absent')),
        on_date date NOT NULL,
        at_time text CHECK (at_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
        bed text NOT NULL DEFAULT '',
        head_teacher_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        recorder_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kind <> 'late' OR at_time IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX dorm_night_record_on ON dorm_night_record (on_date DESC, created_at DESC)`);
    await q.query(`CREATE INDEX dorm_night_record_student ON dorm_night_record (student_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'dorm_inspection'`);
    await q.query(`DROP TABLE IF EXISTS dorm_night_record`);
    await q.query(`DROP TABLE IF EXISTS dorm_inspection`);
    await q.query(`DROP VIEW IF EXISTS dorm_room_view`);
    await q.query(`DROP TABLE IF EXISTS dorm_allocation_log`);
    await q.query(`DROP TABLE IF EXISTS dorm_allocation`);
    await q.query(`DROP TABLE IF EXISTS dorm_room`);
    await q.query(`DROP TABLE IF EXISTS dorm_building`);
    await q.query(`DROP FUNCTION IF EXISTS dorm_beds_within_effective()`);
    await q.query(`DROP FUNCTION IF EXISTS dorm_allocation_log_append_only()`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'dormitories:%'`);
  }
}
