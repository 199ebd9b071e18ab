import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events whose effects were applied (docs/adr/0019): the effects subscription records each position in the
 * transaction that applies it, so a replay from an older checkpoint applies nothing twice.
 */
export class FlowEffects1732000014000 implements MigrationInterface {
  name = 'FlowEffects1732000014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_effect_applied (position bigint PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wf_effect_applied`);
  }
}
