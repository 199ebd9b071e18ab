import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Boarding or day student, and from when (走读申请's effect; the student record's full fields come with issue 13). */
export class StudentBoarding1732000015000 implements MigrationInterface {
  name = 'StudentBoarding1732000015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE student ADD COLUMN boarding text NOT NULL DEFAULT 'boarding' CHECK (boarding IN ('boarding', 'day')), ADD COLUMN boarding_from date`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE student DROP COLUMN boarding_from, DROP COLUMN boarding`);
  }
}
