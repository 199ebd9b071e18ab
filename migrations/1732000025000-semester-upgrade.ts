import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 学期升级 (issue 11, docs/adr/0025): one row per upgrade, written in its start's own statement — a partial unique index
 * lets one upgrade at a time be pending or running, so two administrators starting at the same moment cannot both
 * win — and one row per class the job handles, keyed by (upgrade, class): the step is marked done in the same
 * transaction as the class's change, so a resumed job (a crash, a kill, a restart of any instance) handles every class
 * exactly once. No foreign keys to the base data: an upgrade's record outlives a semester or a class deleted later.
 */
export class SemesterUpgrade1732000025000 implements MigrationInterface {
  name = 'SemesterUpgrade1732000025000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE semester_upgrade (
        instance_id uuid PRIMARY KEY,
        from_semester_id uuid,
        to_semester_id uuid NOT NULL,
        new_school_year boolean NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'completed', 'withdrawn')),
        job_id uuid REFERENCES sys_job(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX semester_upgrade_one_at_a_time ON semester_upgrade ((true)) WHERE state IN ('pending', 'running')`);
    await q.query(`
      CREATE TABLE semester_upgrade_step (
        instance_id uuid NOT NULL REFERENCES semester_upgrade(instance_id),
        class_id uuid NOT NULL,
        grade_before integer NOT NULL,
        -- null: the class left school (its students graduated)
        grade_after integer,
        graduated integer NOT NULL DEFAULT 0,
        done_at timestamptz,
        PRIMARY KEY (instance_id, class_id)
      )`);
    await q.query(`CREATE INDEX semester_upgrade_step_pending ON semester_upgrade_step (instance_id) WHERE done_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE semester_upgrade_step`);
    await q.query(`DROP TABLE semester_upgrade`);
  }
}
