import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A classroom's bookings (教室借用): one row per loan while it is pending or passed, written in the same statement as
 * the loan's start event. Two bookings of one classroom cannot overlap — the database says so (an exclusion
 * constraint, btree_gist for the classroom's equality), so two requests sent at the same moment cannot both win.
 * A loan that ends rejected or withdrawn frees its time (the flow's effect deletes the row).
 */
export class ClassroomBooking1732000016000 implements MigrationInterface {
  name = 'ClassroomBooking1732000016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE classroom_booking (
        instance_id uuid PRIMARY KEY,
        classroom_id uuid NOT NULL REFERENCES classroom(id),
        period tstzrange NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed')),
        CONSTRAINT classroom_booking_no_overlap EXCLUDE USING gist (classroom_id WITH =, period WITH &&)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE classroom_booking`);
  }
}
