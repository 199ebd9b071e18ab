import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Make-ups and swaps book the rooms of their lessons (issue 9's review): a classroom loan and a make-up sent at the same
 * moment each passed the other's check and both were held. Now a change writes a `classroom_booking` row for each room
 * and period a lesson it adds holds, in its start's own statement, and the bookings' exclusion constraint
 * (`classroom_booking_no_overlap`, migration 1732000016000) refuses whichever comes second — a loan or a change.
 *
 * A loan had one booking, keyed by its instance; a change has one per room and period, so a booking gets an id of its
 * own and the instance is an index. The changes already held book their rooms here, read in the school's time zone (as
 * the server's `TZ_SCHOOL` gives it; a change overlapping a loan already — which the check before the hold should have
 * prevented — is left to the check it passed).
 */
export class LessonChangeBookings1732000027000 implements MigrationInterface {
  name = 'LessonChangeBookings1732000027000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE classroom_booking DROP CONSTRAINT classroom_booking_pkey`);
    await q.query(`ALTER TABLE classroom_booking ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`);
    await q.query(`ALTER TABLE classroom_booking ADD CONSTRAINT classroom_booking_pkey PRIMARY KEY (id)`);
    await q.query(`CREATE INDEX classroom_booking_instance ON classroom_booking(instance_id)`);
    await q.query(
      `INSERT INTO classroom_booking (instance_id, classroom_id, period, status)
       SELECT c.instance_id, c.classroom_id,
              tstzrange((c.date + p.start_time::time) AT TIME ZONE $1::text, (c.date + p.end_time::time) AT TIME ZONE $1::text, '[)'), c.status
         FROM lesson_change c JOIN lesson_period p ON p.no = c.period
        WHERE c.kind = 'add' AND c.classroom_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [process.env.TZ_SCHOOL || 'Asia/Shanghai'],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // only loans book rooms again: one booking an instance
    await q.query(`DELETE FROM classroom_booking b WHERE EXISTS (SELECT 1 FROM lesson_change c WHERE c.instance_id = b.instance_id)`);
    await q.query(`DROP INDEX classroom_booking_instance`);
    await q.query(`ALTER TABLE classroom_booking DROP CONSTRAINT classroom_booking_pkey`);
    await q.query(`ALTER TABLE classroom_booking DROP COLUMN id`);
    await q.query(`ALTER TABLE classroom_booking ADD CONSTRAINT classroom_booking_pkey PRIMARY KEY (instance_id)`);
  }
}
