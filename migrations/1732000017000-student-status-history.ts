import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A student's status changes (学籍异动), each from the passed request that made it: kind, effective date, status and
 * class before and after. The student record's history (issue 13) reads it.
 */
export class StudentStatusHistory1732000017000 implements MigrationInterface {
  name = 'StudentStatusHistory1732000017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE student_status_change (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id),
        instance_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('transferIn', 'transferOut', 'suspension', 'return')),
        effective_date date NOT NULL,
        from_status text NOT NULL, to_status text NOT NULL,
        from_class_id uuid REFERENCES admin_class(id), to_class_id uuid REFERENCES admin_class(id),
        -- the event that made it: one change per event
        position bigint NOT NULL UNIQUE,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX student_status_change_student ON student_status_change (student_id, changed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE student_status_change`);
  }
}
