import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Effects that failed for good (a constraint or a value the database refuses, the same on every retry): recorded
 * here and skipped, so one bad event cannot hold back every effect after it. A connection lost or a deadlock is not
 * recorded: the batch is retried as before.
 */
export class EffectFailures1732000021000 implements MigrationInterface {
  name = 'EffectFailures1732000021000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wf_effect_failed (
        position bigint PRIMARY KEY,
        flow text NOT NULL,
        instance_id uuid NOT NULL,
        event_type text NOT NULL,
        error_code text NOT NULL,
        error text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wf_effect_failed`);
  }
}
