import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The engine's timers: when an instance's next system event is due (a classroom loan nobody decided expires at its
 * start). Written by the projection with every transition, from the flow's declaration; the sweeper reads the due
 * ones by this index. A rebuild recomputes it from the events.
 */
export class WorkflowTimers1732000020000 implements MigrationInterface {
  name = 'WorkflowTimers1732000020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wf_instance ADD COLUMN due_at timestamptz`);
    await q.query(`CREATE INDEX wf_instance_due ON wf_instance (due_at) WHERE due_at IS NOT NULL`);
    // The one timer that exists now: classroom loans already waiting expire at their start too (the projection
    // writes due_at from now on; these were written before it existed — a rebuild computes the same).
    await q.query(`UPDATE wf_instance SET due_at = (form->>'start')::timestamptz WHERE flow = 'classroom-loan' AND state = 'officeReview' AND form ? 'start'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX wf_instance_due`);
    await q.query(`ALTER TABLE wf_instance DROP COLUMN due_at`);
  }
}
