import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events a subscription gave up on (docs/adr/0027): a handler that kept failing with an error that is not transient on
 * one event parks it here — with its place, its stream, its last error and how often it failed — in the transaction
 * that moves the checkpoint past it, so the events after it flow on; an administrator replays it from the server
 * monitor. One way for every subscription: the effects subscription's own record of effects the database refused
 * (`wf_effect_failed`, migration 1732000021000) is carried over and dropped. Those effects had their position recorded
 * in `wf_effect_applied` before they failed; it is taken out, or a replay would take them for applied.
 */
export class ParkedEvents1732000028000 implements MigrationInterface {
  name = 'ParkedEvents1732000028000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscription_parked_events (
        subscription text NOT NULL,
        position bigint NOT NULL,
        transaction_id xid8 NOT NULL,
        stream_id text NOT NULL,
        stream_type text NOT NULL,
        event_type text NOT NULL,
        error_code text NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL CHECK (attempts > 0),
        first_failed_at timestamptz NOT NULL DEFAULT now(),
        last_failed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription, position)
      )`);
    await q.query(`
      INSERT INTO subscription_parked_events
        (subscription, position, transaction_id, stream_id, stream_type, event_type, error_code, error, attempts, first_failed_at, last_failed_at)
      SELECT 'workflow-effects', f.position, e.transaction_id, e.stream_id, e.stream_type, f.event_type, f.error_code, left(f.error, 500), 1, f.failed_at, f.failed_at
        FROM wf_effect_failed f JOIN events e ON e.position = f.position
      ON CONFLICT DO NOTHING`);
    await q.query(`DELETE FROM wf_effect_applied a USING wf_effect_failed f WHERE a.position = f.position`);
    await q.query(`DROP TABLE wf_effect_failed`);
  }

  async down(q: QueryRunner): Promise<void> {
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
    // the effects' parked events back as they were recorded (applied, for the old subscription to skip them)
    await q.query(`
      INSERT INTO wf_effect_failed (position, flow, instance_id, event_type, error_code, error, failed_at)
      SELECT position, stream_type, substr(stream_id, length(stream_type) + 2)::uuid, event_type, error_code, error, last_failed_at
        FROM subscription_parked_events WHERE subscription = 'workflow-effects'`);
    await q.query(`INSERT INTO wf_effect_applied (position) SELECT position FROM wf_effect_failed ON CONFLICT DO NOTHING`);
    await q.query(`DROP TABLE subscription_parked_events`);
  }
}
