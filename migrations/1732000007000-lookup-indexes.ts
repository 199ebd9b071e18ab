import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for lookups that scanned whole tables (found with EXPLAIN on the leave submission's read): the members of
 * a role (reviewers of a step: office, principal, admin) scanned every user-role row, and a student's guardians (who
 * are told of each decision) scanned every guardian row. Both grow with the school.
 */
export class LookupIndexes1732000007000 implements MigrationInterface {
  name = 'LookupIndexes1732000007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS sys_user_role_role ON sys_user_role (role_id)`);
    await q.query(`CREATE INDEX IF NOT EXISTS guardian_student ON guardian (student_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS guardian_student`);
    await q.query(`DROP INDEX IF EXISTS sys_user_role_role`);
  }
}
